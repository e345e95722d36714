package org.infiniscope.perf.internal;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.PerfCapability;

/**
 * What a node's PMA answers, from its ClassPortInfo.
 *
 * @param variant the PortCountersExtended layout it answers with, or {@code null} (PortCounters only)
 */
record Capabilities(ExtendedCounterVariant variant) {

    static Capabilities of(ClassPortInfo info) {
        return new Capabilities(PerfCapability.extendedVariant(info));
    }

    /** @return whether PortCountersExtended carries the error counters too: one query a port is enough */
    boolean extendedOnly() {
        return variant == ExtendedCounterVariant.ADDITIONAL;
    }
}
