package org.infiniscope.verbs.rdmacore.internal.netlink;

/**
 * Numbers of the RDMA netlink interface (the kernel's {@code rdma_netlink.h} UAPI, the {@code nldev} client) and of
 * netlink itself that this view uses. The attribute numbers are ABI: the kernel never renumbers them.
 */
final class RdmaNl {

    static final int AF_NETLINK = 16;
    static final int NETLINK_RDMA = 20;

    // netlink message types and flags (linux/netlink.h)
    static final int NLMSG_ERROR = 2;
    static final int NLMSG_DONE = 3;
    static final int NLM_F_REQUEST = 0x1;
    static final int NLM_F_MULTI = 0x2;
    static final int NLM_F_ACK = 0x4;
    static final int NLM_F_DUMP = 0x300;
    static final int NLMSG_HDRLEN = 16;
    static final int NLA_HDRLEN = 4;
    /** The flag bits of an attribute's type (NLA_F_NESTED, NLA_F_NET_BYTEORDER). */
    static final int NLA_TYPE_MASK = 0x3FFF;

    /** The nldev client: message types are {@code (RDMA_NL_NLDEV << 10) + command}. */
    static final int RDMA_NL_NLDEV = 5;

    // commands (enum rdma_nldev_command)
    static final int CMD_GET = 1;
    static final int CMD_RES_QP_GET = 10;
    static final int CMD_RES_CM_ID_GET = 11;

    // attributes (enum rdma_nldev_attr)
    static final int ATTR_DEV_INDEX = 1;
    static final int ATTR_DEV_NAME = 2;
    static final int ATTR_PORT_INDEX = 3;
    static final int ATTR_NODE_GUID = 6;
    static final int ATTR_RES_QP = 19;
    static final int ATTR_RES_QP_ENTRY = 20;
    static final int ATTR_RES_LQPN = 21;
    static final int ATTR_RES_RQPN = 22;
    static final int ATTR_RES_RQ_PSN = 23;
    static final int ATTR_RES_SQ_PSN = 24;
    static final int ATTR_RES_PATH_MIG_STATE = 25;
    static final int ATTR_RES_TYPE = 26;
    static final int ATTR_RES_STATE = 27;
    static final int ATTR_RES_PID = 28;
    static final int ATTR_RES_KERN_NAME = 29;
    static final int ATTR_RES_CM_ID = 30;
    static final int ATTR_RES_CM_ID_ENTRY = 31;
    static final int ATTR_RES_PS = 32;
    static final int ATTR_RES_SRC_ADDR = 33;
    static final int ATTR_RES_DST_ADDR = 34;
    static final int ATTR_RES_CM_IDN = 63;

    // socket address families inside a __kernel_sockaddr_storage
    static final int AF_INET = 2;
    static final int AF_INET6 = 10;
    static final int AF_IB = 27;

    private RdmaNl() {
    }

    /** @return the netlink message type of an nldev command */
    static int type(int command) {
        return (RDMA_NL_NLDEV << 10) + command;
    }
}
