package org.infiniscope.verbs.rdmacore.internal.netlink;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;

/**
 * Netlink messages of the RDMA resource view: the dump requests ({@code RDMA_NLDEV_CMD_GET},
 * {@code RES_QP_GET}, {@code RES_CM_ID_GET}) and the decoding of the kernel's answers into records. A dump answer is
 * a run of messages, each naming its device ({@code DEV_INDEX}, {@code DEV_NAME}) and holding a table
 * ({@code RES_QP}, {@code RES_CM_ID}) of nested entries, and ends with {@code NLMSG_DONE}.
 */
final class NlCodec {

    /** A device from the device dump. */
    record DeviceEntry(int index, String name, int ports, long nodeGuid) {
    }

    /** One netlink message: its type, flags, sequence number and the attributes after the header. */
    record Message(int type, int flags, int seq, Attrs attrs) {
    }

    /** rdma_cm's states, in the kernel's order ({@code enum rdma_cm_state}). */
    static final String[] CM_STATES = {"IDLE", "ADDR_QUERY", "ADDR_RESOLVED", "ROUTE_QUERY", "ROUTE_RESOLVED",
            "CONNECT", "DISCONNECT", "ADDR_BOUND", "LISTEN", "DEVICE_REMOVAL", "DESTROYING"};
    /** QP types as the kernel numbers them ({@code enum ib_qp_type}); 7 is not used. */
    static final String[] QP_TYPES = {"SMI", "GSI", "RC", "UC", "UD", "RAW_IPv6", "RAW_ETHERTYPE", "UNKNOWN",
            "RAW_PACKET", "XRC_INI", "XRC_TGT"};
    static final String[] PATH_MIG = {"MIGRATED", "REARM", "ARMED"};

    private NlCodec() {
    }

    /**
     * @param command an nldev command
     * @param devIndex the device to dump, or -1 for none (the device list)
     * @return a dump request
     */
    static byte[] dumpRequest(int command, int seq, int devIndex) {
        int len = RdmaNl.NLMSG_HDRLEN + (devIndex >= 0 ? 8 : 0);
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(len).putShort((short) RdmaNl.type(command))
                .putShort((short) (RdmaNl.NLM_F_REQUEST | RdmaNl.NLM_F_DUMP | RdmaNl.NLM_F_ACK)).putInt(seq).putInt(0);
        if (devIndex >= 0) {
            b.putShort((short) 8).putShort((short) RdmaNl.ATTR_DEV_INDEX).putInt(devIndex);
        }
        return b.array();
    }

    /**
     * Splits a datagram into messages.
     *
     * @throws NetlinkException for a kernel error answer ({@code NLMSG_ERROR} with a non-zero errno) or a malformed
     *         message
     */
    static List<Message> messages(ByteBuffer datagram, int length) throws NetlinkException {
        ByteBuffer b = datagram.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        List<Message> list = new ArrayList<>();
        int at = 0;
        while (at + RdmaNl.NLMSG_HDRLEN <= length) {
            int len = b.getInt(at);
            int type = Short.toUnsignedInt(b.getShort(at + 4));
            int flags = Short.toUnsignedInt(b.getShort(at + 6));
            int seq = b.getInt(at + 8);
            if (len < RdmaNl.NLMSG_HDRLEN || at + len > length) {
                throw new NetlinkException(0, "malformed netlink message at byte " + at + ": length " + len
                        + " (the datagram has " + length + ")");
            }
            if (type == RdmaNl.NLMSG_ERROR) {
                if (len < RdmaNl.NLMSG_HDRLEN + 4) {
                    throw new NetlinkException(0, "malformed netlink error message: " + len + " bytes");
                }
                int errno = -b.getInt(at + RdmaNl.NLMSG_HDRLEN);
                if (errno != 0) {
                    throw new NetlinkException(errno, "the kernel answered errno " + errno);
                }
            }
            Attrs attrs = type == RdmaNl.NLMSG_ERROR || type == RdmaNl.NLMSG_DONE
                    ? new Attrs()
                    : Attrs.parse(b, at + RdmaNl.NLMSG_HDRLEN, at + len);
            list.add(new Message(type, flags, seq, attrs));
            at += Attrs.align(len);
        }
        return list;
    }

    /** @return the device a device-dump message describes */
    static DeviceEntry device(Attrs m) throws NetlinkException {
        return new DeviceEntry((int) m.u32(RdmaNl.ATTR_DEV_INDEX, -1), m.string(RdmaNl.ATTR_DEV_NAME, ""),
                (int) m.u32(RdmaNl.ATTR_PORT_INDEX, 0), m.u64(RdmaNl.ATTR_NODE_GUID, 0));
    }

    /**
     * @param nodeGuid the device's node GUID, from the device list
     * @return the QPs of one {@code RES_QP_GET} answer message; {@code pid} and {@code comm} as the kernel sent them
     *         (a user QP's command is read from /proc by the caller)
     */
    static List<QpResource> qps(Attrs m, long nodeGuid) throws NetlinkException {
        String dev = m.string(RdmaNl.ATTR_DEV_NAME, "");
        List<QpResource> list = new ArrayList<>();
        for (Attrs e : m.nested(RdmaNl.ATTR_RES_QP).all(RdmaNl.ATTR_RES_QP_ENTRY)) {
            int state = e.u8(RdmaNl.ATTR_RES_STATE, -1);
            if (state < 0 || state >= QpState.values().length) {
                throw new NetlinkException(0, "malformed QP entry on " + dev + ": state " + state);
            }
            if (!e.has(RdmaNl.ATTR_RES_LQPN)) {
                throw new NetlinkException(0, "malformed QP entry on " + dev + ": no LQPN");
            }
            int type = e.u8(RdmaNl.ATTR_RES_TYPE, -1);
            int mig = e.u8(RdmaNl.ATTR_RES_PATH_MIG_STATE, -1);
            boolean kernel = e.has(RdmaNl.ATTR_RES_KERN_NAME);
            list.add(new QpResource("netlink", dev, (int) e.u32(RdmaNl.ATTR_PORT_INDEX, 0), "", nodeGuid,
                    (int) e.u32(RdmaNl.ATTR_RES_LQPN, -1), (int) e.u32(RdmaNl.ATTR_RES_RQPN, -1), name(QP_TYPES, type),
                    QpState.values()[state], (int) e.u32(RdmaNl.ATTR_RES_RQ_PSN, -1),
                    (int) e.u32(RdmaNl.ATTR_RES_SQ_PSN, 0), mig < 0 ? "" : name(PATH_MIG, mig),
                    e.u32(RdmaNl.ATTR_RES_PID, -1), e.string(RdmaNl.ATTR_RES_KERN_NAME, ""), kernel, 0, "", 0, 0,
                    null));
        }
        return list;
    }

    /** @return the CM IDs of one {@code RES_CM_ID_GET} answer message */
    static List<CmIdResource> cmIds(Attrs m) throws NetlinkException {
        String dev = m.string(RdmaNl.ATTR_DEV_NAME, "");
        List<CmIdResource> list = new ArrayList<>();
        for (Attrs e : m.nested(RdmaNl.ATTR_RES_CM_ID).all(RdmaNl.ATTR_RES_CM_ID_ENTRY)) {
            int state = e.u8(RdmaNl.ATTR_RES_STATE, -1);
            if (state < 0) {
                throw new NetlinkException(0, "malformed CM ID entry on " + dev + ": no state");
            }
            int type = e.u8(RdmaNl.ATTR_RES_TYPE, -1);
            list.add(new CmIdResource("netlink", dev, (int) e.u32(RdmaNl.ATTR_PORT_INDEX, 0),
                    (int) e.u32(RdmaNl.ATTR_RES_CM_IDN, 0), (int) e.u32(RdmaNl.ATTR_RES_LQPN, -1),
                    type < 0 ? "" : name(QP_TYPES, type), name(CM_STATES, state),
                    portSpace((int) e.u32(RdmaNl.ATTR_RES_PS, 0)), e.u32(RdmaNl.ATTR_RES_PID, -1),
                    e.string(RdmaNl.ATTR_RES_KERN_NAME, ""), e.has(RdmaNl.ATTR_RES_KERN_NAME),
                    address(e.raw(RdmaNl.ATTR_RES_SRC_ADDR)), address(e.raw(RdmaNl.ATTR_RES_DST_ADDR))));
        }
        return list;
    }

    private static String name(String[] names, int v) {
        return v >= 0 && v < names.length ? names[v] : v == 0xFF ? "DRIVER" : "UNKNOWN";
    }

    /** @return rdma_cm's port space name ({@code enum rdma_ucm_port_space}) */
    static String portSpace(int ps) {
        return switch (ps) {
            case 0x0002 -> "IPoIB";
            case 0x0106 -> "TCP";
            case 0x0111 -> "UDP";
            case 0x013F -> "IB";
            default -> "0x" + Integer.toHexString(ps);
        };
    }

    /**
     * @return a socket address ({@code __kernel_sockaddr_storage}) as {@code ADDRESS:PORT}: dotted IPv4,
     *         {@code [IPv6]}, or {@code GID/SID} for AF_IB; empty for none
     */
    static String address(ByteBuffer sa) throws NetlinkException {
        if (sa == null || sa.limit() < 2) {
            return "";
        }
        int family = Short.toUnsignedInt(sa.getShort(0));
        ByteBuffer be = sa.duplicate().order(ByteOrder.BIG_ENDIAN);
        try {
            return switch (family) {
                case RdmaNl.AF_INET -> {
                    need(sa, 8, "AF_INET");
                    byte[] a = new byte[4];
                    sa.get(4, a);
                    yield InetAddress.getByAddress(a).getHostAddress() + ":" + Short.toUnsignedInt(be.getShort(2));
                }
                case RdmaNl.AF_INET6 -> {
                    need(sa, 24, "AF_INET6");
                    byte[] a = new byte[16];
                    sa.get(8, a);
                    yield "[" + InetAddress.getByAddress(a).getHostAddress() + "]:"
                            + Short.toUnsignedInt(be.getShort(2));
                }
                case RdmaNl.AF_IB -> {
                    need(sa, 32, "AF_IB");
                    byte[] gid = new byte[16];
                    sa.get(8, gid);
                    yield gid(gid) + "/0x" + Long.toHexString(be.getLong(24));
                }
                case 0 -> "";
                default -> "family " + family;
            };
        } catch (UnknownHostException e) {
            throw new NetlinkException(0, "malformed address: " + e.getMessage());
        }
    }

    private static String gid(byte[] g) {
        String hex = HexFormat.of().formatHex(g);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 32; i += 4) {
            if (i > 0) {
                b.append(':');
            }
            b.append(hex, i, i + 4);
        }
        return b.toString();
    }

    private static void need(ByteBuffer sa, int bytes, String family) throws NetlinkException {
        if (sa.limit() < bytes) {
            throw new NetlinkException(0, "malformed " + family + " address: " + sa.limit() + " bytes");
        }
    }
}
