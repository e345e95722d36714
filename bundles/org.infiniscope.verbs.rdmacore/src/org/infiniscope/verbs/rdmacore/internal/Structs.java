package org.infiniscope.verbs.rdmacore.internal;

/**
 * Offsets into rdma-core's structures on LP64 Linux ({@code infiniband/verbs.h}), for the fields this bundle reads
 * and writes. The ops table's order is ABI: libibverbs keeps it stable for the inline data-path verbs.
 */
final class Structs {

    private Structs() {
    }

    // struct ibv_context: device, ops (32 function pointers), cmd_fd, async_fd, num_comp_vectors
    static final long CONTEXT_SIZE = 8 + 32 * 8 + 12;
    static final long OPS = 8;
    static final long OPS_POLL_CQ = OPS + 11 * 8;
    static final long OPS_REQ_NOTIFY_CQ = OPS + 12 * 8;
    static final long OPS_POST_SRQ_RECV = OPS + 20 * 8;
    static final long OPS_POST_SEND = OPS + 25 * 8;
    static final long OPS_POST_RECV = OPS + 26 * 8;
    static final long CONTEXT_ASYNC_FD = OPS + 32 * 8 + 4;
    static final long CONTEXT_NUM_COMP_VECTORS = OPS + 32 * 8 + 8;

    // struct ibv_device_attr
    static final long DEVICE_ATTR_SIZE = 232;
    static final long DA_NODE_GUID = 64, DA_SYS_IMAGE_GUID = 72, DA_MAX_MR_SIZE = 80, DA_PAGE_SIZE_CAP = 88,
            DA_VENDOR_ID = 96, DA_VENDOR_PART_ID = 100, DA_MAX_QP = 108, DA_MAX_QP_WR = 112, DA_MAX_SGE = 120,
            DA_MAX_CQ = 128, DA_MAX_CQE = 132, DA_MAX_MR = 136, DA_MAX_PD = 140, DA_MAX_QP_RD_ATOM = 144,
            DA_MAX_QP_INIT_RD_ATOM = 156, DA_ATOMIC_CAP = 164, DA_MAX_SRQ = 212, DA_MAX_SRQ_WR = 216,
            DA_PHYS_PORT_CNT = 227;

    // struct ibv_port_attr (the prefix every libibverbs has)
    static final long PORT_ATTR_SIZE = 64;
    static final long PA_STATE = 0, PA_MAX_MTU = 4, PA_ACTIVE_MTU = 8, PA_GID_TBL_LEN = 12, PA_PKEY_TBL_LEN = 32,
            PA_LID = 34, PA_SM_LID = 36, PA_LMC = 38;

    // struct ibv_mr
    static final long MR_SIZE = 44, MR_ADDR = 16, MR_LENGTH = 24, MR_LKEY = 36, MR_RKEY = 40;
    // struct ibv_comp_channel
    static final long CHANNEL_SIZE = 16, CHANNEL_FD = 8;
    // struct ibv_qp
    static final long QP_SIZE = 64, QP_NUM = 52, QP_STATE = 56;

    // struct ibv_qp_init_attr
    static final long QP_INIT_SIZE = 64, QI_SEND_CQ = 8, QI_RECV_CQ = 16, QI_SRQ = 24, QI_CAP = 32, QI_TYPE = 52,
            QI_SQ_SIG_ALL = 56;

    // struct ibv_ah_attr (with its struct ibv_global_route of 24 bytes)
    static final long AH_ATTR_SIZE = 32, AH_DLID = 24, AH_SL = 26, AH_SRC_PATH_BITS = 27, AH_STATIC_RATE = 28,
            AH_IS_GLOBAL = 29, AH_PORT_NUM = 30;

    // struct ibv_qp_attr
    static final long QP_ATTR_SIZE = 144, QA_STATE = 0, QA_CUR_STATE = 4, QA_PATH_MTU = 8, QA_QKEY = 16, QA_RQ_PSN = 20,
            QA_SQ_PSN = 24, QA_DEST_QP_NUM = 28, QA_ACCESS_FLAGS = 32, QA_CAP = 36, QA_AH = 56, QA_ALT_AH = 88,
            QA_PKEY_INDEX = 120, QA_EN_SQD_ASYNC_NOTIFY = 124, QA_MAX_RD_ATOMIC = 126, QA_MAX_DEST_RD_ATOMIC = 127,
            QA_MIN_RNR_TIMER = 128, QA_PORT_NUM = 129, QA_TIMEOUT = 130, QA_RETRY_CNT = 131, QA_RNR_RETRY = 132;

    // struct ibv_sge, ibv_send_wr, ibv_recv_wr
    static final long SGE_SIZE = 16;
    static final long SEND_WR_SIZE = 128, SW_SG_LIST = 16, SW_NUM_SGE = 24, SW_OPCODE = 28, SW_SEND_FLAGS = 32,
            SW_IMM = 36, SW_REMOTE_ADDR = 40, SW_RKEY = 48, SW_COMPARE_ADD = 48, SW_SWAP = 56, SW_ATOMIC_RKEY = 64,
            SW_UD_AH = 40, SW_UD_REMOTE_QPN = 48, SW_UD_REMOTE_QKEY = 52;
    static final long RECV_WR_SIZE = 32, RW_SG_LIST = 16, RW_NUM_SGE = 24;
    static final int SEND_SIGNALED = 2, SEND_SOLICITED = 4;

    // struct ibv_wc
    static final long WC_SIZE = 48, WC_STATUS = 8, WC_OPCODE = 12, WC_BYTE_LEN = 20, WC_IMM = 24, WC_QP_NUM = 28,
            WC_SRC_QP = 32, WC_FLAGS = 36, WC_SLID = 42;
    static final int WC_WITH_IMM = 2, WC_RECV = 128;

    // struct ibv_srq_init_attr, ibv_srq_attr, ibv_async_event
    static final long SRQ_INIT_SIZE = 24, SRQ_ATTR_SIZE = 12;
    static final int SRQ_LIMIT = 2;
    static final long ASYNC_EVENT_SIZE = 16, AE_TYPE = 8;

    /** {@code enum ibv_qp_type}. */
    static final int QPT_RC = 2, QPT_UC = 3, QPT_UD = 4;
}
