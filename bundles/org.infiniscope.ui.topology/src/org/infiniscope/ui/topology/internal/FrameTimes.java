package org.infiniscope.ui.topology.internal;

/** How many frames the canvas painted, and how long the last one took. */
final class FrameTimes {

    private long count;
    private int lastMicros;

    void add(long nanos) {
        lastMicros = (int) Math.min(Integer.MAX_VALUE, nanos / 1000);
        count++;
    }

    long count() {
        return count;
    }

    int last() {
        return lastMicros;
    }
}
