package org.infiniscope.verbs.rdmacore.internal.netlink;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Builds netlink byte images as the kernel writes them, from the UAPI numbers written out here (not the production
 * constants): a 16-byte header, then attributes of {length, type, payload} padded to 4 bytes.
 */
final class NlImage {

    private NlImage() {
    }

    static byte[] attr(int type, byte[] payload) {
        int len = 4 + payload.length;
        ByteBuffer b = ByteBuffer.allocate((len + 3) & ~3).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) len).putShort((short) type).put(payload);
        return b.array();
    }

    static byte[] u32(int type, int v) {
        return attr(type, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
    }

    static byte[] u8(int type, int v) {
        return attr(type, new byte[]{(byte) v});
    }

    static byte[] str(int type, String s) {
        byte[] t = s.getBytes(StandardCharsets.UTF_8);
        byte[] z = new byte[t.length + 1];
        System.arraycopy(t, 0, z, 0, t.length);
        return attr(type, z);
    }

    /** A nested attribute: NLA_F_NESTED (0x8000) set in its type, as the kernel sets it. */
    static byte[] nest(int type, byte[]... children) {
        return attr(type | 0x8000, concat(children));
    }

    static byte[] msg(int type, int flags, int seq, byte[]... attrs) {
        byte[] body = concat(attrs);
        ByteBuffer b = ByteBuffer.allocate(16 + body.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(16 + body.length).putShort((short) type).putShort((short) flags).putInt(seq).putInt(4242).put(body);
        return b.array();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** A sockaddr_in in a 128-byte sockaddr_storage. */
    static byte[] sockaddrIn(int a, int b, int c, int d, int port) {
        ByteBuffer s = ByteBuffer.allocate(128).order(ByteOrder.LITTLE_ENDIAN);
        s.putShort((short) 2); // AF_INET
        s.order(ByteOrder.BIG_ENDIAN).putShort((short) port);
        s.put((byte) a).put((byte) b).put((byte) c).put((byte) d);
        return s.array();
    }
}
