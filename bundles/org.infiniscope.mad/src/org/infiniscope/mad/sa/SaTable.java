package org.infiniscope.mad.sa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * SA tables (IBA 15.4): the records of a GetTableResp, AttributeOffset × 8 bytes apart, in a message
 * that RMPP reassembled (the first segment's 56 header bytes, then the data of every segment) or in a
 * single MAD.
 */
public final class SaTable {

    private SaTable() {
    }

    /** @return the distance between records of the codec's type in a table: its length rounded up to 8 */
    public static int strideOf(AttributeCodec<?> codec) {
        return (codec.length() + 7) & ~7;
    }

    /**
     * Splits a table into records.
     *
     * @param message a reassembled message or one 256-byte MAD; in a single MAD whose RMPP header marks it
     *        first and last, PayloadLength says where the data ends, otherwise the message's end does
     * @return the records, unmodifiable
     * @throws MadFormatException when the attribute is not the codec's, AttributeOffset is shorter than a
     *         record, or a record is malformed
     */
    public static <T> List<T> decode(byte[] message, AttributeCodec<T> codec) throws MadFormatException {
        MadHeader header = MadHeader.decode(message, 0);
        SaHeader sa = SaHeader.decode(message, 0);
        if (header.attributeId() != codec.attributeId()) {
            throw new MadFormatException(Problem.BAD_ATTRIBUTE, 16,
                    String.format("AttributeID 0x%04x, expected 0x%04x", header.attributeId(), codec.attributeId()));
        }
        int dataLength = message.length - SaMad.DATA_OFFSET;
        RmppHeader rmpp = sa.rmpp();
        if (rmpp.isActive() && rmpp.isFirst() && rmpp.isLast() && rmpp.payloadLength() <= RmppHeader.SEGMENT_PAYLOAD) {
            int classHeader = SaMad.DATA_OFFSET - RmppHeader.OFFSET - RmppHeader.LENGTH;
            dataLength = (int) Math.max(0, Math.min(dataLength, rmpp.payloadLength() - classHeader));
        }
        return records(message, SaMad.DATA_OFFSET, dataLength, sa.recordStride(), codec);
    }

    /**
     * Splits data into records {@code stride} bytes apart; a tail shorter than a stride is padding.
     *
     * @throws MadFormatException when the stride is shorter than a record, or a record is malformed
     */
    public static <T> List<T> records(byte[] data, int offset, int length, int stride, AttributeCodec<T> codec)
            throws MadFormatException {
        if (length == 0) {
            return List.of();
        }
        if (stride < codec.length()) {
            throw new MadFormatException(Problem.BAD_LENGTH, 44, "AttributeOffset " + stride / 8 + " (" + stride
                    + " bytes) is shorter than a " + codec.length() + "-byte record");
        }
        List<T> records = new ArrayList<>(length / stride);
        for (int at = 0; at + stride <= length; at += stride) {
            records.add(codec.decode(data, offset + at));
        }
        return Collections.unmodifiableList(records);
    }

    /**
     * Builds the message of a table, for an {@link org.infiniscope.mad.rmpp.RmppSender} to segment.
     *
     * @param header the common header; its attribute ID must be the codec's
     * @param sa the SA header; its AttributeOffset is replaced by the stride's
     * @param stride bytes between records: at least the codec's length, a multiple of 8
     * @return 56 header bytes and the records
     */
    public static <T> byte[] encode(MadHeader header, SaHeader sa, AttributeCodec<T> codec, List<T> records,
            int stride) {
        if (header.attributeId() != codec.attributeId()) {
            throw new IllegalArgumentException("the header's attribute is not the codec's");
        }
        if (stride < codec.length() || stride % 8 != 0 || stride / 8 > 0xFFFF) {
            throw new IllegalArgumentException("stride " + stride + " for " + codec.length() + "-byte records");
        }
        byte[] message = new byte[SaMad.DATA_OFFSET + records.size() * stride];
        header.encode(message, 0);
        sa.withAttributeOffset(stride / 8).encode(message, 0);
        for (int i = 0; i < records.size(); i++) {
            codec.encode(records.get(i), message, SaMad.DATA_OFFSET + i * stride);
        }
        return message;
    }

    /** Builds the message of a table with the codec's own stride ({@link #strideOf}). */
    public static <T> byte[] encode(MadHeader header, SaHeader sa, AttributeCodec<T> codec, List<T> records) {
        return encode(header, sa, codec, records, strideOf(codec));
    }
}
