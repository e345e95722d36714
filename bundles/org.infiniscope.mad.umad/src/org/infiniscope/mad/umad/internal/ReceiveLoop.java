package org.infiniscope.mad.umad.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.transport.Grh;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel.Receiver;

/**
 * The thread that receives from one umad port: {@code umad_poll} with a short time-out, so that a close is
 * seen within that time, then {@code umad_recv}, then the receiver.
 */
final class ReceiveLoop implements Runnable {

    /**
     * How long one poll waits: the bound on how late a close is noticed, which every command pays once when it closes
     * its channel (half of it on average; the one-shot daemon runs many commands in one process).
     */
    static final int POLL_MILLIS = 10;
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ReceiveLoop.class);

    private final UmadLibrary library;
    private final int portId;
    private final long umadSize;
    private final long madOffset;
    private final Receiver receiver;
    private final String name;
    private volatile boolean stopped;

    ReceiveLoop(UmadLibrary library, int portId, UmadLayout layout, Receiver receiver, String name) {
        this.library = library;
        this.portId = portId;
        this.umadSize = layout.umadSize();
        this.madOffset = layout.madOffset();
        this.receiver = receiver;
        this.name = name;
    }

    private volatile boolean ended;

    void stop() {
        stopped = true;
    }

    /** @return whether the loop ended on a failure of umad_poll (not on {@link #stop()}) */
    boolean ended() {
        return ended && !stopped;
    }

    @Override
    public void run() {
        try (Arena arena = Arena.ofConfined()) {
            int capacity = Mad.SIZE;
            MemorySegment buffer = arena.allocate(umadSize + capacity, 8);
            MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            while (!stopped) {
                int ready = library.poll(portId, POLL_MILLIS);
                if (ready == -Errno.ETIMEDOUT || ready == -Errno.EINTR || ready == -Errno.EAGAIN) {
                    continue;
                }
                if (ready < 0) {
                    ended = true;
                    if (!stopped) {
                        LOG.error("{}: umad_poll failed with {}; no more MADs are received", name,
                                Errno.describe(ready));
                    }
                    return;
                }
                length.set(ValueLayout.JAVA_INT, 0, capacity);
                int agent = library.recv(portId, buffer, length, 0);
                if (agent == -Errno.ENOSPC) {
                    // an RMPP transfer reassembled by the kernel: it keeps the MAD until a buffer is big enough
                    capacity = Math.max(capacity * 2, length.get(ValueLayout.JAVA_INT, 0));
                    buffer = arena.allocate(umadSize + capacity, 8);
                    continue;
                }
                if (agent < 0) {
                    LOG.debug("{}: umad_recv returned {}", name, Errno.describe(agent));
                    continue;
                }
                deliver(buffer, Math.min(length.get(ValueLayout.JAVA_INT, 0), capacity));
            }
        }
    }

    private void deliver(MemorySegment buffer, int length) {
        int status = library.status(buffer);
        if (status != 0) {
            // our own request handed back by the kernel (ETIMEDOUT: no answer in time): the transport times it out
            LOG.debug("{}: a sent MAD came back with status {}", name, status);
            return;
        }
        byte[] mad = buffer.asSlice(madOffset, length).toArray(ValueLayout.JAVA_BYTE);
        try {
            receiver.received(mad, length, source(buffer, umadSize));
        } catch (RuntimeException e) {
            // a bug in the receiver must not end the thread: every later MAD would be lost
            LOG.error("{}: the receiver failed on a MAD", name, e);
        }
    }

    /** @return the address the kernel filled in, converted from network order */
    static MadAddress source(MemorySegment umad, long umadSize) {
        long a = Structs.UMAD_ADDR;
        int qpn = umad.get(Structs.BE32, a + Structs.ADDR_QPN) & 0xFFFFFF;
        int qkey = umad.get(Structs.BE32, a + Structs.ADDR_QKEY);
        int lid = Structs.u16(umad, a + Structs.ADDR_LID);
        int sl = Structs.u8(umad, a + Structs.ADDR_SL) & 0xF;
        // the old ABI's header (56 bytes) ends before the P_Key index
        int pkeyIndex = umadSize >= Structs.UMAD_ADDR + Structs.ADDR_SIZE
                ? Structs.u16(umad, a + Structs.ADDR_PKEY_INDEX)
                : 0;
        Grh grh = null;
        if (Structs.u8(umad, a + Structs.ADDR_GRH_PRESENT) != 0) {
            byte[] gid = umad.asSlice(a + Structs.ADDR_GID, 16).toArray(ValueLayout.JAVA_BYTE);
            grh = new Grh(gid, Structs.u8(umad, a + Structs.ADDR_GID_INDEX),
                    umad.get(Structs.BE32, a + Structs.ADDR_FLOW_LABEL) & 0xFFFFF,
                    Structs.u8(umad, a + Structs.ADDR_HOP_LIMIT), Structs.u8(umad, a + Structs.ADDR_TRAFFIC_CLASS));
        }
        return new MadAddress(lid, qpn, qkey, sl, pkeyIndex, grh);
    }
}
