package org.infiniscope.mad.rmpp;

import java.util.concurrent.TimeUnit;

/**
 * The parameters of RMPP transfers for one management class.
 *
 * @param dataOffset where a segment's data starts: the bytes before it (common MAD header, RMPP header,
 *        class header) are repeated in every segment, as IBA 13.6.2 requires; 56 for SA, 40 for vendor classes
 * @param windowSize how many segments a receiver opens its window by at each ACK
 * @param segmentTimeoutNanos how long a sender waits for an ACK before it resends the window
 * @param maxRetries how many times a sender resends one window before it aborts (too many retries)
 * @param totalTimeoutNanos how long a whole transfer may take, on either side (total time too long)
 * @param respTime the RRespTime this side announces in its DATA segments and ACKs (31: none given)
 * @param maxMessageBytes the largest message a receiver reassembles; beyond it the receiver sends STOP
 * @param lingerNanos how long a receiver keeps answering duplicates with ACKs after the last segment, in
 *        case its final ACK was lost
 */
public record RmppConfig(int dataOffset, int windowSize, long segmentTimeoutNanos, int maxRetries,
        long totalTimeoutNanos, int respTime, int maxMessageBytes, long lingerNanos) {

    /** The data offset of SA MADs. */
    public static final int SA_DATA_OFFSET = 56;
    /** The data offset of vendor classes with RMPP (0x30–0x4F): after the reserved byte and the OUI. */
    public static final int VENDOR_DATA_OFFSET = 40;

    /** Checks the values. */
    public RmppConfig {
        if (dataOffset < RmppHeader.OFFSET + RmppHeader.LENGTH || dataOffset >= 256) {
            throw new IllegalArgumentException("dataOffset " + dataOffset + " is outside 36..255");
        }
        if (windowSize < 1 || maxRetries < 0 || segmentTimeoutNanos <= 0 || totalTimeoutNanos <= 0
                || maxMessageBytes < dataOffset || lingerNanos < 0 || respTime < 0 || respTime > 31) {
            throw new IllegalArgumentException("bad RMPP configuration " + toString());
        }
    }

    /**
     * @return the SA settings: window 32, 1 s per window with 3 retries, 60 s in all, 64 MiB at most
     */
    public static RmppConfig forSubnAdm() {
        long second = TimeUnit.SECONDS.toNanos(1);
        return new RmppConfig(SA_DATA_OFFSET, 32, second, 3, 60 * second, RmppHeader.NO_RESP_TIME, 64 << 20,
                4 * second);
    }

    /** @return the same settings for a class whose data starts elsewhere */
    public RmppConfig withDataOffset(int offset) {
        return new RmppConfig(offset, windowSize, segmentTimeoutNanos, maxRetries, totalTimeoutNanos, respTime,
                maxMessageBytes, lingerNanos);
    }

    /** @return the same settings with another window */
    public RmppConfig withWindowSize(int size) {
        return new RmppConfig(dataOffset, size, segmentTimeoutNanos, maxRetries, totalTimeoutNanos, respTime,
                maxMessageBytes, lingerNanos);
    }

    /** @return the same settings with another limit on reassembled messages */
    public RmppConfig withMaxMessageBytes(int bytes) {
        return new RmppConfig(dataOffset, windowSize, segmentTimeoutNanos, maxRetries, totalTimeoutNanos, respTime,
                bytes, lingerNanos);
    }

    /** @return the data bytes one segment carries */
    public int segmentDataSize() {
        return 256 - dataOffset;
    }

    /** @return the class header's size: what PayloadLength counts in every segment beside the data */
    public int classHeaderSize() {
        return dataOffset - RmppHeader.OFFSET - RmppHeader.LENGTH;
    }
}
