package org.infiniscope.mad.cm;

import java.util.Arrays;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The codec of one CM message type. Every CM message fills the 232 bytes after the MAD header, ending with its
 * private data; the offset given to {@link #decode} and {@link #encode} is where the message starts (24 in a
 * MAD).
 *
 * @param <T> the message record
 */
public final class CmMessageCodec<T extends CmMessage> implements AttributeCodec<T> {

    /** Every CM message is the rest of the MAD after the 24-byte common header. */
    public static final int LENGTH = 232;

    /** Reads a message from bytes whose bounds are checked. */
    @FunctionalInterface
    interface Reader<T> {
        T read(byte[] buf, int base) throws MadFormatException;
    }

    /** Writes a message into zeroed bytes. */
    @FunctionalInterface
    interface Writer<T> {
        void write(T value, byte[] buf, int base);
    }

    private final int attributeId;
    private final String name;
    private final Reader<T> reader;
    private final Writer<T> writer;

    CmMessageCodec(int attributeId, String name, Reader<T> reader, Writer<T> writer) {
        this.attributeId = attributeId;
        this.name = name;
        this.reader = reader;
        this.writer = writer;
    }

    @Override
    public int attributeId() {
        return attributeId;
    }

    @Override
    public int length() {
        return LENGTH;
    }

    /** @return the message's name, such as {@code REQ} */
    public String name() {
        return name;
    }

    @Override
    public T decode(byte[] buf, int offset) throws MadFormatException {
        Bits.require(buf, offset, LENGTH, name);
        return reader.read(buf, offset);
    }

    @Override
    public void encode(T value, byte[] buf, int offset) {
        Arrays.fill(buf, offset, offset + LENGTH, (byte) 0);
        writer.write(value, buf, offset);
    }

    @Override
    public String toString() {
        return name + " codec";
    }
}
