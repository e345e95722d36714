package org.infiniscope.perf.internal;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.PerfCapability;

/**
 * What a node's PMA answers, from its ClassPortInfo.
 *
 * @param variant the PortCountersExtended layout it answers with, or {@code null} (PortCounters only)
 * @param allPortSelect whether PortSelect 0xFF sums the counters of all its ports (switches)
 */
record Capabilities(ExtendedCounterVariant variant, boolean allPortSelect) {

    static Capabilities of(ClassPortInfo info) {
        return new Capabilities(PerfCapability.extendedVariant(info),
                info.hasCapability(PerfCapability.ALL_PORT_SELECT));
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
