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

/** SMP Gets (and Sets) through a {@link MadTransport}, directed-route or LID-routed, with libibmad's retries. */
final class TransportGetter implements SmpGetter {

    /** Beyond the transport's own time-outs: only a transport that lost the request would need it. */
    private static final Duration GRACE = Duration.ofSeconds(5);

    private final MadTransport transport;
    private final Destination destination;
    private final Duration timeout;
    private final long mKey;

    TransportGetter(MadTransport transport, Destination destination, Duration timeout) {
        this(transport, destination, timeout, 0);
    }

    /** @param mKey the M_Key every SMP carries ({@code -y}): a protected port answers only with its own */
    TransportGetter(MadTransport transport, Destination destination, Duration timeout, long mKey) {
        this.transport = transport;
        this.destination = destination;
        this.timeout = timeout;
        this.mKey = mKey;
    }

    @Override
    public byte[] get(int attributeId, int modifier) throws QueryException {
        return send(Method.GET, attributeId, modifier, new byte[0]);
    }

    /** A Set of the attribute with these bytes; the answer as {@link #get}'s. */
    byte[] set(int attributeId, int modifier, byte[] data) throws QueryException {
        return send(Method.SET, attributeId, modifier, data);
    }

    /** @return an {@link SmaClient} over a transport, each destination waiting this long for each attempt */
    static SmaClient client(MadTransport transport, Duration timeout) {
        return client(transport, timeout, 0);
    }

    /** @return an {@link SmaClient} whose SMPs carry this M_Key */
    static SmaClient client(MadTransport transport, Duration timeout, long mKey) {
        return new SmaClient() {
            @Override
            public byte[] get(Destination to, int attributeId, int modifier) throws QueryException {
                return new TransportGetter(transport, to, timeout, mKey).get(attributeId, modifier);
            }

            @Override
            public byte[] set(Destination to, int attributeId, int modifier, byte[] data) throws QueryException {
                return new TransportGetter(transport, to, timeout, mKey).set(attributeId, modifier, data);
            }
        };
    }

    private byte[] send(int method, int attributeId, int modifier, byte[] data) throws QueryException {
        Smp smp = destination.isDirected()
                ? Smp.directedRoute(method, 0, attributeId, modifier, mKey, destination.outPorts(), data)
                : Smp.lidRouted(method, 0, attributeId, modifier, mKey, data);
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
