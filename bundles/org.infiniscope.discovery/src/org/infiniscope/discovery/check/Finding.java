package org.infiniscope.discovery.check;

import java.util.List;
import java.util.Objects;

/**
 * One thing a check found.
 *
 * @param check the check that found it
 * @param severity how bad it is
 * @param kind a stable short name of what was found, for scripts ({@code duplicate-node-guid},
 *        {@code duplicate-port-guid}, {@code duplicate-lid}, {@code lid-range-overlap}, {@code width-degraded},
 *        {@code speed-degraded}, {@code width-enabled-mismatch}, {@code speed-enabled-mismatch}, {@code stuck-init},
 *        {@code stuck-armed}, {@code coming-up}, {@code unconfigured}, {@code missing-link}, {@code extra-link},
 *        {@code miscabled-link}, {@code ambiguous-name})
 * @param text one line for people
 * @param at the ports (or nodes) concerned
 */
public record Finding(Check check, Severity severity, String kind, String text, List<Location> at) {

    /** Copies the list. */
    public Finding {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(text, "text");
        at = List.copyOf(at);
    }
}
