package org.infiniscope.perf;

/**
 * The counters the performance manager keeps a 64-bit total of, named as the IBA spec and perfquery name them.
 * The data counters count octets here (the PMA counts words of 4).
 */
public enum Counter {

    SYMBOL_ERROR_COUNTER("SymbolErrorCounter", true),
    LINK_ERROR_RECOVERY_COUNTER("LinkErrorRecoveryCounter", true),
    LINK_DOWNED_COUNTER("LinkDownedCounter", true),
    PORT_RCV_ERRORS("PortRcvErrors", true),
    PORT_RCV_REMOTE_PHYSICAL_ERRORS("PortRcvRemotePhysicalErrors", true),
    PORT_RCV_SWITCH_RELAY_ERRORS("PortRcvSwitchRelayErrors", true),
    PORT_XMIT_DISCARDS("PortXmitDiscards", true),
    PORT_XMIT_CONSTRAINT_ERRORS("PortXmitConstraintErrors", true),
    PORT_RCV_CONSTRAINT_ERRORS("PortRcvConstraintErrors", true),
    LOCAL_LINK_INTEGRITY_ERRORS("LocalLinkIntegrityErrors", true),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("ExcessiveBufferOverrunErrors", true),
    VL15_DROPPED("VL15Dropped", true),
    PORT_XMIT_WAIT("PortXmitWait", false),
    PORT_XMIT_DATA("PortXmitData", false),
    PORT_RCV_DATA("PortRcvData", false),
    PORT_XMIT_PKTS("PortXmitPkts", false),
    PORT_RCV_PKTS("PortRcvPkts", false),
    // PortExtendedSpeedsCounters, of ports running FDR or faster: the per-lane counters summed over the lanes
    /** Blocks received with a bad 64b/66b sync header. */
    SYNC_HEADER_ERROR_COUNTER("SyncHeaderErrorCounter", false),
    /** Blocks received of no known type. */
    UNKNOWN_BLOCK_COUNTER("UnknownBlockCounter", false),
    /** Errors the lanes' error detection found, all lanes together. */
    ERROR_DETECTION_COUNTER("ErrorDetectionCounter", false),
    /** FEC blocks corrected, all lanes together (with RS-FEC: PortFECCorrectableBlockCtr). */
    FEC_CORRECTABLE_BLOCKS("FECCorrectableBlockCounter", false),
    /** FEC blocks that could not be corrected, all lanes together (with RS-FEC: PortFECUncorrectableBlockCtr). */
    FEC_UNCORRECTABLE_BLOCKS("FECUncorrectableBlockCounter", false),
    /** Symbols RS-FEC corrected (PortFECCorrectedSymbolCtr); only with RS-FEC active. */
    FEC_CORRECTED_SYMBOLS("FECCorrectedSymbolCounter", false);

    private final String label;
    private final boolean error;

    Counter(String label, boolean error) {
        this.label = label;
        this.error = error;
    }

    /** @return the name perfquery prints, such as {@code PortXmitData} */
    public String label() {
        return label;
    }

    /** @return whether it counts errors (ibqueryerrors' threshold file names these, and PortXmitWait) */
    public boolean isError() {
        return error;
    }

    /** @return the counter of this label, or {@code null} */
    public static Counter ofLabel(String label) {
        return BY_LABEL.get(label);
    }

    /** Every counter by its label: a sweep looks up each counter of each port it reads. */
    private static final java.util.Map<String, Counter> BY_LABEL;

    static {
        java.util.Map<String, Counter> byLabel = new java.util.HashMap<>();
        for (Counter c : values()) {
            byLabel.putIfAbsent(c.label, c);
        }
        BY_LABEL = java.util.Map.copyOf(byLabel);
    }
}
