package org.infiniscope.sm.internal.routing;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * Runs an engine's independent per-switch (or per-destination) work on the common pool while the calling thread
 * can still be interrupted by the SM: every task checks the caller's interrupt flag, and the call throws
 * {@link InterruptedException} once all stopped.
 */
final class Interrupts {

    /** Work on item {@code i} with a per-thread scratch object. */
    @FunctionalInterface
    interface Task<S> {
        void run(int i, S scratch) throws InterruptedException;
    }

    private final Thread caller = Thread.currentThread();
    private final AtomicBoolean stopped = new AtomicBoolean();

    /** @throws InterruptedException when the calling thread was interrupted */
    void check() throws InterruptedException {
        if (stopped.get() || caller.isInterrupted()) {
            stopped.set(true);
            throw new InterruptedException("routing interrupted");
        }
    }

    /** Runs {@code task} for {@code 0..count-1} in parallel, each worker with its own scratch. */
    <S> void forEach(int count, Supplier<S> scratch, Task<S> task) throws InterruptedException {
        check();
        ThreadLocal<S> local = ThreadLocal.withInitial(scratch);
        IntStream.range(0, count).parallel().forEach(i -> {
            if (stopped.get() || caller.isInterrupted()) {
                stopped.set(true);
                return;
            }
            try {
                task.run(i, local.get());
            } catch (InterruptedException e) {
                stopped.set(true);
            }
        });
        check();
    }
}
