package org.infiniscope.mad.sa;

import java.util.Arrays;
import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/** A codec made of a reader and a writer; bounds are checked and reserved bytes zeroed here, once. */
final class SaRecordCodec<T> implements AttributeCodec<T> {

    /** Reads a record whose bytes are known to be there. */
    @FunctionalInterface
    interface Reader<T> {
        T read(byte[] buf, int offset) throws MadFormatException;
    }

    /** Writes a record into zeroed bytes. */
    @FunctionalInterface
    interface Writer<T> {
        void write(T value, byte[] buf, int offset);
    }

    private final String name;
    private final int attributeId;
    private final int length;
    private final Reader<T> reader;
    private final Writer<T> writer;

    SaRecordCodec(String name, int attributeId, int length, Reader<T> reader, Writer<T> writer) {
        this.name = name;
        this.attributeId = attributeId;
        this.length = length;
        this.reader = reader;
        this.writer = writer;
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

    /** Throws when a value does not fit its field: a programming error, not bad input. */
    static void checkBits(String field, long value, int bits) {
        if (value < 0 || (bits < 64 && value >= 1L << bits)) {
            throw new IllegalArgumentException(field + " " + value + " does not fit " + bits + " bits");
        }
    }
}
