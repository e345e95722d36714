package org.infiniscope.mad.perf;

/**
 * The counters of PortCounters (attribute 0x12, IBA 16.1.3.5), with their exact widths and CounterSelect
 * bits. All stop at their maximum rather than wrap.
 */
public enum PortCounter implements PerfCounter {

    SYMBOL_ERROR_COUNTER("SymbolErrorCounter", 32, 16, 0),
    LINK_ERROR_RECOVERY_COUNTER("LinkErrorRecoveryCounter", 48, 8, 1),
    LINK_DOWNED_COUNTER("LinkDownedCounter", 56, 8, 2),
    PORT_RCV_ERRORS("PortRcvErrors", 64, 16, 3),
    PORT_RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", 80, 16, 4),
    PORT_RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", 96, 16, 5),
    PORT_XMIT_DISCARDS("PortXmitDiscards", 112, 16, 6),
    PORT_XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", 128, 8, 7),
    PORT_RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", 136, 8, 8),
    LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", 152, 4, 9),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", 156, 4, 10),
    /**
     * Bits 160–175 (IBA 1.3); only meaningful with {@link PerfCapability#IS_QP1_DROPPED_SUPPORTED}. Its select
     * bit is taken as CounterSelect2 bit 1, next to PortXmitWait's bit 0; no capture confirms it, since
     * perfquery never selects QP1Dropped.
     */
    QP1_DROPPED("QP1Dropped", 160, 16, 17),
    VL15_DROPPED("VL15Dropped", 176, 16, 11),
    PORT_XMIT_DATA("PortXmitData", 192, 32, 12),
    PORT_RCV_DATA("PortRcvData", 224, 32, 13),
    PORT_XMIT_PKTS("PortXmitPkts", 256, 32, 14),
    PORT_RCV_PKTS("PortRcvPkts", 288, 32, 15),
    /**
     * CounterSelect2 bit 0; only meaningful with {@link PerfCapability#PORT_COUNTERS_XMIT_WAIT_SUPPORTED}.
     */
    PORT_XMIT_WAIT("PortXmitWait", 320, 32, 16);

    private final CounterField field;

    PortCounter(String label, int bitOffset, int width, int selectBit) {
        this.field = new CounterField(label, bitOffset, width, selectBit);
    }

    @Override
    public CounterField field() {
        return field;
    }

    @Override
    public boolean countsDataWords() {
        return this == PORT_XMIT_DATA || this == PORT_RCV_DATA;
    }
}
