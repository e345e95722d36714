package org.infiniscope.topology.internal;

/** Range checks of generator parameters; each message starts with the field's name in the spec grammar. */
final class Sizes {

    /** A bound that keeps a mistyped spec from exhausting memory: a few times the largest fabric we serve. */
    static final long MAX_NODES = 200_000;

    private Sizes() {
    }

    static void atLeast(String field, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(field + ": " + value + " is below " + min);
        }
    }

    static void ports(String field, int ports) {
        if (ports > 254) {
            throw new IllegalArgumentException(field + ": the switches would need " + ports + " ports, at most 254");
        }
    }

    static void nodes(String field, long nodes) {
        if (nodes > MAX_NODES) {
            throw new IllegalArgumentException(field + ": " + nodes + " nodes, at most " + MAX_NODES);
        }
    }
}
