package org.infiniscope.mad.perf;

/**
 * The 64-bit counters of PortCountersExtended (attribute 0x1D, IBA 16.1.4.11). Which of them a port
 * carries depends on its ClassPortInfo: see {@link ExtendedCounterVariant}.
 */
public enum ExtendedPortCounter implements PerfCounter {

    PORT_XMIT_DATA("PortXmitData", 64, 0),
    PORT_RCV_DATA("PortRcvData", 128, 1),
    PORT_XMIT_PKTS("PortXmitPkts", 192, 2),
    PORT_RCV_PKTS("PortRcvPkts", 256, 3),
    PORT_UNICAST_XMIT_PKTS("PortUnicastXmitPkts", 320, 4),
    PORT_UNICAST_RCV_PKTS("PortUnicastRcvPkts", 384, 5),
    PORT_MULTICAST_XMIT_PKTS("PortMulticastXmitPkts", 448, 6),
    PORT_MULTICAST_RCV_PKTS("PortMulticastRcvPkts", 512, 7),
    // The additional counters are selected by CounterSelect2 (bits 32–63 of the attribute), bit 0 first.
    SYMBOL_ERROR_COUNTER("SymbolErrorCounter", 576, 16),
    LINK_ERROR_RECOVERY_COUNTER("LinkErrorRecoveryCounter", 640, 17),
    LINK_DOWNED_COUNTER("LinkDownedCounter", 704, 18),
    PORT_RCV_ERRORS("PortRcvErrors", 768, 19),
    PORT_RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", 832, 20),
    PORT_RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", 896, 21),
    PORT_XMIT_DISCARDS("PortXmitDiscards", 960, 22),
    PORT_XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", 1024, 23),
    PORT_RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", 1088, 24),
    LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", 1152, 25),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", 1216, 26),
    VL15_DROPPED("VL15Dropped", 1280, 27),
    PORT_XMIT_WAIT("PortXmitWait", 1344, 28),
    QP1_DROPPED("QP1Dropped", 1408, 29);

    private final CounterField field;

    ExtendedPortCounter(String label, int bitOffset, int selectBit) {
        this.field = new CounterField(label, bitOffset, 64, selectBit);
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
