package org.infiniscope.diag.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.diag.counters.CounterQueryException;
import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfCounter;
import org.infiniscope.mad.perf.PerfCounterCodec;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/** PerfMgt Gets and Sets to a LID's PMA (QP1), through a transport, with libibmad's retries. */
final class PmaReader implements PortCounterReader {

    /** Beyond the transport's own time-outs: only a transport that lost the request would need it. */
    private static final Duration GRACE = Duration.ofSeconds(5);

    private final MadTransport transport;
    private final Duration timeout;

    PmaReader(MadTransport transport, Duration timeout) {
        this.transport = transport;
        this.timeout = timeout;
    }

    @Override
    public ClassPortInfo classPortInfo(int lid, int port) throws CounterQueryException {
        byte[] answer = exchange(lid, PerfMgtMad.getClassPortInfo(0), "ClassPortInfo");
        return decode(lid, answer, ClassPortInfo.CODEC).value();
    }

    @Override
    public PerfCounters<PortCounter> portCounters(int lid, int port) throws CounterQueryException {
        return counters(lid, PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 0, port), PerfAttributes.PORT_COUNTERS);
    }

    @Override
    public PerfCounters<ExtendedPortCounter> portCountersExtended(int lid, int port, ExtendedCounterVariant variant)
            throws CounterQueryException {
        return counters(lid, PerfMgtMad.get(variant.codec(), 0, port), variant.codec());
    }

    @Override
    public <C extends Enum<C> & PerfCounter> PerfCounters<C> extendedSpeedsCounters(int lid, int port,
            PerfCounterCodec<C> codec) throws CounterQueryException {
        return counters(lid, PerfMgtMad.get(codec, 0, port), codec);
    }

    @Override
    public void resetExtendedSpeedsCounters(int lid, int port, long select) throws CounterQueryException {
        reset(lid, port, select, PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS);
    }

    @Override
    public void resetPortCounters(int lid, int port, long select) throws CounterQueryException {
        reset(lid, port, select, PerfAttributes.PORT_COUNTERS);
    }

    @Override
    public void resetPortCountersExtended(int lid, int port, long select) throws CounterQueryException {
        // the Set carries no counter values: the smallest layout encodes PortSelect and both select masks
        reset(lid, port, select, ExtendedCounterVariant.NO_IETF.codec());
    }

    private <C extends Enum<C> & PerfCounter> void reset(int lid, int port, long select, PerfCounterCodec<C> codec)
            throws CounterQueryException {
        PerfCounters<C> request = PerfCounters.builder(codec.type()).portSelect(port).counterSelect(select).build();
        byte[] mad = PerfMgtMad.encode(PerfMgtMad.header(Method.SET, 0, codec.attributeId()), codec, request);
        exchange(lid, mad, codec.name() + " reset");
    }

    private <C extends Enum<C> & PerfCounter> PerfCounters<C> counters(int lid, byte[] request,
            PerfCounterCodec<C> codec) throws CounterQueryException {
        return decode(lid, exchange(lid, request, codec.name()), codec).value();
    }

    private static <T> PerfMgtMad.Decoded<T> decode(int lid, byte[] answer, AttributeCodec<T> codec)
            throws CounterQueryException {
        try {
            return PerfMgtMad.decode(answer, codec);
        } catch (MadFormatException e) {
            throw new CounterQueryException("malformed answer from Lid " + lid + ": " + e.getMessage());
        }
    }

    /** @return the answer, a GetResp with status 0 */
    private byte[] exchange(int lid, byte[] mad, String what) throws CounterQueryException {
        MadRequest request = new MadRequest(mad, MadAddress.gsi(lid), timeout, MadRequest.DEFAULT_RETRIES);
        long bound = timeout.multipliedBy(MadRequest.DEFAULT_RETRIES + 1L).plus(GRACE).toMillis();
        MadResponse response;
        try {
            response = transport.send(request).get(bound, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof MadTimeoutException t) {
                throw new CounterQueryException(what + ": no answer from Lid " + lid + " after " + t.attempts()
                        + " attempts of " + timeout.toMillis() + " ms");
            }
            throw new CounterQueryException(what + ": "
                    + (cause instanceof IOException ? "could not send: " + cause.getMessage() : String.valueOf(cause)));
        } catch (TimeoutException e) {
            throw new CounterQueryException(what + ": no answer from Lid " + lid + " within " + bound + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CounterQueryException(what + ": interrupted");
        }
        byte[] answer = response.mad();
        try {
            MadHeader header = MadHeader.decode(answer, 0);
            if (header.method() != Method.GET_RESP || header.status() != 0) {
                throw new CounterQueryException(what + ": Lid " + lid + " answered with status 0x"
                        + Integer.toHexString(header.status()) + " (" + MadStatus.describe(header.status()) + ")",
                        header.status());
            }
        } catch (MadFormatException e) {
            throw new CounterQueryException(what + ": malformed answer from Lid " + lid + ": " + e.getMessage());
        }
        return answer;
    }
}
