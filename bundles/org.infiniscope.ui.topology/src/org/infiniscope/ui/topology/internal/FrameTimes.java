package org.infiniscope.ui.topology.internal;

import java.util.function.IntConsumer;

/** The last frames' paint times, in microseconds, in a ring. */
final class FrameTimes {

    private final int[] micros;
    private int count;
    private int next;

    FrameTimes(int capacity) {
        micros = new int[capacity];
    }

    void add(long nanos) {
        micros[next] = (int) Math.min(Integer.MAX_VALUE, nanos / 1000);
        next = (next + 1) % micros.length;
        count = Math.min(count + 1, micros.length);
    }

    void forEach(IntConsumer consumer) {
        int start = (next - count + micros.length) % micros.length;
        for (int i = 0; i < count; i++) {
            consumer.accept(micros[(start + i) % micros.length]);
        }
    }
}
