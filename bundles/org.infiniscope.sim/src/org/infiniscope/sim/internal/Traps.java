package org.infiniscope.sim.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.function.LongSupplier;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.TrapDetails;
import org.infiniscope.mad.wire.Bits;

/**
 * The traps the simulated SMAs send (IBA 14.2.5.1, 13.4.9): each one a LID-routed SubnTrap(Notice) SMP queued for
 * the fabric to carry to the issuing port's MasterSMLID, then re-sent every 4.096 µs × 2^SubnetTimeOut (PortInfo) of
 * that port until the SM answers with a TrapRepress of the same TID. A port sends no trap until it has a LID and an
 * SM LID. A trap identical to one still waiting for its repress is not queued again: the pending one goes on being
 * re-sent, so the SM learns of it either way, and a flapping link cannot grow the queue.
 */
final class Traps {

    /** Notice types (IBA 14.2.5.1). */
    static final int URGENT = 1, SECURITY = 2, INFORMATIONAL = 4;
    /** Traps a node may have waiting for their repress; more are dropped, as an SMA's trap memory is finite. */
    static final int MAX_PENDING_PER_NODE = 8;
    /** IsCapabilityMaskNoticeSupported (PortInfo.CapabilityMask bit 22): the port sends trap 144. */
    static final int CAPABILITY_MASK_NOTICE = 1 << 22;
    private static final long TIMEOUT_UNIT_NANOS = 4096;

    private final FabricState f;
    private final Queue<Notice> out;
    private final LongSupplier clock;
    private final List<Pending> pending = new ArrayList<>();
    /** The TIDs the SMAs give their traps; any value unique among the outstanding ones does (IBA 13.4.6.4). */
    private long nextTid = 0x5300_0000_0000_0001L;

    /** A trap sent and not yet repressed. */
    private static final class Pending {
        final int node;
        final int port;
        final long tid;
        final byte[] mad;
        long due;

        Pending(int node, int port, long tid, byte[] mad, long due) {
            this.node = node;
            this.port = port;
            this.tid = tid;
            this.mad = mad;
            this.due = due;
        }
    }

    Traps(FabricState state, Queue<Notice> out, LongSupplier clock) {
        this.f = state;
        this.out = out;
        this.clock = clock;
    }

    /** Trap 128 when a switch's port changed state: the switch tells the SM its LID (the SM then sweeps it). */
    void portStateChanged(int globalPort) {
        int n = f.nodeOf(globalPort);
        if (!f.isSwitch(n)) {
            return;
        }
        int g = f.firstPort[n];
        send(n, 0, generic(n, URGENT, 128, f.lid[g], new TrapDetails.LinkStateChange(f.lid[g])));
    }

    /** Trap 144 when a port's CapabilityMask changed, if the port announces such changes (bit 22). */
    void capabilityMaskChanged(int n, int p, int capabilityMask) {
        if ((capabilityMask & CAPABILITY_MASK_NOTICE) == 0) {
            return;
        }
        int lid = f.lid[f.lidPort(n, p)];
        send(n, p, generic(n, INFORMATIONAL, 144, lid,
                new TrapDetails.CapabilityChange(lid, false, capabilityMask, 0, 0)));
    }

    /** Trap 256 when an SMP at port {@code p} of node {@code n} carried a bad M_Key (IBA 14.2.4.2). */
    void badMKey(int n, int p, byte[] smp, boolean directed) {
        int lid = f.lid[f.lidPort(n, p)];
        Integer[] path = new Integer[TrapDetails.BadMKey.PATH_LENGTH];
        Arrays.fill(path, 0);
        int hops = directed ? Bits.u8(smp, Smp.HOP_COUNT_OFFSET) : 0;
        // the ReturnPath field as it arrived, entry 0 (unused) first: hops + 1 bytes, cut to the 30 the trap holds
        boolean truncated = hops + 1 > path.length;
        for (int i = 0; directed && i < Math.min(hops + 1, path.length); i++) {
            path[i] = Bits.u8(smp, Smp.RETURN_PATH_OFFSET + i);
        }
        TrapDetails.BadMKey details = new TrapDetails.BadMKey(lid, directed ? Bits.u16(smp, Smp.DR_SLID_OFFSET) : 0,
                Bits.u8(smp, 3), Bits.u16(smp, 16), Bits.u32(smp, 20), Bits.u64(smp, Smp.MKEY_OFFSET), directed,
                truncated, hops, List.of(path));
        send(n, p, generic(n, SECURITY, 256, lid, details));
    }

    /**
     * A TrapRepress reached node {@code n}: the trap with its TID is not re-sent any more.
     *
     * @return whether a trap was waiting for it
     */
    boolean repress(int n, long tid) {
        return pending.removeIf(t -> t.node == n && t.tid == tid);
    }

    /** Queues the re-send of every trap whose timeout has run out by {@code now}, and rearms its timer. */
    void poll(long now) {
        for (Pending t : pending) {
            if (now - t.due >= 0) {
                int smLid = f.smLid[f.lidPort(t.node, t.port)];
                if (smLid != 0) {
                    out.add(new Notice(t.node, t.port, smLid, Mad.SMI_QP, t.mad.clone())); // to the SM of now
                }
                t.due = now + interval(t.node, t.port);
            }
        }
    }

    /** @return the traps still waiting for their repress, oldest first: node, port and TID */
    List<long[]> pending() {
        List<long[]> list = new ArrayList<>();
        for (Pending t : pending) {
            list.add(new long[]{t.node, t.port, t.tid});
        }
        return Collections.unmodifiableList(list);
    }

    /** A generic notice; the producer type is the node type (1 CA, 2 switch, 3 router); toggle and count are 0. */
    private org.infiniscope.mad.smp.Notice generic(int n, int type, int trap, int issuerLid, TrapDetails details) {
        return new org.infiniscope.mad.smp.Notice(true, type, f.nodeType[n], trap, issuerLid, false, 0, details);
    }

    private void send(int n, int p, org.infiniscope.mad.smp.Notice notice) {
        int g = f.lidPort(n, p);
        int smLid = f.smLid[g];
        if (f.lid[g] == 0 || smLid == 0) {
            return; // no SM has configured the port: nobody to tell
        }
        byte[] data = new byte[Smp.DATA_LENGTH];
        org.infiniscope.mad.smp.Notice.CODEC.encode(notice, data, 0);
        int count = 0;
        for (Pending t : pending) {
            if (t.node == n && t.port == p && Arrays.equals(t.mad, Smp.DATA_OFFSET, Smp.DATA_OFFSET + Smp.DATA_LENGTH,
                    data, 0, Smp.DATA_LENGTH)) {
                return; // the same trap is still being re-sent
            }
            count += t.node == n ? 1 : 0;
        }
        if (count >= MAX_PENDING_PER_NODE) {
            return;
        }
        long tid = nextTid++;
        // IBA o14-1: the M_Key of a Trap is left 0, as Linux's software SMAs do
        byte[] mad = Smp.lidRouted(Method.TRAP, tid, org.infiniscope.mad.smp.Notice.ATTRIBUTE_ID, 0, 0, data).encode();
        Pending t = new Pending(n, p, tid, mad, clock.getAsLong() + interval(n, p));
        pending.add(t);
        out.add(new Notice(n, p, smLid, Mad.SMI_QP, mad.clone()));
    }

    /** @return the re-send timeout of a port's traps: 4.096 µs × 2^SubnetTimeOut (PortInfo) */
    private long interval(int n, int p) {
        return TIMEOUT_UNIT_NANOS << f.subnetTimeout[f.lidPort(n, p)];
    }
}
