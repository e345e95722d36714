package org.infiniscope.perf.internal;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.PerfCapability;

/**
 * What a node's PMA answers, from its ClassPortInfo.
 *
 * @param variant the PortCountersExtended layout it answers with, or {@code null} (PortCounters only)
 * @param allPortSelect whether PortSelect 0xFF sums the counters of all its ports (switches)
 * @param rsFecCounters whether it has IsRSFECCountersSupported: its EDR and faster links, which run RS-FEC, answer
 *        PortExtendedSpeedsCounters in the RS-FEC layout
 * @param speedsCounters whether its ports running an extended speed answered PortExtendedSpeedsCounters; {@code null}
 *        until one was asked
 */
record Capabilities(ExtendedCounterVariant variant, boolean allPortSelect, boolean rsFecCounters,
        Boolean speedsCounters) {

    static Capabilities of(ClassPortInfo info) {
        return new Capabilities(PerfCapability.extendedVariant(info),
                info.hasCapability(PerfCapability.ALL_PORT_SELECT),
                info.hasCapability(PerfCapability.IS_RSFEC_COUNTERS_SUPPORTED), null);
    }

    /** @return the same, knowing whether PortExtendedSpeedsCounters are answered */
    Capabilities withSpeedsCounters(boolean answered) {
        return new Capabilities(variant, allPortSelect, rsFecCounters, answered);
    }

    /**
     * @return whether a port of this link speed answers in the RS-FEC layout: the PMA claims RS-FEC counters and
     *         the link runs EDR or faster (FDR's FEC is Firecode). PortInfoExtended's FECModeActive would say for
     *         sure; discovery does not read it.
     */
    boolean rsFec(int speedExt) {
        return rsFecCounters && speedExt >= 2;
    }

    /**
     * @return whether the node's error counters can be checked with one query: the data counters come from
     *         PortCountersExtended and the agent sums PortCounters over its ports
     */
    boolean sumsErrors() {
        return allPortSelect && variant != null && !extendedOnly();
    }

    /** @return whether PortCountersExtended carries the error counters too: one query a port is enough */
    boolean extendedOnly() {
        return variant == ExtendedCounterVariant.ADDITIONAL;
    }
}
