package org.infiniscope.mad.transport;

/**
 * The answer to a request.
 *
 * @param mad the answer's bytes, owned by the receiver of this record
 * @param source who answered
 * @param attempts how many times the request was sent (1 when the first attempt was answered)
 * @param roundTripNanos time from the last send to the answer
 */
public record MadResponse(byte[] mad, MadAddress source, int attempts, long roundTripNanos) {
}
