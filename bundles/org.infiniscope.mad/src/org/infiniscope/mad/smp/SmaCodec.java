package org.infiniscope.mad.smp;

import java.util.Arrays;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * A fixed-length attribute codec built from a reader and a writer: the bounds check and the zeroing of reserved
 * bytes live here once, so each attribute states only its layout.
 */
final class SmaCodec<T> implements AttributeCodec<T> {

    /** Reads the value; the bounds are already checked. */
    @FunctionalInterface
    interface Reader<T> {
        T read(byte[] buf, int offset) throws MadFormatException;
    }

    /** Writes the value into zeroed bytes. */
    @FunctionalInterface
    interface Writer<T> {
        void write(T value, byte[] buf, int offset);
    }

    private final int attributeId;
    private final int length;
    private final String name;
    private final Reader<T> reader;
    private final Writer<T> writer;

    SmaCodec(int attributeId, int length, String name, Reader<T> reader, Writer<T> writer) {
        this.attributeId = attributeId;
        this.length = length;
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
        return length;
    }

    @Override
    public T decode(byte[] buf, int offset) throws MadFormatException {
        Bits.require(buf, offset, length, name);
        return reader.read(buf, offset);
    }

    @Override
    public void encode(T value, byte[] buf, int offset) {
        Arrays.fill(buf, offset, offset + length, (byte) 0);
        writer.write(value, buf, offset);
    }

    @Override
    public String toString() {
        return name + " codec (0x" + Integer.toHexString(attributeId) + ", " + length + " bytes)";
    }

    /** Range check shared by the attribute records' constructors. */
    static int check(String field, int value, int bits) {
        if (bits < 32 && (value < 0 || value >= (1 << bits))) {
            throw new IllegalArgumentException(field + " " + value + " does not fit " + bits + " bits");
        }
        return value;
    }
}
