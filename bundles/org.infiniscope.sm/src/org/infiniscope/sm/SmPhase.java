package org.infiniscope.sm;

import java.util.Locale;

/** The phases of a heavy sweep, in order; each is printed as {@code SM phase NAME SECONDS s}. */
public enum SmPhase {
    /** Directed-route discovery, then the records the SM needs (NodeInfo, SwitchInfo, PortInfo, SMInfo). */
    DISCOVERY,
    /** LID assignment: kept, from the guid2lid file, or allocated; the file is written. */
    LIDS,
    /** The routing engines of the chain compute the forwarding tables. */
    ROUTING,
    /** PortInfo of every endport, SwitchInfo and the changed LFT blocks of every switch. */
    PROGRAMMING,
    /** Every port INIT to ARMED to ACTIVE. */
    ACTIVATION;

    /** @return the name as printed: lower case */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
