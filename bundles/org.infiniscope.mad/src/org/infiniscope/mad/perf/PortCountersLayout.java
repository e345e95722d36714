package org.infiniscope.mad.perf;

import org.infiniscope.mad.wire.Bits;

/**
 * PortCounters' select fields and counters in straight-line code with constant offsets: the perf manager reads
 * this attribute from every port on every sweep, and here the JIT emits one load or store per field where the
 * planned loop of {@link WireFields} spends several loads, shifts and a branch on each. The counters' offsets still
 * come from {@link PortCounter}, and a test holds this class to the layout planned from the fields. Every counter
 * has its bytes to itself but LocalLinkIntegrityErrors and ExcessiveBufferOverrunErrors, the two nibbles of a byte.
 */
final class PortCountersLayout implements CounterLayout {

    /** The only instance: it has no state. */
    static final PortCountersLayout INSTANCE = new PortCountersLayout();

    // Static finals, not the enum's accessors: the JIT folds these to literals, not the enum's instance fields.
    private static final int SYMBOL_ERROR_COUNTER = PortCounter.SYMBOL_ERROR_COUNTER.ordinal();
    private static final int SYMBOL_ERROR_COUNTER_AT = PortCounter.SYMBOL_ERROR_COUNTER.bitOffset() / 8;
    private static final int LINK_ERROR_RECOVERY_COUNTER = PortCounter.LINK_ERROR_RECOVERY_COUNTER.ordinal();
    private static final int LINK_ERROR_RECOVERY_COUNTER_AT = PortCounter.LINK_ERROR_RECOVERY_COUNTER.bitOffset() / 8;
    private static final int LINK_DOWNED_COUNTER = PortCounter.LINK_DOWNED_COUNTER.ordinal();
    private static final int LINK_DOWNED_COUNTER_AT = PortCounter.LINK_DOWNED_COUNTER.bitOffset() / 8;
    private static final int PORT_RCV_ERRORS = PortCounter.PORT_RCV_ERRORS.ordinal();
    private static final int PORT_RCV_ERRORS_AT = PortCounter.PORT_RCV_ERRORS.bitOffset() / 8;
    private static final int PORT_RCV_REMOTE_PHYSICAL_ERRORS = PortCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS.ordinal();
    private static final int PORT_RCV_REMOTE_PHYSICAL_ERRORS_AT = PortCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS
            .bitOffset() / 8;
    private static final int PORT_RCV_SWITCH_RELAY_ERRORS = PortCounter.PORT_RCV_SWITCH_RELAY_ERRORS.ordinal();
    private static final int PORT_RCV_SWITCH_RELAY_ERRORS_AT = PortCounter.PORT_RCV_SWITCH_RELAY_ERRORS.bitOffset() / 8;
    private static final int PORT_XMIT_DISCARDS = PortCounter.PORT_XMIT_DISCARDS.ordinal();
    private static final int PORT_XMIT_DISCARDS_AT = PortCounter.PORT_XMIT_DISCARDS.bitOffset() / 8;
    private static final int PORT_XMIT_CONSTRAINT_ERRORS = PortCounter.PORT_XMIT_CONSTRAINT_ERRORS.ordinal();
    private static final int PORT_XMIT_CONSTRAINT_ERRORS_AT = PortCounter.PORT_XMIT_CONSTRAINT_ERRORS.bitOffset() / 8;
    private static final int PORT_RCV_CONSTRAINT_ERRORS = PortCounter.PORT_RCV_CONSTRAINT_ERRORS.ordinal();
    private static final int PORT_RCV_CONSTRAINT_ERRORS_AT = PortCounter.PORT_RCV_CONSTRAINT_ERRORS.bitOffset() / 8;
    private static final int LOCAL_LINK_INTEGRITY_ERRORS = PortCounter.LOCAL_LINK_INTEGRITY_ERRORS.ordinal();
    private static final int EXCESSIVE_BUFFER_OVERRUN_ERRORS = PortCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS.ordinal();
    private static final int QP1_DROPPED = PortCounter.QP1_DROPPED.ordinal();
    private static final int QP1_DROPPED_AT = PortCounter.QP1_DROPPED.bitOffset() / 8;
    private static final int VL15_DROPPED = PortCounter.VL15_DROPPED.ordinal();
    private static final int VL15_DROPPED_AT = PortCounter.VL15_DROPPED.bitOffset() / 8;
    private static final int PORT_XMIT_DATA = PortCounter.PORT_XMIT_DATA.ordinal();
    private static final int PORT_XMIT_DATA_AT = PortCounter.PORT_XMIT_DATA.bitOffset() / 8;
    private static final int PORT_RCV_DATA = PortCounter.PORT_RCV_DATA.ordinal();
    private static final int PORT_RCV_DATA_AT = PortCounter.PORT_RCV_DATA.bitOffset() / 8;
    private static final int PORT_XMIT_PKTS = PortCounter.PORT_XMIT_PKTS.ordinal();
    private static final int PORT_XMIT_PKTS_AT = PortCounter.PORT_XMIT_PKTS.bitOffset() / 8;
    private static final int PORT_RCV_PKTS = PortCounter.PORT_RCV_PKTS.ordinal();
    private static final int PORT_RCV_PKTS_AT = PortCounter.PORT_RCV_PKTS.bitOffset() / 8;
    private static final int PORT_XMIT_WAIT = PortCounter.PORT_XMIT_WAIT.ordinal();
    private static final int PORT_XMIT_WAIT_AT = PortCounter.PORT_XMIT_WAIT.bitOffset() / 8;
    private static final int NIBBLES_AT = PortCounter.LOCAL_LINK_INTEGRITY_ERRORS.bitOffset() / 8;

    // CounterSelect, then CounterSelect2 (PortXmitWait, QP1Dropped) above it in the combined mask.
    private static final int COUNTER_SELECT_AT = 2;
    private static final int COUNTER_SELECT2_AT = 18;
    private static final int COUNTER_SELECT2_SHIFT = 16;

    private PortCountersLayout() {
    }

    @Override
    public long readSelect(byte[] b, int o) {
        return Bits.u16(b, o + COUNTER_SELECT_AT) | (long) Bits.u8(b, o + COUNTER_SELECT2_AT) << COUNTER_SELECT2_SHIFT;
    }

    @Override
    public void writeSelect(long select, byte[] b, int o) {
        Bits.put16(b, o + COUNTER_SELECT_AT, (int) select);
        Bits.put8(b, o + COUNTER_SELECT2_AT, (int) (select >>> COUNTER_SELECT2_SHIFT));
    }

    @Override
    public void readCounters(byte[] b, int o, long[] v) {
        v[SYMBOL_ERROR_COUNTER] = Bits.u16(b, o + SYMBOL_ERROR_COUNTER_AT);
        v[LINK_ERROR_RECOVERY_COUNTER] = Bits.u8(b, o + LINK_ERROR_RECOVERY_COUNTER_AT);
        v[LINK_DOWNED_COUNTER] = Bits.u8(b, o + LINK_DOWNED_COUNTER_AT);
        v[PORT_RCV_ERRORS] = Bits.u16(b, o + PORT_RCV_ERRORS_AT);
        v[PORT_RCV_REMOTE_PHYSICAL_ERRORS] = Bits.u16(b, o + PORT_RCV_REMOTE_PHYSICAL_ERRORS_AT);
        v[PORT_RCV_SWITCH_RELAY_ERRORS] = Bits.u16(b, o + PORT_RCV_SWITCH_RELAY_ERRORS_AT);
        v[PORT_XMIT_DISCARDS] = Bits.u16(b, o + PORT_XMIT_DISCARDS_AT);
        v[PORT_XMIT_CONSTRAINT_ERRORS] = Bits.u8(b, o + PORT_XMIT_CONSTRAINT_ERRORS_AT);
        v[PORT_RCV_CONSTRAINT_ERRORS] = Bits.u8(b, o + PORT_RCV_CONSTRAINT_ERRORS_AT);
        int nibbles = Bits.u8(b, o + NIBBLES_AT);
        v[LOCAL_LINK_INTEGRITY_ERRORS] = nibbles >>> 4;
        v[EXCESSIVE_BUFFER_OVERRUN_ERRORS] = nibbles & 0xF;
        v[QP1_DROPPED] = Bits.u16(b, o + QP1_DROPPED_AT);
        v[VL15_DROPPED] = Bits.u16(b, o + VL15_DROPPED_AT);
        v[PORT_XMIT_DATA] = Integer.toUnsignedLong(Bits.u32(b, o + PORT_XMIT_DATA_AT));
        v[PORT_RCV_DATA] = Integer.toUnsignedLong(Bits.u32(b, o + PORT_RCV_DATA_AT));
        v[PORT_XMIT_PKTS] = Integer.toUnsignedLong(Bits.u32(b, o + PORT_XMIT_PKTS_AT));
        v[PORT_RCV_PKTS] = Integer.toUnsignedLong(Bits.u32(b, o + PORT_RCV_PKTS_AT));
        v[PORT_XMIT_WAIT] = Integer.toUnsignedLong(Bits.u32(b, o + PORT_XMIT_WAIT_AT));
    }

    @Override
    public void writeCounters(long[] v, byte[] b, int o) {
        Bits.put16(b, o + SYMBOL_ERROR_COUNTER_AT, (int) v[SYMBOL_ERROR_COUNTER]);
        Bits.put8(b, o + LINK_ERROR_RECOVERY_COUNTER_AT, (int) v[LINK_ERROR_RECOVERY_COUNTER]);
        Bits.put8(b, o + LINK_DOWNED_COUNTER_AT, (int) v[LINK_DOWNED_COUNTER]);
        Bits.put16(b, o + PORT_RCV_ERRORS_AT, (int) v[PORT_RCV_ERRORS]);
        Bits.put16(b, o + PORT_RCV_REMOTE_PHYSICAL_ERRORS_AT, (int) v[PORT_RCV_REMOTE_PHYSICAL_ERRORS]);
        Bits.put16(b, o + PORT_RCV_SWITCH_RELAY_ERRORS_AT, (int) v[PORT_RCV_SWITCH_RELAY_ERRORS]);
        Bits.put16(b, o + PORT_XMIT_DISCARDS_AT, (int) v[PORT_XMIT_DISCARDS]);
        Bits.put8(b, o + PORT_XMIT_CONSTRAINT_ERRORS_AT, (int) v[PORT_XMIT_CONSTRAINT_ERRORS]);
        Bits.put8(b, o + PORT_RCV_CONSTRAINT_ERRORS_AT, (int) v[PORT_RCV_CONSTRAINT_ERRORS]);
        Bits.put8(b, o + NIBBLES_AT,
                (int) (v[LOCAL_LINK_INTEGRITY_ERRORS] & 0xF) << 4 | (int) (v[EXCESSIVE_BUFFER_OVERRUN_ERRORS] & 0xF));
        Bits.put16(b, o + QP1_DROPPED_AT, (int) v[QP1_DROPPED]);
        Bits.put16(b, o + VL15_DROPPED_AT, (int) v[VL15_DROPPED]);
        Bits.put32(b, o + PORT_XMIT_DATA_AT, (int) v[PORT_XMIT_DATA]);
        Bits.put32(b, o + PORT_RCV_DATA_AT, (int) v[PORT_RCV_DATA]);
        Bits.put32(b, o + PORT_XMIT_PKTS_AT, (int) v[PORT_XMIT_PKTS]);
        Bits.put32(b, o + PORT_RCV_PKTS_AT, (int) v[PORT_RCV_PKTS]);
        Bits.put32(b, o + PORT_XMIT_WAIT_AT, (int) v[PORT_XMIT_WAIT]);
    }
}
