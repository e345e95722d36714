package org.infiniscope.mad.perf;

import org.infiniscope.mad.ClassPortInfo;

/**
 * The PerfMgt bits of ClassPortInfo's CapabilityMask and CapabilityMask2 (IBA 16.1.3.1 and its errata;
 * the names follow libibmad and OpenSM).
 */
public final class PerfCapability {

    /** CapabilityMask bit 8: PortSelect 0xFF addresses all ports at once. */
    public static final int ALL_PORT_SELECT = 1 << 8;
    /** CapabilityMask bit 9: PortCountersExtended with all eight 64-bit counters. */
    public static final int IS_EXTENDED_WIDTH_SUPPORTED = 1 << 9;
    /** CapabilityMask bit 10: PortCountersExtended with only the four data and packet counters. */
    public static final int IS_EXTENDED_WIDTH_SUPPORTED_NO_IETF = 1 << 10;
    /** CapabilityMask bit 11: only PortSamplesControl/Result, no PortCounters. */
    public static final int IS_SAMPLES_ONLY_SUPPORTED = 1 << 11;
    /** CapabilityMask bit 12: PortCounters' PortXmitWait is implemented. */
    public static final int PORT_COUNTERS_XMIT_WAIT_SUPPORTED = 1 << 12;
    /** CapabilityMask bit 13: constraint errors are not counted for limited-membership multicast P_Keys. */
    public static final int IS_INHERIT_LIMITED_PKEY_MC_CONSTRAINT_ERRORS = 1 << 13;
    /** CapabilityMask bit 14: RS-FEC counters are supported. */
    public static final int IS_RSFEC_COUNTERS_SUPPORTED = 1 << 14;
    /** CapabilityMask bit 15: PortCounters' QP1Dropped is implemented. */
    public static final int IS_QP1_DROPPED_SUPPORTED = 1 << 15;
    /** CapabilityMask2 bit 0: PM_Key is supported. */
    public static final int IS_PM_KEY_SUPPORTED = 1 << 0;
    /** CapabilityMask2 bit 1: PortCountersExtended also carries the 64-bit error counters. */
    public static final int IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED = 1 << 1;

    private PerfCapability() {
    }

    /**
     * @return the PortCountersExtended layout the port answers with, or {@code null} when it answers none
     *         (then only the 32-bit PortCounters are there)
     */
    public static ExtendedCounterVariant extendedVariant(ClassPortInfo info) {
        if (info.hasCapability(IS_EXTENDED_WIDTH_SUPPORTED)) {
            return info.hasCapability2(IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED)
                    ? ExtendedCounterVariant.ADDITIONAL
                    : ExtendedCounterVariant.FULL;
        }
        return info.hasCapability(IS_EXTENDED_WIDTH_SUPPORTED_NO_IETF) ? ExtendedCounterVariant.NO_IETF : null;
    }
}
