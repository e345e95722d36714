package org.infiniscope.mad;

import org.infiniscope.mad.wire.Bits;

/**
 * A 128-bit global identifier (IBA 4.1.1): the subnet prefix and the interface ID, written big-endian in
 * that order. Zero means "none" in the attributes that carry an optional GID.
 *
 * @param subnetPrefix the upper 64 bits
 * @param interfaceId the lower 64 bits (a port GUID for the default GID)
 */
public record Gid(long subnetPrefix, long interfaceId) {

    /** Size on the wire. */
    public static final int LENGTH = 16;
    /** The all-zero GID. */
    public static final Gid ZERO = new Gid(0, 0);

    /** Reads 16 bytes; the caller has checked the bounds. */
    public static Gid read(byte[] buf, int offset) {
        return new Gid(Bits.u64(buf, offset), Bits.u64(buf, offset + 8));
    }

    /** Writes 16 bytes. */
    public void write(byte[] buf, int offset) {
        Bits.put64(buf, offset, subnetPrefix);
        Bits.put64(buf, offset + 8, interfaceId);
    }

    /** @return the IPv6-style form, such as {@code fe80:0000:0000:0000:0008:f104:0000:0201} */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(39);
        for (int group = 0; group < 8; group++) {
            long half = group < 4 ? subnetPrefix : interfaceId;
            int value = (int) (half >>> (48 - 16 * (group & 3))) & 0xFFFF;
            if (group > 0) {
                text.append(':');
            }
            text.append(String.format("%04x", value));
        }
        return text.toString();
    }
}
