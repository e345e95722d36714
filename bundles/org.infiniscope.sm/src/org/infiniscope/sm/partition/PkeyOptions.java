package org.infiniscope.sm.partition;

/**
 * The OpenSM options that shape P_Key tables, with OpenSM 3.3.23's defaults in {@link #DEFAULTS}.
 *
 * @param allowBothPkeys {@code allow_both_pkeys}: a port may be a full and a limited member of one partition
 * @param keepPkeyIndexes {@code keep_pkey_indexes}: a P_Key keeps the index it has in a port's table across sweeps
 * @param partEnforce {@code part_enforce}: which direction switch ports facing end ports enforce
 */
public record PkeyOptions(boolean allowBothPkeys, boolean keepPkeyIndexes, Enforcement partEnforce) {

    /** OpenSM's defaults: {@code allow_both_pkeys FALSE}, {@code keep_pkey_indexes TRUE}, {@code part_enforce both}. */
    public static final PkeyOptions DEFAULTS = new PkeyOptions(false, true, Enforcement.BOTH);

    /** Partition enforcement on a switch port (PortInfo's PartitionEnforcementInbound/Outbound bits). */
    public enum Enforcement {
        /** Neither direction. */
        OFF,
        /** Inbound only. */
        IN,
        /** Outbound only. */
        OUT,
        /** Both directions. */
        BOTH
    }
}
