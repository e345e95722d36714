package org.infiniscope.mad.transport;

import java.io.IOException;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;

/**
 * Two in-memory channels wired to each other, for the transport's unit tests: what one sends, the other
 * receives, unless the drop filter says the datagram is lost.
 */
final class LoopbackChannel implements MadChannel {

    private final int lid;
    private final Set<Integer> registered = ConcurrentHashMap.newKeySet();
    private final AtomicInteger sent = new AtomicInteger();
    private volatile LoopbackChannel peer;
    private volatile Receiver receiver;
    private volatile BiPredicate<byte[], Integer> drop = (mad, n) -> false;
    private volatile boolean closed;

    private LoopbackChannel(int lid) {
        this.lid = lid;
    }

    /** @return two connected channels with LIDs 1 and 2 */
    static LoopbackChannel[] pair() {
        LoopbackChannel a = new LoopbackChannel(1);
        LoopbackChannel b = new LoopbackChannel(2);
        a.peer = b;
        b.peer = a;
        return new LoopbackChannel[]{a, b};
    }

    /** Loses the datagrams this channel sends for which the filter (MAD, send count from 1) holds. */
    void dropWhen(BiPredicate<byte[], Integer> filter) {
        this.drop = filter;
    }

    int sentCount() {
        return sent.get();
    }

    boolean isRegistered(int mgmtClass, int classVersion) {
        return registered.contains((mgmtClass << 8) | classVersion);
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public LocalPort localPort() {
        return new LocalPort("loop" + lid, 1, lid, 0, 1, 0x1000L + lid);
    }

    @Override
    public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods) {
        registered.add((mgmtClass << 8) | classVersion);
    }

    @Override
    public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
        if (closed) {
            throw new IOException("loopback channel closed");
        }
        int count = sent.incrementAndGet();
        byte[] copy = Arrays.copyOf(mad, length);
        if (drop.test(copy, count)) {
            return;
        }
        Receiver target = peer.receiver;
        if (target != null && !peer.closed) {
            target.received(copy, length, MadAddress.gsi(lid));
        }
    }

    @Override
    public void start(Receiver r) {
        this.receiver = r;
    }

    @Override
    public void close() {
        closed = true;
    }
}
