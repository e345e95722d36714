package org.infiniscope.rest.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts failed logins by client address in a sliding window. An address with {@code max} failures in the window is
 * blocked until the oldest of them leaves it: its requests are then refused before any token is checked, so a
 * guesser learns nothing, however fast it asks.
 */
final class FailedLogins {

    private volatile int max;
    private volatile long windowNanos;
    private final Map<String, Deque<Long>> failures = new ConcurrentHashMap<>();

    FailedLogins(int max, long windowSeconds) {
        this.max = max;
        this.windowNanos = windowSeconds * 1_000_000_000L;
    }

    /** Changes the limits; the failures counted so far count against the new ones. */
    void limits(int max, long windowSeconds) {
        this.max = max;
        this.windowNanos = windowSeconds * 1_000_000_000L;
    }

    /** @return seconds until the address may try again, 0 when it may now */
    long blockedSeconds(String address, long nowNanos) {
        Deque<Long> times = failures.get(address);
        if (times == null) {
            return 0;
        }
        synchronized (times) {
            expire(times, nowNanos);
            if (times.size() < max) {
                return 0;
            }
            return Math.max(1, (times.peekFirst() + windowNanos - nowNanos + 999_999_999L) / 1_000_000_000L);
        }
    }

    /**
     * Counts a failure.
     *
     * @return whether this failure blocked the address (the first to reach the limit)
     */
    boolean fail(String address, long nowNanos) {
        Deque<Long> times = failures.computeIfAbsent(address, a -> new ArrayDeque<>());
        synchronized (times) {
            expire(times, nowNanos);
            times.addLast(nowNanos);
            return times.size() == max;
        }
    }

    private void expire(Deque<Long> times, long nowNanos) {
        while (!times.isEmpty() && nowNanos - times.peekFirst() >= windowNanos) {
            times.removeFirst();
        }
    }
}
