package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * librdmacm's structures ({@code rdma/rdma_cma.h}, {@code infiniband/sa.h}, {@code infiniband/ib.h} and the socket
 * addresses of {@code netinet/in.h}) on LP64 Linux, as FFM layouts with C's padding written out. Fields the headers
 * declare {@code __be16}/{@code __be32}/{@code __be64} are read with the big-endian layouts below.
 */
final class CmaStructs {

    private CmaStructs() {
    }

    static final ValueLayout.OfShort BE16 = JAVA_SHORT.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt BE32 = JAVA_INT.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfLong BE64 = JAVA_LONG.withOrder(ByteOrder.BIG_ENDIAN);

    static final short AF_INET = 2, AF_INET6 = 10, AF_IB = 27;

    /** {@code union ibv_gid}: 16 bytes, aligned as its {@code __be64} halves. */
    static final GroupLayout GID = MemoryLayout.structLayout(BE64.withName("subnet_prefix"),
            BE64.withName("interface_id"));

    /** {@code struct sockaddr_storage}: 128 bytes, 8-aligned. */
    static final GroupLayout SOCKADDR_STORAGE = MemoryLayout.structLayout(JAVA_SHORT.withName("ss_family"),
            MemoryLayout.paddingLayout(118), JAVA_LONG.withName("ss_align"));

    /** {@code struct sockaddr_in}. */
    static final GroupLayout SOCKADDR_IN = MemoryLayout.structLayout(JAVA_SHORT.withName("sin_family"),
            BE16.withName("sin_port"), MemoryLayout.sequenceLayout(4, JAVA_BYTE).withName("sin_addr"),
            MemoryLayout.paddingLayout(8));

    /** {@code struct sockaddr_in6}. */
    static final GroupLayout SOCKADDR_IN6 = MemoryLayout.structLayout(JAVA_SHORT.withName("sin6_family"),
            BE16.withName("sin6_port"), BE32.withName("sin6_flowinfo"),
            MemoryLayout.sequenceLayout(16, JAVA_BYTE).withName("sin6_addr"), JAVA_INT.withName("sin6_scope_id"));

    /** {@code struct sockaddr_ib} (AF_IB): a port GID and a service ID under a mask. */
    static final GroupLayout SOCKADDR_IB = MemoryLayout.structLayout(JAVA_SHORT.withName("sib_family"),
            BE16.withName("sib_pkey"), BE32.withName("sib_flowinfo"), GID.withName("sib_addr"),
            BE64.withName("sib_sid"), BE64.withName("sib_sid_mask"), JAVA_LONG.withName("sib_scope_id"));

    /** {@code struct rdma_ib_addr}. */
    static final GroupLayout IB_ADDR = MemoryLayout.structLayout(GID.withName("sgid"), GID.withName("dgid"),
            BE16.withName("pkey"), MemoryLayout.paddingLayout(6));

    /** {@code struct rdma_addr}: source, destination, and the IB addresses. */
    static final GroupLayout RDMA_ADDR = MemoryLayout.structLayout(SOCKADDR_STORAGE.withName("src"),
            SOCKADDR_STORAGE.withName("dst"), IB_ADDR.withName("ibaddr"));

    /** {@code struct rdma_route}. */
    static final GroupLayout ROUTE = MemoryLayout.structLayout(RDMA_ADDR.withName("addr"), ADDRESS.withName("path_rec"),
            JAVA_INT.withName("num_paths"), MemoryLayout.paddingLayout(4));

    /** {@code struct rdma_cm_id}. */
    static final GroupLayout CM_ID = MemoryLayout.structLayout(ADDRESS.withName("verbs"), ADDRESS.withName("channel"),
            ADDRESS.withName("context"), ADDRESS.withName("qp"), ROUTE.withName("route"), JAVA_INT.withName("ps"),
            JAVA_BYTE.withName("port_num"), MemoryLayout.paddingLayout(3), ADDRESS.withName("event"),
            ADDRESS.withName("send_cq_channel"), ADDRESS.withName("send_cq"), ADDRESS.withName("recv_cq_channel"),
            ADDRESS.withName("recv_cq"), ADDRESS.withName("srq"), ADDRESS.withName("pd"), JAVA_INT.withName("qp_type"),
            MemoryLayout.paddingLayout(4));

    /** {@code struct ibv_sa_path_rec}. */
    static final GroupLayout PATH_REC = MemoryLayout.structLayout(GID.withName("dgid"), GID.withName("sgid"),
            BE16.withName("dlid"), BE16.withName("slid"), JAVA_INT.withName("raw_traffic"), BE32.withName("flow_label"),
            JAVA_BYTE.withName("hop_limit"), JAVA_BYTE.withName("traffic_class"), MemoryLayout.paddingLayout(2),
            JAVA_INT.withName("reversible"), JAVA_BYTE.withName("numb_path"), MemoryLayout.paddingLayout(1),
            BE16.withName("pkey"), JAVA_BYTE.withName("sl"), JAVA_BYTE.withName("mtu_selector"),
            JAVA_BYTE.withName("mtu"), JAVA_BYTE.withName("rate_selector"), JAVA_BYTE.withName("rate"),
            JAVA_BYTE.withName("packet_life_time_selector"), JAVA_BYTE.withName("packet_life_time"),
            JAVA_BYTE.withName("preference"));

    /** {@code struct rdma_conn_param}. */
    static final GroupLayout CONN_PARAM = MemoryLayout.structLayout(ADDRESS.withName("private_data"),
            JAVA_BYTE.withName("private_data_len"), JAVA_BYTE.withName("responder_resources"),
            JAVA_BYTE.withName("initiator_depth"), JAVA_BYTE.withName("flow_control"),
            JAVA_BYTE.withName("retry_count"), JAVA_BYTE.withName("rnr_retry_count"), JAVA_BYTE.withName("srq"),
            MemoryLayout.paddingLayout(1), JAVA_INT.withName("qp_num"), MemoryLayout.paddingLayout(4));

    /** {@code struct ibv_global_route}. */
    static final GroupLayout GLOBAL_ROUTE = MemoryLayout.structLayout(GID.withName("dgid"),
            JAVA_INT.withName("flow_label"), JAVA_BYTE.withName("sgid_index"), JAVA_BYTE.withName("hop_limit"),
            JAVA_BYTE.withName("traffic_class"), MemoryLayout.paddingLayout(1));

    /** {@code struct ibv_ah_attr}. */
    static final GroupLayout AH_ATTR = MemoryLayout.structLayout(GLOBAL_ROUTE.withName("grh"),
            JAVA_SHORT.withName("dlid"), JAVA_BYTE.withName("sl"), JAVA_BYTE.withName("src_path_bits"),
            JAVA_BYTE.withName("static_rate"), JAVA_BYTE.withName("is_global"), JAVA_BYTE.withName("port_num"),
            MemoryLayout.paddingLayout(1));

    /** {@code struct rdma_ud_param}. */
    static final GroupLayout UD_PARAM = MemoryLayout.structLayout(ADDRESS.withName("private_data"),
            JAVA_BYTE.withName("private_data_len"), MemoryLayout.paddingLayout(7), AH_ATTR.withName("ah_attr"),
            JAVA_INT.withName("qp_num"), JAVA_INT.withName("qkey"));

    /** {@code struct rdma_cm_event}. */
    static final GroupLayout CM_EVENT = MemoryLayout.structLayout(ADDRESS.withName("id"), ADDRESS.withName("listen_id"),
            JAVA_INT.withName("event"), JAVA_INT.withName("status"),
            MemoryLayout.unionLayout(CONN_PARAM.withName("conn"), UD_PARAM.withName("ud")).withName("param"));

    /** {@code struct rdma_event_channel}. */
    static final GroupLayout EVENT_CHANNEL = MemoryLayout.structLayout(JAVA_INT.withName("fd"));

    /** @return the offset of a (nested) field, e.g. {@code offset(CM_ID, "route", "addr", "dst")} */
    static long offset(GroupLayout layout, String... path) {
        PathElement[] p = new PathElement[path.length];
        for (int i = 0; i < path.length; i++) {
            p[i] = groupElement(path[i]);
        }
        return layout.byteOffset(p);
    }

    // the offsets the binding uses
    static final long ID_VERBS = offset(CM_ID, "verbs"), ID_QP = offset(CM_ID, "qp"),
            ID_SRC = offset(CM_ID, "route", "addr", "src"), ID_DST = offset(CM_ID, "route", "addr", "dst"),
            ID_PATH_REC = offset(CM_ID, "route", "path_rec"), ID_NUM_PATHS = offset(CM_ID, "route", "num_paths"),
            ID_PS = offset(CM_ID, "ps"), ID_PORT_NUM = offset(CM_ID, "port_num");
    static final long EV_ID = offset(CM_EVENT, "id"), EV_LISTEN_ID = offset(CM_EVENT, "listen_id"),
            EV_EVENT = offset(CM_EVENT, "event"), EV_STATUS = offset(CM_EVENT, "status"),
            EV_PARAM = offset(CM_EVENT, "param");
    static final long CP_PRIVATE_DATA = offset(CONN_PARAM, "private_data"),
            CP_PRIVATE_DATA_LEN = offset(CONN_PARAM, "private_data_len"),
            CP_RESPONDER_RESOURCES = offset(CONN_PARAM, "responder_resources"),
            CP_INITIATOR_DEPTH = offset(CONN_PARAM, "initiator_depth"),
            CP_FLOW_CONTROL = offset(CONN_PARAM, "flow_control"), CP_RETRY_COUNT = offset(CONN_PARAM, "retry_count"),
            CP_RNR_RETRY_COUNT = offset(CONN_PARAM, "rnr_retry_count"), CP_SRQ = offset(CONN_PARAM, "srq"),
            CP_QP_NUM = offset(CONN_PARAM, "qp_num");
    static final long UD_PRIVATE_DATA_LEN = offset(UD_PARAM, "private_data_len"),
            UD_DLID = offset(UD_PARAM, "ah_attr", "dlid"), UD_QP_NUM = offset(UD_PARAM, "qp_num"),
            UD_QKEY = offset(UD_PARAM, "qkey");
    static final long PR_DGID = offset(PATH_REC, "dgid"), PR_SGID = offset(PATH_REC, "sgid"),
            PR_DLID = offset(PATH_REC, "dlid"), PR_SLID = offset(PATH_REC, "slid"), PR_PKEY = offset(PATH_REC, "pkey"),
            PR_SL = offset(PATH_REC, "sl"), PR_MTU = offset(PATH_REC, "mtu"), PR_RATE = offset(PATH_REC, "rate"),
            PR_PACKET_LIFE_TIME = offset(PATH_REC, "packet_life_time");
    static final long SIB_PKEY = offset(SOCKADDR_IB, "sib_pkey"), SIB_ADDR = offset(SOCKADDR_IB, "sib_addr"),
            SIB_SID = offset(SOCKADDR_IB, "sib_sid"), SIB_SID_MASK = offset(SOCKADDR_IB, "sib_sid_mask");
    static final long SIN_PORT = offset(SOCKADDR_IN, "sin_port"), SIN_ADDR = offset(SOCKADDR_IN, "sin_addr"),
            SIN6_ADDR = offset(SOCKADDR_IN6, "sin6_addr");
}
