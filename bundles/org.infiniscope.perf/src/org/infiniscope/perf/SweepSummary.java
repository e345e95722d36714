package org.infiniscope.perf;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What one sweep of the counters did.
 *
 * @param started when it started
 * @param elapsed how long it took
 * @param nodes the nodes whose PMA was asked
 * @param ports the ports read
 * @param unreachable the nodes whose PMA did not answer after the retries, by description
 * @param queries the PMA queries sent (retries not counted)
 * @param resets the PortCounters resets the manager made (only with {@link PollOptions#resetNearSaturation})
 */
public record SweepSummary(Instant started, Duration elapsed, int nodes, int ports, List<String> unreachable,
        long queries, int resets) {

    /** Copies. */
    public SweepSummary {
        unreachable = List.copyOf(unreachable);
    }
}
