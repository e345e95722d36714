package org.infiniscope.sim.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongSupplier;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.MulticastForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.smp.VlArbitrationTable;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The subnet management agent of every simulated node: answers an SMP that reached it, in place in the MAD bytes
 * (IBA 14.2.5). Tables are copied between the wire and the model's wire-form arrays; only the attributes with
 * rules (PortInfo, SwitchInfo, SMInfo) are decoded.
 */
final class Sma {

    private static final int D = Smp.DATA_OFFSET;

    /** SMA ClassPortInfo.CapabilityMask: IsTrapSupported (traps 128, 144, 256); Get/Set(Notice) is not offered. */
    static final int CLASS_CAPABILITIES = ClassPortInfo.IS_TRAP_SUPPORTED;
    /** ClassPortInfo.RespTimeValue: 4.096 µs × 2^18, about a second, as the PMA. */
    static final int RESP_TIME_VALUE = 18;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final FabricState f;
    private final PortAgent ports;
    private final Traps traps;
    private final LongSupplier clock;

    Sma(FabricState state, Traps traps, LongSupplier clock) {
        this.f = state;
        this.traps = traps;
        this.clock = clock;
        this.ports = new PortAgent(state, traps);
    }

    /**
     * Answers an SMP that reached node {@code n} through port {@code arrival}.
     *
     * @return whether {@code mad} now holds the answer; {@code false}: drop it (a response, a trap, or an M_Key
     *         check that failed)
     */
    boolean handle(byte[] mad, int n, int arrival) {
        int method = mad[3] & 0xFF;
        if (Method.isResponse(method) || method == Method.TRAP) {
            return false; // only an SM consumes these; the simulated nodes run none
        }
        if (!mKeyAllows(mad, n, arrival, method)) {
            return false;
        }
        if (method == Method.TRAP_REPRESS) {
            // the SM got one of our traps: stop re-sending it; nothing answers a TrapRepress (IBA o14-3.a4)
            if (Bits.u16(mad, 16) == Notice.ATTRIBUTE_ID) {
                traps.repress(n, Bits.u64(mad, 8));
            }
            return false;
        }
        int status;
        if (method != Method.GET && method != Method.SET) {
            status = MadStatus.UNSUPPORTED_METHOD;
        } else {
            status = answer(mad, n, arrival, method == Method.SET);
        }
        Bits.put8(mad, 3, Method.GET_RESP);
        boolean dr = (mad[1] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE;
        Bits.put16(mad, 4, status | (dr ? MadStatus.DIRECTION : 0));
        return true;
    }

    /**
     * IBA 14.2.4: with a non-zero M_Key, a Set or TrapRepress with another key fails at every protection level, a
     * Get at levels 2 and 3 (level 1 only hides the key in PortInfo, level 3 is checked as 2). A failed check is
     * silent: it counts a violation, sends trap 256 and starts the M_Key lease, whose end clears the protection
     * bits; a request with the right key stops the lease.
     */
    private boolean mKeyAllows(byte[] mad, int n, int arrival, int method) {
        int g = f.lidPort(n, arrival);
        long now = clock.getAsLong();
        expireLease(g, now);
        long key = f.mKey[g];
        boolean checked = method == Method.GET || method == Method.SET || method == Method.TRAP_REPRESS;
        if (key == 0 || Bits.u64(mad, Smp.MKEY_OFFSET) == key) {
            if (checked) {
                f.mKeyLeaseEnds.remove(g);
            }
            return true;
        }
        if (!checked || method == Method.GET && f.mKeyProtect[g] < 2) {
            return true;
        }
        FabricState.count(f.mKeyViolations, g);
        if (f.mKeyLease[g] != 0 && !f.mKeyLeaseEnds.containsKey(g)) {
            f.mKeyLeaseEnds.put(g, now + f.mKeyLease[g] * NANOS_PER_SECOND);
        }
        traps.badMKey(n, f.isSwitch(n) ? 0 : arrival, mad, (mad[1] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE);
        return false;
    }

    /** Ends the M_Key leases that ran out by {@code now}: their ports lose their protection (IBA 14.2.4.3). */
    void expireLeases(long now) {
        for (Integer g : f.mKeyLeaseEnds.keySet().toArray(Integer[]::new)) {
            expireLease(g, now);
        }
    }

    private void expireLease(int g, long now) {
        Long end = f.mKeyLeaseEnds.get(g);
        if (end != null && now - end >= 0) {
            f.mKeyLeaseEnds.remove(g);
            f.mKeyProtect[g] = 0;
        }
    }

    /** The setter of PortInfo.CapabilityMask.IsSM: the port's own software, when an SM starts or stops there. */
    void setIsSm(int n, int p, boolean on) {
        ports.setIsSm(n, p, on);
    }

    private int answer(byte[] mad, int n, int arrival, boolean set) {
        int attribute = Bits.u16(mad, 16);
        int modifier = Bits.u32(mad, 20);
        try {
            return switch (attribute) {
                case NodeDescription.ATTRIBUTE_ID -> set ? unsupported() : nodeDescription(mad, n);
                case NodeInfo.ATTRIBUTE_ID -> set ? unsupported() : nodeInfo(mad, n, arrival);
                case SwitchInfo.ATTRIBUTE_ID -> f.isSwitch(n) ? switchInfo(mad, n, set) : unsupported();
                case GuidInfo.ATTRIBUTE_ID -> set ? unsupported() : guidInfo(mad, n, arrival, modifier);
                case PortInfo.ATTRIBUTE_ID -> ports.portInfo(mad, n, arrival, modifier, set);
                case PKeyTable.ATTRIBUTE_ID -> pKeys(mad, n, arrival, modifier, set);
                case Sl2VlTable.ATTRIBUTE_ID -> sl2vl(mad, n, arrival, modifier, set);
                case VlArbitrationTable.ATTRIBUTE_ID -> vlArb(mad, n, arrival, modifier, set);
                case LinearForwardingTable.ATTRIBUTE_ID -> f.isSwitch(n) ? lft(mad, n, modifier, set) : unsupported();
                case MulticastForwardingTable.ATTRIBUTE_ID ->
                    f.isSwitch(n) ? mft(mad, n, modifier, set) : unsupported();
                case SmInfo.ATTRIBUTE_ID -> smInfo(mad, n, set);
                case ClassPortInfo.ATTRIBUTE_ID -> set ? unsupported() : classPortInfo(mad);
                default -> unsupported();
            };
        } catch (MadFormatException | IllegalArgumentException e) {
            // a Set whose attribute does not decode (a field out of range) changes nothing
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
    }

    private static int unsupported() {
        return MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
    }

    private static void clearData(byte[] mad) {
        Arrays.fill(mad, D, D + Smp.DATA_LENGTH, (byte) 0);
    }

    /**
     * SM ClassPortInfo (IBA 14.2.5): versions, capabilities and response time. SMPs are never redirected and traps
     * go to PortInfo.MasterSMLID, so the redirect and trap fields stay 0; the SMP's 64 data bytes hold the fields
     * up to TrapHL, which is left out (writing the 72-byte codec would run into a DR SMP's InitialPath).
     */
    private static int classPortInfo(byte[] mad) {
        clearData(mad);
        Bits.put8(mad, D, 1);
        Bits.put8(mad, D + 1, Smp.CLASS_VERSION);
        Bits.put16(mad, D + 2, CLASS_CAPABILITIES);
        Bits.set(mad, D, 59, 5, RESP_TIME_VALUE);
        return MadStatus.OK;
    }

    private int nodeDescription(byte[] mad, int n) {
        clearData(mad);
        byte[] text = f.names[n].getBytes(StandardCharsets.UTF_8);
        System.arraycopy(text, 0, mad, D, Math.min(text.length, NodeDescription.LENGTH));
        return MadStatus.OK;
    }

    private int nodeInfo(byte[] mad, int n, int arrival) {
        clearData(mad);
        Bits.put8(mad, D, 1);
        Bits.put8(mad, D + 1, 1);
        Bits.put8(mad, D + 2, f.nodeType[n]);
        Bits.put8(mad, D + 3, f.portCount[n]);
        Bits.put64(mad, D + 4, f.systemImageGuid[n]);
        Bits.put64(mad, D + 12, f.nodeGuid[n]);
        Bits.put64(mad, D + 20, f.portGuid[f.lidPort(n, arrival)]);
        Bits.put16(mad, D + 28, FabricState.PKEY_CAP);
        Bits.put16(mad, D + 30, f.deviceId[n]);
        Bits.put32(mad, D + 32, 0);
        Bits.put8(mad, D + 36, arrival);
        Bits.set(mad, D, 296, 24, f.vendorId[n]);
        return MadStatus.OK;
    }

    private int switchInfo(byte[] mad, int n, boolean set) throws MadFormatException {
        if (set) {
            SwitchInfo in = Smp.decodeAttribute(mad, SwitchInfo.CODEC);
            if (in.linearFdbTop() >= FabricState.LFT_CAP
                    || in.multicastFdbTop() != 0 && in.multicastFdbTop() >= 0xC000 + FabricState.MFT_CAP) {
                return MadStatus.INVALID_ATTRIBUTE_VALUE;
            }
            f.linearFdbTop[n] = (char) in.linearFdbTop();
            f.multicastFdbTop[n] = (char) in.multicastFdbTop();
            f.lifeTime[n] = (byte) in.lifeTimeValue();
            if (in.portStateChange()) {
                f.portStateChange[n] = false; // writing 1 clears it (IBA 14.2.5.4)
            }
        }
        clearData(mad);
        SwitchInfo.CODEC.encode(new SwitchInfo(FabricState.LFT_CAP, 0, FabricState.MFT_CAP, f.linearFdbTop[n], 0, 0xFF,
                0xFF, f.lifeTime[n], f.portStateChange[n], 0, 1, FabricState.PKEY_CAP, true, true, false, false, false,
                f.multicastFdbTop[n]), mad, D);
        return MadStatus.OK;
    }

    private int guidInfo(byte[] mad, int n, int arrival, int block) {
        if (block != 0) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE; // GUIDCap is 1: one GUID, in block 0
        }
        clearData(mad);
        Bits.put64(mad, D, f.portGuid[f.lidPort(n, arrival)]);
        return MadStatus.OK;
    }

    /** @return the global port a table attribute's modifier names, or -1 when the port is not there */
    private int tablePort(int n, int arrival, int switchPort) {
        if (!f.isSwitch(n)) {
            return f.port(n, arrival); // CAs and routers answer for the port the SMP came in by
        }
        return switchPort <= f.portCount[n] ? f.port(n, switchPort) : -1;
    }

    private int pKeys(byte[] mad, int n, int arrival, int modifier, boolean set) {
        int g = tablePort(n, arrival, modifier >>> 16);
        if (g < 0 || (modifier & 0xFFFF) != 0) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        return copy(mad, f.pKeys, g * FabricState.PKEY_CAP * 2, Smp.DATA_LENGTH, set);
    }

    private int sl2vl(byte[] mad, int n, int arrival, int modifier, boolean set) {
        // one table per output port: the input port of the modifier (bits 8–15) is not told apart yet
        int g = tablePort(n, arrival, modifier & 0xFF);
        return g < 0 ? MadStatus.INVALID_ATTRIBUTE_VALUE : copy(mad, f.sl2vl, g * 8, 8, set);
    }

    private int vlArb(byte[] mad, int n, int arrival, int modifier, boolean set) {
        int g = tablePort(n, arrival, modifier & 0xFFFF);
        int block = modifier >>> 16;
        byte[] table = block == VlArbitrationTable.LOW_0_31
                ? f.vlArbLow
                : block == VlArbitrationTable.HIGH_0_31 ? f.vlArbHigh : null;
        if (g < 0 || table == null) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE; // the caps are 8 entries: blocks 32–63 are not there
        }
        return copy(mad, table, g * FabricState.VLARB_CAP * 2, FabricState.VLARB_CAP * 2, set);
    }

    private int lft(byte[] mad, int n, int block, boolean set) {
        int first = block * LinearForwardingTable.PER_BLOCK;
        if (block < 0 || first >= FabricState.LFT_CAP) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        int end = first + LinearForwardingTable.PER_BLOCK;
        if (set) {
            System.arraycopy(mad, D, f.lftFor(n, end), first, LinearForwardingTable.PER_BLOCK);
            return MadStatus.OK;
        }
        byte[] table = f.lft[n];
        Arrays.fill(mad, D, D + Smp.DATA_LENGTH, (byte) LinearForwardingTable.NO_ROUTE);
        if (table != null && first < table.length) {
            System.arraycopy(table, first, mad, D, Math.min(LinearForwardingTable.PER_BLOCK, table.length - first));
        }
        return MadStatus.OK;
    }

    private int mft(byte[] mad, int n, int modifier, boolean set) {
        int block = modifier & 0x1FF;
        int position = modifier >>> 28;
        int positions = (f.portCount[n] + 16) / 16;
        if (block * MulticastForwardingTable.PER_BLOCK >= FabricState.MFT_CAP || position >= positions) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        if (f.mft[n] == null) {
            f.mft[n] = new byte[FabricState.MFT_CAP * 2 * positions];
        }
        int at = (position * FabricState.MFT_CAP + block * MulticastForwardingTable.PER_BLOCK) * 2;
        return copy(mad, f.mft[n], at, Smp.DATA_LENGTH, set);
    }

    private int smInfo(byte[] mad, int n, boolean set) throws MadFormatException {
        if (set) {
            SmInfo in = Smp.decodeAttribute(mad, SmInfo.CODEC);
            f.smGuid[n] = in.guid();
            f.smKey[n] = in.smKey();
            f.smPriority[n] = (byte) in.priority();
            f.smState[n] = (byte) in.smState();
        }
        f.smActCount[n]++;
        clearData(mad);
        SmInfo.CODEC.encode(new SmInfo(f.smGuid[n], f.smKey[n], f.smActCount[n], f.smPriority[n], f.smState[n]), mad,
                D);
        return MadStatus.OK;
    }

    /** A Set copies the wire bytes into the model, and the answer (of Get and Set) copies them back. */
    private static int copy(byte[] mad, byte[] table, int at, int length, boolean set) {
        if (set) {
            System.arraycopy(mad, D, table, at, length);
        }
        clearData(mad);
        System.arraycopy(table, at, mad, D, length);
        return MadStatus.OK;
    }
}
