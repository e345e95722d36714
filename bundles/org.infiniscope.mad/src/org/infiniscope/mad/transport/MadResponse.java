package org.infiniscope.mad.transport;

/**
 * The answer to a request.
 * <p>
 * An answer of a class that uses RMPP (SA, vendor classes 0x30–0x4F) whose first MAD has the RMPP Active
 * flag arrives as one array in the form the kernel's MAD layer delivers a reassembled transfer: the first
 * segment's header region (common header, RMPP header and class header: 56 bytes for SA, 40 for vendor
 * classes) followed by the data of every segment in order, and nothing after the data the last segment's
 * PayloadLength counts. A one-segment transfer is shorter than 256 bytes in that form. An answer without
 * the Active flag is the 256-byte MAD as received.
 *
 * @param mad the answer's bytes, owned by the receiver of this record
 * @param source who answered
 * @param attempts how many times the request was sent (1 when the first attempt was answered)
 * @param roundTripNanos time from the last send of the request to the whole answer (its last segment)
 */
public record MadResponse(byte[] mad, MadAddress source, int attempts, long roundTripNanos) {
}
