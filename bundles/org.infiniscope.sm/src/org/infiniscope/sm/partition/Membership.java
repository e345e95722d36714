package org.infiniscope.sm.partition;

/** How a port belongs to a partition: the P_Key's membership bit (full: bit 15 set). */
public enum Membership {
    /** Limited member: may talk to full members only. */
    LIMITED,
    /** Full member. */
    FULL,
    /** Both: full, and limited as well when OpenSM's {@code allow_both_pkeys} is on (else just full). */
    BOTH;

    /** @return the word of {@code partitions.conf} */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
