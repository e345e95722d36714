package org.infiniscope.mad.wire;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * An immutable string of bytes: private data, additional information and vendor payloads, which MAD
 * records carry opaquely. Equality is by content, so records holding it stay value types.
 */
public final class Octets {

    /** No bytes. */
    public static final Octets EMPTY = new Octets(new byte[0]);

    private final byte[] bytes;

    private Octets(byte[] bytes) {
        this.bytes = bytes;
    }

    /** @return a copy of {@code bytes} */
    public static Octets of(byte... bytes) {
        return bytes.length == 0 ? EMPTY : new Octets(bytes.clone());
    }

    /** @return a copy of {@code length} bytes from {@code offset}; the caller has checked the bounds */
    public static Octets copyOf(byte[] buf, int offset, int length) {
        return length == 0 ? EMPTY : new Octets(Arrays.copyOfRange(buf, offset, offset + length));
    }

    /** @return the number of bytes */
    public int length() {
        return bytes.length;
    }

    /** @return the byte at {@code index}, 0 to 255 */
    public int get(int index) {
        return bytes[index] & 0xFF;
    }

    /** @return a copy of the bytes */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** Copies the bytes into {@code buf} at {@code offset}. */
    public void copyTo(byte[] buf, int offset) {
        System.arraycopy(bytes, 0, buf, offset, bytes.length);
    }

    /** @return these bytes without the trailing zero bytes (fixed-size fields are zero-padded on the wire) */
    public Octets stripTrailingZeros() {
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return end == bytes.length ? this : copyOf(bytes, 0, end);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Octets that && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** @return the bytes in hex */
    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
    }
}
