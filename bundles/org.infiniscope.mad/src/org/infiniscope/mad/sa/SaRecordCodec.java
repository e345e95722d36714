package org.infiniscope.mad.sa;

import org.infiniscope.mad.wire.LayoutCodec;

/** The codec of a fixed-length SA record. */
final class SaRecordCodec<T> extends LayoutCodec<T> {

    SaRecordCodec(String name, int attributeId, int length, Reader<T> reader, Writer<T> writer) {
        super(name, attributeId, length, reader, writer);
    }

    /** Throws when a value does not fit its field: a programming error, not bad input. */
    static void checkBits(String field, long value, int bits) {
        if (value < 0 || (bits < 64 && value >= 1L << bits)) {
            throw new IllegalArgumentException(field + " " + value + " does not fit " + bits + " bits");
        }
    }
}
