package org.infiniscope.mad.internal.transport;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.transport.MadAddress;

/**
 * What the two sides of an RMPP transfer share: the peer, and the one timer task that wakes the state
 * machine at its deadline. The state machine is driven under this object's monitor, which is never held
 * while calling the channel: a loopback or simulated peer may answer on the same thread, or lock its own
 * transfer and send to this one.
 */
abstract class Transfer {

    final TransferKey key;
    final MadAddress peer;
    private boolean finished;
    private ScheduledFuture<?> task;
    private long taskAt;

    Transfer(TransferKey key, MadAddress peer) {
        this.key = key;
        this.peer = peer;
    }

    /**
     * Makes sure the timer wakes {@code action} no later than {@code at} (nanoTime). A task already due
     * earlier is kept: when it fires the action finds the deadline not yet reached and asks again, which
     * costs less than moving the task at every segment.
     */
    final synchronized void wakeBy(long at, ScheduledExecutorService timer, Runnable action) {
        if (task != null && taskAt - at <= 0) {
            return;
        }
        if (task != null) {
            task.cancel(false);
        }
        taskAt = at;
        try {
            task = timer.schedule(() -> {
                synchronized (this) {
                    task = null;
                }
                action.run();
            }, Math.max(0, at - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            task = null; // the transport closed: nothing is waited for any more
        }
    }

    /** @return true the first time only: the one caller that reports the transfer's outcome */
    final synchronized boolean finish() {
        if (finished) {
            return false;
        }
        finished = true;
        return true;
    }

    /** Stops the timer. */
    final synchronized void cancelTimer() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
    }
}
