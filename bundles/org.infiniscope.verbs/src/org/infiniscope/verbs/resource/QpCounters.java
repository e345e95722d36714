package org.infiniscope.verbs.resource;

import org.infiniscope.verbs.WcStatus;

/**
 * What a queue pair has done since it was created.
 *
 * @param messagesSent send queue messages finished
 * @param messagesReceived requests its responder executed
 * @param retries transport retries after an ACK timeout or a sequence NAK
 * @param rnrRetries retries after an RNR NAK
 * @param lastError the status of its last failed completion (not a flush), null when none failed
 */
public record QpCounters(long messagesSent, long messagesReceived, long retries, long rnrRetries, WcStatus lastError) {
}
