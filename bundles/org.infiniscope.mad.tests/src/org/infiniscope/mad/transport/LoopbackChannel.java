package org.infiniscope.mad.transport;

import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;

/**
 * Two in-memory channels wired to each other, for the transport's unit tests: what one sends, the other
 * receives, unless the drop filter says the datagram is lost. By default the peer receives on the sender's
 * thread; an impaired channel ({@link #impair}) delivers on a thread of its own, as a real port does, and
 * loses, repeats and reorders datagrams with a seeded random source.
 */
final class LoopbackChannel implements MadChannel {

    private final int lid;
    private final Set<Integer> registered = ConcurrentHashMap.newKeySet();
    private final AtomicInteger sent = new AtomicInteger();
    private volatile LoopbackChannel peer;
    private volatile Receiver receiver;
    private volatile BiPredicate<byte[], Integer> drop = (mad, n) -> false;
    private volatile boolean closed;
    private volatile boolean rmppInKernel;
    private volatile int largestSent;
    private Impairment impairment;

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

    /**
     * From now on delivers what this channel sends on a thread of its own, losing, repeating and holding
     * back (behind the next datagram) each datagram with the given probabilities.
     */
    synchronized void impair(long seed, double loss, double duplicate, double reorder) {
        impairment = new Impairment(new Random(seed), loss, duplicate, reorder,
                Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name("loopback-" + lid).factory()));
    }

    /** Makes the channel claim, like a umad channel registered with RMPP, that its kernel runs RMPP. */
    void rmppInKernel(boolean value) {
        this.rmppInKernel = value;
    }

    @Override
    public boolean rmppInKernel(int mgmtClass) {
        return rmppInKernel;
    }

    int sentCount() {
        return sent.get();
    }

    /** @return the length of the longest datagram sent */
    int largestSent() {
        return largestSent;
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
        largestSent = Math.max(largestSent, length);
        byte[] copy = Arrays.copyOf(mad, length);
        if (drop.test(copy, count)) {
            return;
        }
        Impairment impaired;
        synchronized (this) {
            impaired = impairment;
        }
        if (impaired != null) {
            impaired.pass(copy, this::deliver);
        } else {
            deliver(copy);
        }
    }

    private void deliver(byte[] mad) {
        Receiver target = peer.receiver;
        if (target != null && !peer.closed) {
            target.received(mad, mad.length, MadAddress.gsi(lid));
        }
    }

    @Override
    public void start(Receiver r) {
        this.receiver = r;
    }

    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            if (impairment != null) {
                impairment.thread.shutdownNow();
            }
        }
    }

    /** The seeded faults of one direction and the thread that delivers in it. */
    private record Impairment(Random random, double loss, double duplicate, double reorder, ExecutorService thread) {

        void pass(byte[] mad, java.util.function.Consumer<byte[]> deliver) {
            boolean lost;
            boolean twice;
            boolean late;
            synchronized (random) {
                lost = random.nextDouble() < loss;
                twice = random.nextDouble() < duplicate;
                late = random.nextDouble() < reorder;
            }
            if (lost) {
                return;
            }
            try {
                thread.execute(() -> {
                    if (late) {
                        try {
                            // behind whatever is sent next: the executor runs tasks in order
                            thread.execute(() -> deliver.accept(mad));
                        } catch (java.util.concurrent.RejectedExecutionException closed) {
                            // the channel closed: the datagram is lost
                        }
                    } else {
                        deliver.accept(mad);
                    }
                    if (twice) {
                        deliver.accept(mad.clone());
                    }
                });
            } catch (java.util.concurrent.RejectedExecutionException closed) {
                // the channel closed: the datagram is lost
            }
        }
    }
}
