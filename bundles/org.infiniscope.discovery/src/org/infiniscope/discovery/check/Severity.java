package org.infiniscope.discovery.check;

/** How bad a {@link Finding} is: errors and warnings fail a check, notes do not. */
public enum Severity {
    /** The fabric is wrong: a duplicate, a missing or mis-cabled link, a port that does not come up. */
    ERROR,
    /** The fabric works below what it should: a degraded link, ends configured apart. */
    WARNING,
    /** Worth knowing, not a failure: a port that was still coming up and has come up. */
    NOTE;

    /** @return whether a finding of this severity fails its check */
    public boolean fails() {
        return this != NOTE;
    }
}
