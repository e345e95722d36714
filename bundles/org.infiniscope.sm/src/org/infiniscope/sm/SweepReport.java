package org.infiniscope.sm;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.infiniscope.sm.subnet.Subnet;

/**
 * What one sweep did.
 *
 * @param kind the kind it ended as (a light sweep that found a change is reported as the heavy one it became)
 * @param phases how long each phase of a heavy sweep took, in phase order; empty for a light sweep
 * @param smps the SMPs sent, retries included
 * @param subnet the subnet published at its end, empty when it failed or this SM is not the master
 * @param problem why it failed or what it left undone, empty when it brought the subnet up
 */
public record SweepReport(SweepKind kind, Map<SmPhase, Duration> phases, long smps, Optional<Subnet> subnet,
        Optional<String> problem) {

    /** Copies the phases. */
    public SweepReport {
        Objects.requireNonNull(kind, "kind");
        phases = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(phases));
        Objects.requireNonNull(subnet, "subnet");
        Objects.requireNonNull(problem, "problem");
    }

    /** @return whether the subnet is up after it */
    public boolean up() {
        return subnet.isPresent() && problem.isEmpty();
    }
}
