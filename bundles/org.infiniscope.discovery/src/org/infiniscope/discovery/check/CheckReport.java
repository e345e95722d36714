package org.infiniscope.discovery.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the checks found.
 *
 * @param checks the checks that ran
 * @param findings the findings, grouped by check in {@link Check} order
 */
public record CheckReport(Set<Check> checks, List<Finding> findings) {

    /** Copies the collections, grouping the findings by check (stable within a check). */
    public CheckReport {
        checks = checks.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(checks));
        List<Finding> sorted = new ArrayList<>(findings);
        sorted.sort(Comparator.comparing(Finding::check));
        findings = List.copyOf(sorted);
    }

    /** @return the number of findings of a severity */
    public long count(Severity severity) {
        return findings.stream().filter(f -> f.severity() == severity).count();
    }

    /** @return whether a finding fails its check */
    public boolean failed() {
        return findings.stream().anyMatch(f -> f.severity().fails());
    }

    /** @return whether one of this check's findings fails it */
    public boolean failed(Check check) {
        return findings.stream().anyMatch(f -> f.check() == check && f.severity().fails());
    }

    /** @return this report with more findings of checks that ran */
    public CheckReport with(List<Finding> more) {
        List<Finding> all = new ArrayList<>(findings);
        all.addAll(more);
        return new CheckReport(checks, all);
    }
}
