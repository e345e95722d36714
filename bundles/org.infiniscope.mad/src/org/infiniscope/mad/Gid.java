package org.infiniscope.mad;

import org.infiniscope.mad.wire.Bits;

/**
 * A 128-bit global identifier (IBA 4.1.1): subnet prefix and interface ID, big-endian in that order; zero
 * means "none" where a GID is optional.
 *
 * @param prefix the upper 64 bits (the subnet prefix of a unicast GID)
 * @param interfaceId the lower 64 bits (the port GUID of a unicast GID)
 */
public record Gid(long prefix, long interfaceId) {

    /** The link-local prefix fe80::/64 every port has. */
    public static final long DEFAULT_PREFIX = 0xfe80_0000_0000_0000L;
    /** The zero GID. */
    public static final Gid ZERO = new Gid(0, 0);
    /** Size on the wire. */
    public static final int LENGTH = 16;

    /** Reads 16 bytes; the caller has checked the bounds. */
    public static Gid read(byte[] buf, int offset) {
        return new Gid(Bits.u64(buf, offset), Bits.u64(buf, offset + 8));
    }

    /** Writes 16 bytes. */
    public void write(byte[] buf, int offset) {
        Bits.put64(buf, offset, prefix);
        Bits.put64(buf, offset + 8, interfaceId);
    }

    /** @return whether it is a multicast GID (first byte 0xff) */
    public boolean isMulticast() {
        return (prefix >>> 56) == 0xff;
    }

    /** @return the GID in the compressed IPv6 notation infiniband-diags print, such as {@code fe80::2:c903:0:1} */
    @Override
    public String toString() {
        int[] groups = new int[8];
        for (int i = 0; i < 4; i++) {
            groups[i] = (int) (prefix >>> (48 - 16 * i)) & 0xFFFF;
            groups[i + 4] = (int) (interfaceId >>> (48 - 16 * i)) & 0xFFFF;
        }
        // The longest run of two or more zero groups becomes "::" (RFC 5952), as inet_ntop writes it.
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; i++) {
            int run = 0;
            while (i + run < 8 && groups[i + run] == 0) {
                run++;
            }
            if (run > bestLength) {
                bestStart = i;
                bestLength = run;
            }
            i += run;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (!text.isEmpty() && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString();
    }
}
