package org.infiniscope.sm;

/** What a sweep does. */
public enum SweepKind {
    /** Discover the whole subnet, assign LIDs, route, program and activate. */
    HEAVY,
    /** Check every switch for a port state change (and the SMs for a change of master); heavy when one is found. */
    LIGHT
}
