package org.infiniscope.sm;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One sweep as the SM's history keeps it ({@link SubnetManager#sweepHistory()}).
 *
 * @param number the sweep's place among all sweeps of this SM, light and heavy, from 1
 * @param kind the kind it ended as (a light sweep that found a change is the heavy one it became)
 * @param start when it started
 * @param duration how long it took, all phases and what came between them
 * @param phases how long each phase of a heavy sweep took, in phase order; empty for a light sweep
 * @param smps the SMPs sent, retries included
 * @param up whether the subnet was up after it
 * @param problem why it failed, or what it left undone, or why the SM did not go on as master; empty when up
 * @param changes what it found changed and what it wrote
 */
public record SweepHistoryEntry(long number, SweepKind kind, Instant start, Duration duration,
        Map<SmPhase, Duration> phases, long smps, boolean up, Optional<String> problem, SweepChanges changes) {

    /** Copies the phases. */
    public SweepHistoryEntry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(duration, "duration");
        phases = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(phases));
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(changes, "changes");
    }

    /** @return the result in a word: {@code up}, {@code failed} or, without a problem but not up, {@code standby} */
    public String result() {
        if (up) {
            return "up";
        }
        return problem.filter(p -> p.startsWith("standing by") || p.startsWith("handed over")).isPresent()
                ? "standby"
                : "failed";
    }
}
