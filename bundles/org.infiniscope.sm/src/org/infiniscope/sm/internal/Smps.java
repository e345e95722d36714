package org.infiniscope.sm.internal;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * Directed-route SMP Gets and Sets from the SM's port, each a future, as many in flight as the transport's window
 * lets through. Every SMP carries the configured M_Key; answers with a bad status fail their future.
 */
final class Smps {

    private final MadTransport transport;
    private final long mKey;
    private final Duration timeout;
    private final int retries;
    private final AtomicLong sent = new AtomicLong();

    Smps(MadTransport transport, long mKey, Duration timeout, int retries) {
        this.transport = transport;
        this.mKey = mKey;
        this.timeout = timeout;
        this.retries = retries;
    }

    /** @return the SMPs sent so far (one per request; the transport's retries are counted by its statistics) */
    long sent() {
        return sent.get();
    }

    MadTransport transport() {
        return transport;
    }

    /** Gets an attribute of the node at the end of {@code route}. */
    <T> CompletableFuture<T> get(int[] route, AttributeCodec<T> codec, int modifier) {
        return send(route, Method.GET, codec, modifier, new byte[Smp.DATA_LENGTH]);
    }

    /** Gets an attribute with one attempt only: a probe whose silence is an answer (an SM port that has none). */
    <T> CompletableFuture<T> probe(int[] route, AttributeCodec<T> codec, int modifier) {
        byte[] mad = Smp
                .directedRoute(Method.GET, 0, codec.attributeId(), modifier, mKey, route, new byte[Smp.DATA_LENGTH])
                .encode();
        sent.incrementAndGet();
        return transport.send(new MadRequest(mad, MadAddress.directedRoute(), timeout, 0)).thenApply(r -> {
            try {
                return Smp.decodeAttribute(r.mad(), codec);
            } catch (MadFormatException e) {
                throw new CompletionException(new SmpException(e.getMessage()));
            }
        });
    }

    /** Sets an attribute of the node at the end of {@code route}; completes with the value the node answered. */
    <T> CompletableFuture<T> set(int[] route, AttributeCodec<T> codec, int modifier, T value) {
        byte[] data = new byte[Smp.DATA_LENGTH];
        codec.encode(value, data, 0);
        return send(route, Method.SET, codec, modifier, data);
    }

    /** Sets raw attribute bytes (tables); completes with the answer's data. */
    CompletableFuture<byte[]> setRaw(int[] route, int attributeId, int modifier, byte[] data) {
        return sendRaw(route, Method.SET, attributeId, modifier, data).thenApply(Smps::data);
    }

    /** Gets raw attribute bytes (tables). */
    CompletableFuture<byte[]> getRaw(int[] route, int attributeId, int modifier) {
        return sendRaw(route, Method.GET, attributeId, modifier, new byte[Smp.DATA_LENGTH]).thenApply(Smps::data);
    }

    private <T> CompletableFuture<T> send(int[] route, int method, AttributeCodec<T> codec, int modifier, byte[] data) {
        return sendRaw(route, method, codec.attributeId(), modifier, data).thenApply(answer -> {
            try {
                return Smp.decodeAttribute(answer, codec);
            } catch (MadFormatException e) {
                throw new CompletionException(
                        new SmpException("malformed answer (attribute 0x" + Integer.toHexString(codec.attributeId())
                                + ") from " + describe(route) + ": " + e.getMessage()));
            }
        });
    }

    private CompletableFuture<byte[]> sendRaw(int[] route, int method, int attributeId, int modifier, byte[] data) {
        byte[] mad = Smp.directedRoute(method, 0, attributeId, modifier, mKey, route, data).encode();
        sent.incrementAndGet();
        return transport.send(new MadRequest(mad, MadAddress.directedRoute(), timeout, retries)).thenApply(r -> {
            byte[] answer = r.mad();
            int status = Bits.u16(answer, 4) & ~MadStatus.DIRECTION;
            if (status != MadStatus.OK) {
                throw new CompletionException(
                        new SmpException(String.format("%s of attribute 0x%04x/%d at %s: status 0x%04x",
                                method == Method.SET ? "Set" : "Get", attributeId, modifier, describe(route), status)));
            }
            return answer;
        });
    }

    private static byte[] data(byte[] answer) {
        return java.util.Arrays.copyOfRange(answer, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_LENGTH);
    }

    /** @return the route as OpenSM and the diags write it: {@code 0,1,3} */
    static String describe(int[] route) {
        StringBuilder b = new StringBuilder("DR 0");
        for (int p : route) {
            b.append(',').append(p);
        }
        return b.toString();
    }

    /** @return the routes as arrays */
    static int[] route(List<Integer> route) {
        return route.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Waits for a future.
     *
     * @return its value
     * @throws SmpException when it failed (time-out, bad status, malformed answer)
     */
    static <T> T await(CompletableFuture<T> future) throws SmpException, InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw SmpException.of(e.getCause());
        }
    }

    /** A failed SMP: time-out, error status or malformed answer. */
    static final class SmpException extends Exception {

        private static final long serialVersionUID = 1L;

        SmpException(String message) {
            super(message);
        }

        static SmpException of(Throwable cause) {
            Throwable c = cause instanceof CompletionException && cause.getCause() != null ? cause.getCause() : cause;
            if (c instanceof SmpException e) {
                return e;
            }
            SmpException e = new SmpException(c.getMessage() != null ? c.getMessage() : c.toString());
            e.initCause(c);
            return e;
        }
    }
}
