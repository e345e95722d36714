package org.infiniscope.mad.transport;

/**
 * Counters of a transport since it opened.
 *
 * @param sent MADs handed to the channel, retries included
 * @param received MADs the channel delivered
 * @param answered requests completed with an answer
 * @param retried re-sends after a time-out
 * @param timedOut requests that failed after their last attempt
 * @param unmatched answers that matched no outstanding request (late, duplicated, or foreign)
 * @param unhandled unsolicited MADs no agent took
 * @param outstanding requests sent and not yet answered now
 * @param queued requests waiting for room in the window now
 */
public record TransportStatistics(long sent, long received, long answered, long retried, long timedOut, long unmatched,
        long unhandled, int outstanding, int queued) {
}
