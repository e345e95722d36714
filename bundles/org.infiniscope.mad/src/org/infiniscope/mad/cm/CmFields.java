package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;

/**
 * Field access in the IBA chapter 12 notation: a byte offset from the start of the message (the MAD's byte
 * 24), a bit offset from that byte's most significant bit, and a width.
 */
final class CmFields {

    /** Maximum length of the ARI of a REJ and the additional information of an APR or SIDR_REP. */
    static final int ADDITIONAL_INFO_MAX = 72;

    private CmFields() {
    }

    static int get(byte[] buf, int base, int byteOffset, int bitOffset, int width) {
        return Bits.get(buf, base, byteOffset * 8 + bitOffset, width);
    }

    static void set(byte[] buf, int base, int byteOffset, int bitOffset, int width, int value) {
        Bits.set(buf, base, byteOffset * 8 + bitOffset, width, value);
    }

    static boolean flag(byte[] buf, int base, int byteOffset, int bitOffset) {
        return get(buf, base, byteOffset, bitOffset, 1) != 0;
    }

    static void setFlag(byte[] buf, int base, int byteOffset, int bitOffset, boolean value) {
        set(buf, base, byteOffset, bitOffset, 1, value ? 1 : 0);
    }

    static void check(String message, String field, int value, int width) {
        if (value < 0 || value >= (1 << width)) {
            throw new IllegalArgumentException(
                    message + " " + field + " " + value + " does not fit in " + width + " bits");
        }
    }

    /**
     * @return the private data zero-padded to its fixed wire length, so a value decoded from the wire equals the
     *         one it was built from
     * @throws IllegalArgumentException when the data is longer than the message can carry
     */
    static Octets privateData(String message, Octets data, int max) {
        if (data == null) {
            return Octets.copyOf(new byte[max], 0, max);
        }
        if (data.length() > max) {
            throw new IllegalArgumentException(
                    message + " private data is " + data.length() + " bytes; at most " + max + " fit");
        }
        if (data.length() == max) {
            return data;
        }
        byte[] padded = new byte[max];
        data.copyTo(padded, 0);
        return Octets.of(padded);
    }

    static Octets additionalInfo(String message, String field, Octets info) {
        if (info == null) {
            return Octets.EMPTY;
        }
        if (info.length() > ADDITIONAL_INFO_MAX) {
            throw new IllegalArgumentException(
                    message + " " + field + " is " + info.length() + " bytes; at most " + ADDITIONAL_INFO_MAX + " fit");
        }
        return info;
    }

    /** Reads a variable-length information field whose length is given by another field. */
    static Octets readInfo(byte[] buf, int base, int byteOffset, int length, String message, String lengthField)
            throws MadFormatException {
        if (length > ADDITIONAL_INFO_MAX) {
            throw new MadFormatException(Problem.BAD_LENGTH, base + byteOffset,
                    message + " " + lengthField + " " + length + " exceeds " + ADDITIONAL_INFO_MAX);
        }
        return Octets.copyOf(buf, base + byteOffset, length);
    }
}
