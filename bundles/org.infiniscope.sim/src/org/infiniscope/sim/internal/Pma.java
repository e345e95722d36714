package org.infiniscope.sim.internal;

import java.util.Arrays;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.ExtendedSpeedsCounter;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfCapability;
import org.infiniscope.mad.perf.PerfCounter;
import org.infiniscope.mad.perf.PerfCounterCodec;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The performance management agent of every simulated node (IBA 16.1): ClassPortInfo, PortCounters (every counter
 * saturating at its width) and PortCountersExtended (the four 64-bit data and packet counters), both
 * reset by a Set with CounterSelect; PortExtendedSpeedsCounters for ports running FDR, EDR or HDR. Both views read the same {@link Counters}, as on most HCAs, so resetting one
 * resets the other.
 */
final class Pma {

    /** Counter slots per port in {@link FabricState#counters}. */
    static final int XMIT_DATA = 0, RCV_DATA = 1, XMIT_PKTS = 2, RCV_PKTS = 3;
    /** Data words a MAD puts on the wire: LRH 8 + BTH 12 + DETH 8 + MAD 256 + ICRC 4 bytes, over 4. */
    static final int MAD_WORDS = (8 + 12 + 8 + 256 + 4) / 4;
    /** The four-counter (NoIETF) PortCountersExtended, and PortXmitWait. */
    private static final int CAPABILITIES = PerfCapability.IS_EXTENDED_WIDTH_SUPPORTED_NO_IETF
            | PerfCapability.PORT_COUNTERS_XMIT_WAIT_SUPPORTED;
    /** Switches add AllPortSelect, as ibsim's: PortSelect 0xFF sums the ports (Get) or resets them all (Set). */
    private static final int SWITCH_CAPABILITIES = CAPABILITIES | PerfCapability.ALL_PORT_SELECT;
    private static final PerfCounterCodec<ExtendedPortCounter> EXTENDED = ExtendedCounterVariant.NO_IETF.codec();
    private static final PerfCounterCodec<ExtendedSpeedsCounter> SPEEDS = PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS;
    private static final int D = PerfMgtMad.DATA_OFFSET;

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
        if (attribute == PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_ID) {
            return extendedSpeeds(mad, n, set);
        }
        boolean extended = attribute == PerfAttributes.PORT_COUNTERS_EXTENDED_ID;
        if (!extended && attribute != PerfAttributes.PORT_COUNTERS_ID) {
            return MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
        }
        int portSelect = Bits.u8(mad, D + 1);
        boolean all = portSelect == 0xFF && f.isSwitch(n);
        if (!all && (portSelect > f.portCount[n] || portSelect == 0 && !f.isSwitch(n))) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE; // AllPortSelect is a switch's capability only
        }
        try {
            if (extended) {
                counters(mad, n, portSelect, set, EXTENDED, Pma::extendedValue);
            } else {
                counters(mad, n, portSelect, set, PerfAttributes.PORT_COUNTERS, Pma::portCountersValue);
            }
        } catch (MadFormatException e) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE; // cannot happen: a MAD holds the whole attribute
        }
        return MadStatus.OK;
    }

    /**
     * PortExtendedSpeedsCounters of one port whose link is up at an extended speed (FDR, EDR, HDR), in the layout
     * without RS-FEC: the PMA does not claim IsRSFECCountersSupported, as ibsim's does not. A port not running an
     * extended speed has no such counters: the Get is refused. A Set zeroes the selected counters.
     */
    private int extendedSpeeds(byte[] mad, int n, boolean set) {
        int portSelect = Bits.u8(mad, D + 1);
        if (portSelect == 0 || portSelect > f.portCount[n]) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        int g = f.port(n, portSelect);
        if (f.physState[g] != FabricState.PHYS_LINK_UP || f.extActive[g] == 0) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE;
        }
        PerfCounters<ExtendedSpeedsCounter> request;
        try {
            request = SPEEDS.decode(mad, D);
        } catch (MadFormatException e) {
            return MadStatus.INVALID_ATTRIBUTE_VALUE; // cannot happen: a MAD holds the whole attribute
        }
        if (set) {
            for (ExtendedSpeedsCounter c : request.selected()) {
                Counters.set(f, g, c, 0);
            }
        }
        PerfCounters.Builder<ExtendedSpeedsCounter> answer = PerfCounters.builder(ExtendedSpeedsCounter.class)
                .portSelect(portSelect).counterSelect(request.counterSelect());
        for (ExtendedSpeedsCounter c : ExtendedSpeedsCounter.values()) {
            answer.set(c, Counters.get(f, g, c));
        }
        Arrays.fill(mad, D, mad.length, (byte) 0);
        SPEEDS.encode(answer.build(), mad, D);
        return MadStatus.OK;
    }

    /** The value of a counter as PortCounters shows it: at most its width, as it stops there. */
    private static long portCountersValue(FabricState f, int g, PortCounter c) {
        return Math.min(Counters.get(f, g, c), c.max());
    }

    private static long extendedValue(FabricState f, int g, ExtendedPortCounter c) {
        return Counters.get(f, g, PortCounter.valueOf(c.name()));
    }

    /** How the model's value of one counter of an attribute is read. */
    private interface Reader<C> {
        long value(FabricState f, int g, C counter);
    }

    /**
     * A Set zeroes the counters its select mask names on the port, or on every port of a switch with PortSelect
     * 0xFF (IBA 16.1.3.5); the answer carries the port's counters, or with 0xFF their sums (each stopping at its
     * width), as ibqueryerrors reads a switch whose PMA claims AllPortSelect.
     */
    private <C extends Enum<C> & PerfCounter> void counters(byte[] mad, int n, int portSelect, boolean set,
            PerfCounterCodec<C> codec, Reader<C> read) throws MadFormatException {
        PerfCounters<C> request = codec.decode(mad, D);
        boolean all = portSelect == 0xFF;
        int first = all ? 0 : portSelect;
        int last = all ? f.portCount[n] : portSelect;
        if (set) {
            for (C c : request.selected()) {
                if (codec.counters().contains(c)) {
                    PortCounter counter = PortCounter.valueOf(c.name());
                    for (int p = first; p <= last; p++) {
                        Counters.set(f, f.port(n, p), counter, 0);
                    }
                }
            }
        }
        PerfCounters.Builder<C> answer = PerfCounters.builder(codec.type()).portSelect(portSelect)
                .counterSelect(request.counterSelect());
        for (C c : codec.counters()) {
            // a sum stops at the counter's width, as the counter does (the model's 64-bit ones at Long.MAX_VALUE)
            long max = c.max() == -1 ? Long.MAX_VALUE : c.max();
            long sum = 0;
            for (int p = first; p <= last; p++) {
                long value = read.value(f, f.port(n, p), c);
                sum = value > max - sum ? max : sum + value;
            }
            answer.set(c, sum);
        }
        Arrays.fill(mad, D, mad.length, (byte) 0);
        codec.encode(answer.build(), mad, D);
    }
}