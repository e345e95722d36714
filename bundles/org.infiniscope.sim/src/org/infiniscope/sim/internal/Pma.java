package org.infiniscope.sim.internal;

import java.util.Arrays;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.wire.Bits;

/**
 * The performance management agent of every simulated node (IBA 16.1): ClassPortInfo, PortCounters (32-bit,
 * saturating, with the partition enforcement's PortXmit/RcvConstraintErrors) and PortCountersExtended (the four 64-bit data and packet counters), both reset by a Set with
 * CounterSelect. Both views read the same counters, as on most HCAs, so resetting one resets the other.
 */
final class Pma {

    /** Counter slots per port in {@link FabricState#counters}. */
    static final int XMIT_DATA = 0, RCV_DATA = 1, XMIT_PKTS = 2, RCV_PKTS = 3;
    /** Data words a MAD puts on the wire: LRH 8 + BTH 12 + DETH 8 + MAD 256 + ICRC 4 bytes, over 4. */
    static final int MAD_WORDS = (8 + 12 + 8 + 256 + 4) / 4;
    /**
     * ibsim's PMA capabilities: IsExtendedWidthSupported (PortCountersExtended with the unicast and multicast
     * counters) and IsPortXmitWaitSupported (PortXmitWait stays 0: the simulator has no congestion).
     */
    private static final int CAPABILITIES = 1 << 9 | 1 << 12;
    /** Switches add IsAllPortSelect, as ibsim's: PortSelect 0xFF sums the ports (Get) or resets them all (Set). */
    private static final int SWITCH_CAPABILITIES = CAPABILITIES | 1 << 8;
    private static final int D = PerfMgtMad.DATA_OFFSET;
    /** PortCounters CounterSelect bits of PortXmitConstraintErrors and PortRcvConstraintErrors. */
    private static final int XMIT_CONSTRAINT_SELECT = 1 << 7, RCV_CONSTRAINT_SELECT = 1 << 8;

    private final FabricState f;

    Pma(FabricState state) {
        this.f = state;
    }

    /** Counts one MAD sent out of global port {@code out} and received by global port {@code in}. */
    void countHop(int out, int in) {
        add(out, XMIT_DATA, MAD_WORDS);
        add(out, XMIT_PKTS, 1);
        add(in, RCV_DATA, MAD_WORDS);
        add(in, RCV_PKTS, 1);
    }

    private void add(int g, int counter, long delta) {
        int i = g * 4 + counter;
        long sum = f.counters[i] + delta;
        f.counters[i] = sum < 0 ? Long.MAX_VALUE : sum;
    }

    /** @return whether {@code mad} now holds the answer */
    boolean handle(byte[] mad, int n) {
        int method = mad[3] & 0xFF;
        if (Method.isResponse(method) || method == Method.TRAP || method == Method.TRAP_REPRESS) {
            return false; // nobody answers an answer or a trap
        }
        int status;
        if ((mad[2] & 0xFF) != PerfMgtMad.CLASS_VERSION) {
            status = MadStatus.BAD_VERSION;
        } else if (method != Method.GET && method != Method.SET) {
            status = MadStatus.UNSUPPORTED_METHOD;
        } else {
            status = answer(mad, n, method == Method.SET);
        }
        Bits.put8(mad, 3, Method.GET_RESP);
        Bits.put16(mad, 4, status);
        return true;
    }

    private int answer(byte[] mad, int n, boolean set) {
        int attribute = Bits.u16(mad, 16);
        if (attribute == ClassPortInfo.ATTRIBUTE_ID) {
            if (set) {
                return MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
            }
            Arrays.fill(mad, D, mad.length, (byte) 0);
            Bits.put8(mad, D, 1);
            Bits.put8(mad, D + 1, PerfMgtMad.CLASS_VERSION);
            Bits.put16(mad, D + 2, f.isSwitch(n) ? SWITCH_CAPABILITIES : CAPABILITIES);
            Bits.put32(mad, D + 4, 18); // RespTimeValue: 4.096 µs × 2^18, about a second
            return MadStatus.OK;
        }
        boolean extended = attribute == PerfAttributes.PORT_COUNTERS_EXTENDED_ID;
        if (!extended && attribute != PerfAttributes.PORT_COUNTERS_ID) {
            return MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
        }
        int portSelect = Bits.u8(mad, D + 1);
        int select = Bits.u16(mad, D + 2);
        boolean all = portSelect == 0xFF && f.isSwitch(n);
        if (!all && (portSelect > f.portCount[n] || portSelect == 0 && !f.isSwitch(n))) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        int first = all ? 0 : portSelect;
        int last = all ? f.portCount[n] : portSelect;
        if (set) {
            // PortCounters select bits 12–15 and Extended bits 0–3 name XmitData, RcvData, XmitPkts, RcvPkts;
            // Extended bits 4–5, the unicast packets, are the same two packet counters here
            int traffic = extended ? select & 0xF | (select >>> 4 & 0x3) << 2 : select >>> 12 & 0xF;
            for (int p = first; p <= last; p++) {
                int g = f.port(n, p);
                for (int c = 0; c < 4; c++) {
                    if ((traffic & 1 << c) != 0) {
                        f.counters[g * 4 + c] = 0;
                    }
                }
                if (!extended && (select & XMIT_CONSTRAINT_SELECT) != 0) {
                    f.xmitConstraintErrors[g] = 0;
                }
                if (!extended && (select & RCV_CONSTRAINT_SELECT) != 0) {
                    f.rcvConstraintErrors[g] = 0;
                }
            }
        }
        // one port, or the sum of a switch's ports (AllPortSelect)
        long[] sum = new long[4];
        int xmitConstraint = 0, rcvConstraint = 0;
        for (int p = first; p <= last; p++) {
            int g = f.port(n, p);
            for (int c = 0; c < 4; c++) {
                long v = sum[c] + f.counters[g * 4 + c];
                sum[c] = v < 0 ? Long.MAX_VALUE : v;
            }
            xmitConstraint += f.xmitConstraintErrors[g] & 0xFF;
            rcvConstraint += f.rcvConstraintErrors[g] & 0xFF;
        }
        Arrays.fill(mad, D + 4, mad.length, (byte) 0);
        if (extended) {
            for (int c = 0; c < 4; c++) {
                Bits.put64(mad, D + 8 + 8 * c, sum[c]);
            }
            // every MAD the simulator carries is unicast: the unicast packets are all of them, multicast none
            Bits.put64(mad, D + 40, sum[XMIT_PKTS]);
            Bits.put64(mad, D + 48, sum[RCV_PKTS]);
        } else {
            Bits.put8(mad, D + 16, Math.min(xmitConstraint, 0xFF));
            Bits.put8(mad, D + 17, Math.min(rcvConstraint, 0xFF));
            for (int c = 0; c < 4; c++) {
                Bits.put32(mad, D + 24 + 4 * c, (int) Math.min(sum[c], 0xFFFF_FFFFL));
            }
        }
        return MadStatus.OK;
    }
}
