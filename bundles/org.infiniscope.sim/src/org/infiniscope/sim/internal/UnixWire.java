package org.infiniscope.sim.internal;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * ibsim's local mode: Unix datagram sockets with abstract names, {@code BASE:ctl} for control and {@code BASE:outN}
 * for client slot N; a client with pid P listens on {@code BASE:inP}. Receiving happens on the server's thread only;
 * sending may happen on any thread.
 */
final class UnixWire implements IbsimServer.Wire {

    private static final int BUFFER = 512;

    private final String base;
    /** The control socket first, then the slots' data sockets. */
    private final int[] fds;
    private final Arena arena = Arena.ofAuto();
    private final MemorySegment pollFds;
    private final MemorySegment buffer;
    private final MemorySegment from;
    private final MemorySegment fromLength;
    private final MemorySegment errno;
    private int next;
    /** The sockets the last poll found with input and not yet drained. */
    private final boolean[] ready;
    private boolean closed;
    private boolean receiving;
    private boolean released;

    private UnixWire(String base, int[] fds) {
        this.base = base;
        this.fds = fds;
        this.ready = new boolean[fds.length];
        Arrays.fill(ready, true); // datagrams may have arrived before the first poll
        this.pollFds = UnixDatagrams.pollFds(arena, fds);
        this.buffer = arena.allocate(BUFFER);
        this.from = arena.allocate(UnixDatagrams.SOCKADDR_UN);
        this.fromLength = arena.allocate(ValueLayout.JAVA_INT);
        this.errno = UnixDatagrams.errnoState(arena);
    }

    static UnixWire bind(String base, int slots) throws IOException {
        if (base.isEmpty() || base.indexOf(0) >= 0) {
            throw new IllegalArgumentException("an ibsim socket name must be non-empty text, not \"" + base + "\"");
        }
        int[] fds = new int[slots + 1];
        Arrays.fill(fds, -1);
        try {
            fds[0] = UnixDatagrams.bind(base + ":ctl");
            for (int i = 0; i < slots; i++) {
                fds[1 + i] = UnixDatagrams.bind(base + ":out" + i);
            }
            return new UnixWire(base, fds);
        } catch (IOException | RuntimeException e) {
            for (int fd : fds) {
                if (fd >= 0) {
                    UnixDatagrams.close(fd);
                }
            }
            throw e;
        }
    }

    @Override
    public Datagram receive(ByteBuffer into, int timeoutMillis) throws IOException {
        synchronized (this) {
            if (closed) {
                release();
                throw new IOException("closed");
            }
            receiving = true;
        }
        try {
            return receiveOnce(into, timeoutMillis);
        } finally {
            synchronized (this) {
                receiving = false;
                if (closed) {
                    release();
                }
            }
        }
    }

    /**
     * Reads the sockets the last poll found ready, one datagram at a time, in turn; polls again only when all of
     * them are drained, so a busy client costs one {@code recvfrom} per datagram.
     */
    private Datagram receiveOnce(ByteBuffer into, int timeoutMillis) throws IOException {
        for (int round = 0; round < 2; round++) {
            for (int k = 0; k < fds.length; k++) {
                int i = (next + k) % fds.length;
                if (!ready[i]) {
                    continue;
                }
                int n = UnixDatagrams.receive(fds[i], buffer, BUFFER, from, fromLength, errno);
                if (n < 0) {
                    ready[i] = false; // drained
                    continue;
                }
                next = (i + 1) % fds.length; // fair: the next call starts after this socket
                into.clear();
                into.put(buffer.asSlice(0, Math.min(n, into.capacity())).asByteBuffer());
                into.flip();
                return new Datagram(i - 1, UnixDatagrams.sender(from, fromLength));
            }
            if (round == 0) {
                if (UnixDatagrams.poll(pollFds, fds.length, timeoutMillis, errno) == 0) {
                    return null;
                }
                for (int i = 0; i < fds.length; i++) {
                    ready[i] = UnixDatagrams.ready(pollFds, i);
                }
            }
        }
        return null;
    }

    @Override
    public void reply(ByteBuffer control, Object to) throws IOException {
        byte[] bytes = new byte[control.remaining()];
        control.get(bytes);
        UnixDatagrams.send(fds[0], bytes, bytes.length, (byte[]) to);
    }

    @Override
    public Object clientAddress(Object controlSender, int id) {
        return id <= 0 ? null : UnixDatagrams.abstractName(base + ":in" + id);
    }

    @Override
    public void send(int slot, byte[] packet, Object to) throws IOException {
        synchronized (this) {
            if (closed) {
                throw new IOException("closed");
            }
        }
        UnixDatagrams.send(fds[1 + slot], packet, packet.length, (byte[]) to);
    }

    @Override
    public String describe() {
        return "IBSIM_SOCKNAME=" + base;
    }

    /**
     * Stops serving. The sockets are closed at once when no thread is receiving, otherwise by the receiving thread
     * when its wait ends (within its timeout), so no other socket can take over their numbers while it polls them.
     */
    @Override
    public synchronized void close() {
        closed = true;
        if (!receiving) {
            release();
        }
    }

    private void release() {
        if (!released) {
            released = true;
            for (int fd : fds) {
                UnixDatagrams.close(fd);
            }
        }
    }
}
