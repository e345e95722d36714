package org.infiniscope.sim;

import java.time.Duration;

/** Real time: the clock of a fabric that clients use as they would a real one. */
final class SystemClock implements SimClock {

    static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void pass(Duration time) throws InterruptedException {
        // the wait itself is what was asked for: a fault script's "wait 5s" on a fabric that runs in real time
        long deadline = System.nanoTime() + time.toNanos();
        for (long left = time.toNanos(); left > 0; left = deadline - System.nanoTime()) {
            Thread.sleep(Duration.ofNanos(left));
        }
    }

    @Override
    public String toString() {
        return "real time";
    }
}
