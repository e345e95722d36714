package org.infiniscope.sm.partition;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** Multicast GIDs in the IPv6 text form {@code partitions.conf} writes them in. */
final class Mgid {

    private Mgid() {
    }

    /** @return the 16 bytes of an IPv6-style GID, or null when the text is not one */
    static byte[] parse(String text) {
        // only hex digits, colons and dots: InetAddress must never be asked to resolve a host name
        if (text.isEmpty() || !text.matches("[0-9A-Fa-f:.]+") || !text.contains(":")) {
            return null;
        }
        try {
            InetAddress address = InetAddress.getByName(text);
            return address instanceof Inet6Address ? address.getAddress() : null;
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** @return whether the text is a GID whose first byte is 0xff */
    static boolean isMulticast(String text) {
        byte[] gid = parse(text);
        return gid != null && (gid[0] & 0xff) == 0xff;
    }
}
