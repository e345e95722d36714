package org.infiniscope.mad.perf;

import java.util.EnumSet;

import org.infiniscope.mad.perf.PerfCounterCodec.SelectField;

/** The PerfMgt counter attributes and their codecs (IBA 16.1.3 and 16.1.4). */
public final class PerfAttributes {

    public static final int PORT_SAMPLES_CONTROL_ID = 0x10;
    public static final int PORT_SAMPLES_RESULT_ID = 0x11;
    public static final int PORT_COUNTERS_ID = 0x12;
    public static final int PORT_RCV_ERROR_DETAILS_ID = 0x15;
    public static final int PORT_XMIT_DISCARD_DETAILS_ID = 0x16;
    public static final int PORT_COUNTERS_EXTENDED_ID = 0x1D;
    public static final int PORT_EXTENDED_SPEEDS_COUNTERS_ID = 0x1F;

    /** PortCounters: CounterSelect at bits 16–31, CounterSelect2 (PortXmitWait, QP1Dropped) at bits 144–151. */
    public static final PerfCounterCodec<PortCounter> PORT_COUNTERS = new PerfCounterCodec<>(PORT_COUNTERS_ID,
            "PortCounters", 44, PortCounter.class, EnumSet.allOf(PortCounter.class), PortCountersLayout.INSTANCE,
            new SelectField(16, 16, 0), new SelectField(144, 8, 16));

    /** PortRcvErrorDetails. */
    public static final PerfCounterCodec<RcvErrorDetail> PORT_RCV_ERROR_DETAILS = new PerfCounterCodec<>(
            PORT_RCV_ERROR_DETAILS_ID, "PortRcvErrorDetails", 16, RcvErrorDetail.class,
            EnumSet.allOf(RcvErrorDetail.class), new SelectField(16, 16, 0));

    /** PortXmitDiscardDetails. */
    public static final PerfCounterCodec<XmitDiscardDetail> PORT_XMIT_DISCARD_DETAILS = new PerfCounterCodec<>(
            PORT_XMIT_DISCARD_DETAILS_ID, "PortXmitDiscardDetails", 12, XmitDiscardDetail.class,
            EnumSet.allOf(XmitDiscardDetail.class), new SelectField(16, 16, 0));

    /**
     * PortExtendedSpeedsCounters without RS-FEC (140 bytes): CounterSelect is the 64 bits at bits 64–127. Which
     * layout a port answers with is not in the PMA's ClassPortInfo alone: RS-FEC needs
     * {@link PerfCapability#IS_RSFEC_COUNTERS_SUPPORTED} and RS-FEC active on the link (PortInfoExtended).
     */
    public static final PerfCounterCodec<ExtendedSpeedsCounter> PORT_EXTENDED_SPEEDS_COUNTERS = new PerfCounterCodec<>(
            PORT_EXTENDED_SPEEDS_COUNTERS_ID, "PortExtendedSpeedsCounters", 140, ExtendedSpeedsCounter.class,
            EnumSet.allOf(ExtendedSpeedsCounter.class), new SelectField(64, 64, 0));

    /** PortExtendedSpeedsCounters with RS-FEC active (152 bytes), the same attribute ID. */
    public static final PerfCounterCodec<RsFecCounter> PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC = new PerfCounterCodec<>(
            PORT_EXTENDED_SPEEDS_COUNTERS_ID, "PortExtendedSpeedsCounters with RS-FEC Active", 152, RsFecCounter.class,
            EnumSet.allOf(RsFecCounter.class), new SelectField(64, 64, 0));

    private PerfAttributes() {
    }
}
