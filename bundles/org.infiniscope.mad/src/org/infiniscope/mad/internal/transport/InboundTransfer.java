package org.infiniscope.mad.internal.transport;

import org.infiniscope.mad.rmpp.RmppReceiver;
import org.infiniscope.mad.transport.MadAddress;

/**
 * A message arriving in RMPP segments: an answer to one outstanding request, or a request for the agents.
 * Besides the receiver's own total time, an answer fails when no new segment comes for as long as the
 * request was willing to wait for its first answer over all its attempts (time-out × (retries + 1)): a slow
 * but moving transfer lives on, a dead sender does not hold the window for the RMPP total time. A request
 * has only the receiver's total time.
 */
final class InboundTransfer extends Transfer {

    /** Far enough not to matter, near enough not to overflow when added to a nanoTime. */
    private static final long NO_STALL_LIMIT = java.util.concurrent.TimeUnit.DAYS.toNanos(365);

    final RmppReceiver receiver;
    /** The request answered, or {@code null} when the message is a request for the agents. */
    final Pending pending;
    final long stallNanos;
    /** The first segment's header region, once a first segment was taken; guarded by this object. */
    byte[] header;
    /** When a segment never seen before last arrived; guarded by this object. */
    long lastSegmentNanos;
    private long highestSegment;

    InboundTransfer(TransferKey key, MadAddress peer, RmppReceiver receiver, Pending pending, long now) {
        super(key, peer);
        this.receiver = receiver;
        this.pending = pending;
        this.stallNanos = pending == null
                ? NO_STALL_LIMIT
                : java.util.concurrent.TimeUnit.MILLISECONDS
                        .toNanos((long) pending.timeoutMillis * (pending.attempts + pending.retriesLeft));
        this.lastSegmentNanos = now;
    }

    /**
     * Notes a DATA segment. Only a segment beyond every one seen is progress: a sender that resends the
     * same window, because what follows it is lost, keeps the transfer no more alive than silence does.
     */
    void progress(long segmentNumber, long now) {
        if (segmentNumber > highestSegment) {
            highestSegment = segmentNumber;
            lastSegmentNanos = now;
        }
    }

    /** @return when the transfer counts as stalled unless another segment arrives */
    long stallDeadline() {
        return lastSegmentNanos + stallNanos;
    }
}
