package org.infiniscope.mad.transport;

/**
 * Counters of a transport since it opened.
 *
 * @param sent MADs handed to the channel, retries, answers and RMPP segments and ACKs included
 * @param received MADs the channel delivered
 * @param answered requests completed with an answer
 * @param retried re-sends after a time-out
 * @param timedOut requests that failed after their last attempt, or whose RMPP answer stalled
 * @param unmatched answers that matched no outstanding request (late, duplicated, or foreign)
 * @param unhandled unsolicited MADs no agent took
 * @param outstanding requests sent and not yet answered now; a request whose answer is still arriving in
 *        segments counts once
 * @param queued requests waiting for room in the window now
 * @param rmppTransfers RMPP transfers the transport ran itself and completed, received and sent
 * @param rmppSegments RMPP DATA segments the transport sent (resends included) or took in
 * @param rmppAborted RMPP transfers that ended without their message: aborted or stopped by either side,
 *        given up after too many retries, or stalled
 */
public record TransportStatistics(long sent, long received, long answered, long retried, long timedOut, long unmatched,
        long unhandled, int outstanding, int queued, long rmppTransfers, long rmppSegments, long rmppAborted) {
}
