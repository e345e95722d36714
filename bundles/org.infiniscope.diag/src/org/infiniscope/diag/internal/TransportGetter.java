package org.infiniscope.diag.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;

/** SMP Gets through a {@link MadTransport}, directed-route or LID-routed, with libibmad's retries. */
final class TransportGetter implements SmpGetter {

    /** Beyond the transport's own time-outs: only a transport that lost the request would need it. */
    private static final Duration GRACE = Duration.ofSeconds(5);

    private final MadTransport transport;
    private final Destination destination;
    private final Duration timeout;

    TransportGetter(MadTransport transport, Destination destination, Duration timeout) {
        this.transport = transport;
        this.destination = destination;
        this.timeout = timeout;
    }

    @Override
    public byte[] get(int attributeId, int modifier) throws QueryException {
        Smp smp = destination.isDirected()
                ? Smp.directedRoute(Method.GET, 0, attributeId, modifier, 0, destination.outPorts(), new byte[0])
                : Smp.lidRouted(Method.GET, 0, attributeId, modifier, 0, new byte[0]);
        MadAddress address = destination.isDirected() ? MadAddress.directedRoute() : MadAddress.smi(destination.lid());
        MadRequest request = new MadRequest(smp.encode(), address, timeout, MadRequest.DEFAULT_RETRIES);
        long bound = timeout.multipliedBy(MadRequest.DEFAULT_RETRIES + 1L).plus(GRACE).toMillis();
        MadResponse response;
        try {
            response = transport.send(request).get(bound, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof MadTimeoutException t) {
                throw new QueryException("no answer from " + destination.describe() + " after " + t.attempts()
                        + " attempts of " + timeout.toMillis() + " ms");
            }
            throw new QueryException(
                    cause instanceof IOException ? "could not send: " + cause.getMessage() : String.valueOf(cause));
        } catch (TimeoutException e) {
            throw new QueryException("no answer from " + destination.describe() + " within " + bound + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryException("interrupted");
        }
        byte[] mad = response.mad();
        try {
            MadHeader header = Smp.validate(mad);
            int status = header.status() & ~MadStatus.DIRECTION;
            if (header.method() != Method.GET_RESP || status != 0) {
                throw new QueryException("the answer has status 0x" + Integer.toHexString(header.status()) + " ("
                        + MadStatus.describe(header.status()) + ")");
            }
        } catch (MadFormatException e) {
            throw new QueryException("malformed answer: " + e.getMessage());
        }
        return mad;
    }
}
