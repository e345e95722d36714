package org.infiniscope.perf.internal;

import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.ExtendedSpeedsCounter;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.perf.RsFecCounter;

/**
 * What one port's PMA answered in a sweep.
 *
 * @param target the port
 * @param counters its PortCounters, or {@code null} when not asked (or on failure)
 * @param extended its PortCountersExtended, or {@code null}
 * @param resetByUs whether its PortCounters were cleared right after this reading (near saturation)
 * @param failure why it could not be read, or {@code null}
 * @param speeds its PortExtendedSpeedsCounters ({@link ExtendedSpeedsCounter} or {@link RsFecCounter}), or
 *        {@code null}
 */
record Reading(Target target, PerfCounters<PortCounter> counters, PerfCounters<ExtendedPortCounter> extended,
        boolean resetByUs, String failure, PerfCounters<?> speeds) {

    Reading(Target target, PerfCounters<PortCounter> counters, PerfCounters<ExtendedPortCounter> extended,
            boolean resetByUs, String failure) {
        this(target, counters, extended, resetByUs, failure, null);
    }
}
