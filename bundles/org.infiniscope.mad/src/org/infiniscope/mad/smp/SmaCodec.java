package org.infiniscope.mad.smp;

import org.infiniscope.mad.wire.LayoutCodec;

/** The codec of a fixed-length SMA attribute; argument order as the SMA attribute tables give them. */
final class SmaCodec<T> extends LayoutCodec<T> {

    SmaCodec(int attributeId, int length, String name, Reader<T> reader, Writer<T> writer) {
        super(name, attributeId, length, reader, writer);
    }

    /** Range check shared by the attribute records' constructors: a 32-bit field takes any int. */
    static int check(String field, int value, int bits) {
        if (bits < 32 && (value < 0 || value >= (1 << bits))) {
            throw new IllegalArgumentException(field + " " + value + " does not fit " + bits + " bits");
        }
        return value;
    }
}
