package org.infiniscope.verbs.rdmacore.internal.netlink;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The attributes of one netlink message or nested attribute: type to payload (little-endian, the host's order on the
 * machines this runs on), the last one of a type winning except through {@link #all}.
 */
final class Attrs {

    private final Map<Integer, ByteBuffer> byType = new LinkedHashMap<>();
    private final List<Map.Entry<Integer, ByteBuffer>> inOrder = new ArrayList<>();

    /**
     * Reads the attributes from {@code from} to {@code to} of a buffer.
     *
     * @throws NetlinkException when an attribute's length runs past the end or is shorter than its header
     */
    static Attrs parse(ByteBuffer buf, int from, int to) throws NetlinkException {
        Attrs a = new Attrs();
        int at = from;
        while (at + RdmaNl.NLA_HDRLEN <= to) {
            int len = Short.toUnsignedInt(buf.getShort(at));
            int type = Short.toUnsignedInt(buf.getShort(at + 2)) & RdmaNl.NLA_TYPE_MASK;
            if (len < RdmaNl.NLA_HDRLEN || at + len > to) {
                throw new NetlinkException(0, "malformed netlink attribute " + type + " at byte " + at + ": length "
                        + len + " runs past its container (" + to + ")");
            }
            ByteBuffer payload = buf.slice(at + RdmaNl.NLA_HDRLEN, len - RdmaNl.NLA_HDRLEN)
                    .order(ByteOrder.LITTLE_ENDIAN);
            a.byType.put(type, payload);
            a.inOrder.add(Map.entry(type, payload));
            at += align(len);
        }
        return a;
    }

    static int align(int len) {
        return (len + 3) & ~3;
    }

    boolean has(int type) {
        return byType.containsKey(type);
    }

    /** @return the nested attributes of an attribute */
    Attrs nested(int type) throws NetlinkException {
        ByteBuffer b = byType.get(type);
        return b == null ? new Attrs() : parse(b, 0, b.limit());
    }

    /** @return the nested attributes of every attribute of this type, in order */
    List<Attrs> all(int type) throws NetlinkException {
        List<Attrs> list = new ArrayList<>();
        for (Map.Entry<Integer, ByteBuffer> e : inOrder) {
            if (e.getKey() == type) {
                list.add(parse(e.getValue(), 0, e.getValue().limit()));
            }
        }
        return list;
    }

    long u32(int type, long absent) throws NetlinkException {
        ByteBuffer b = byType.get(type);
        if (b == null) {
            return absent;
        }
        need(b, type, 4);
        return Integer.toUnsignedLong(b.getInt(0));
    }

    int u8(int type, int absent) throws NetlinkException {
        ByteBuffer b = byType.get(type);
        if (b == null) {
            return absent;
        }
        need(b, type, 1);
        return Byte.toUnsignedInt(b.get(0));
    }

    long u64(int type, long absent) throws NetlinkException {
        ByteBuffer b = byType.get(type);
        if (b == null) {
            return absent;
        }
        need(b, type, 8);
        return b.getLong(0);
    }

    /** @return a NUL-terminated string attribute, or {@code absent} */
    String string(int type, String absent) {
        ByteBuffer b = byType.get(type);
        if (b == null) {
            return absent;
        }
        int n = 0;
        while (n < b.limit() && b.get(n) != 0) {
            n++;
        }
        byte[] bytes = new byte[n];
        b.get(0, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    ByteBuffer raw(int type) {
        return byType.get(type);
    }

    private static void need(ByteBuffer b, int type, int bytes) throws NetlinkException {
        if (b.limit() < bytes) {
            throw new NetlinkException(0,
                    "malformed netlink attribute " + type + ": " + b.limit() + " bytes, it takes " + bytes);
        }
    }
}
