package org.infiniscope.mad.wire;

import java.util.Arrays;
import java.util.Objects;

/**
 * A fixed-length codec made of a reader and a writer: the bounds check, the null check and the zeroing of
 * reserved bytes live here once, so that each attribute, record or message states only its layout. Vendor
 * codecs may build on it too.
 *
 * @param <T> the value type
 */
public class LayoutCodec<T> implements AttributeCodec<T> {

    /** Reads a value from bytes whose bounds are already checked. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(byte[] buf, int offset) throws MadFormatException;
    }

    /** Writes a value into bytes that are already zeroed. */
    @FunctionalInterface
    public interface Writer<T> {
        void write(T value, byte[] buf, int offset);
    }

    private final String name;
    private final int attributeId;
    private final int length;
    private final Reader<T> reader;
    private final Writer<T> writer;

    /**
     * @param name what the bytes are, for messages (such as {@code NodeInfo})
     * @param attributeId the AttributeID
     * @param length the wire length in bytes
     */
    public LayoutCodec(String name, int attributeId, int length, Reader<T> reader, Writer<T> writer) {
        this.name = Objects.requireNonNull(name, "name");
        this.attributeId = attributeId;
        this.length = length;
        this.reader = Objects.requireNonNull(reader, "reader");
        this.writer = Objects.requireNonNull(writer, "writer");
    }

    /** @return what the bytes are, such as {@code NodeInfo} or {@code REQ} */
    public String name() {
        return name;
    }

    @Override
    public int attributeId() {
        return attributeId;
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public T decode(byte[] buf, int offset) throws MadFormatException {
        Bits.require(buf, offset, length, name);
        return reader.read(buf, offset);
    }

    @Override
    public void encode(T value, byte[] buf, int offset) {
        Objects.requireNonNull(value, name);
        Objects.checkFromIndexSize(offset, length, buf.length);
        Arrays.fill(buf, offset, offset + length, (byte) 0);
        writer.write(value, buf, offset);
    }

    @Override
    public String toString() {
        return name + " codec (attribute 0x" + Integer.toHexString(attributeId) + ", " + length + " bytes)";
    }
}
