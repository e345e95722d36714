package org.infiniscope.cm.internal.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.GroupLayout;

import org.junit.jupiter.api.Test;

/**
 * The layouts against sizes and offsets worked out by hand from the public headers ({@code rdma/rdma_cma.h},
 * {@code infiniband/sa.h}, {@code infiniband/ib.h}, glibc's socket addresses) with LP64 C rules: pointers and
 * {@code __be64} 8-aligned, {@code union ibv_gid} 8-aligned (its {@code global} half is two {@code __be64}),
 * {@code sockaddr_storage} 128 bytes 8-aligned, each structure padded to its alignment.
 */
class CmaStructsTest {

    private static void at(GroupLayout layout, long expected, String... path) {
        assertEquals(expected, CmaStructs.offset(layout, path),
                layout.name().orElse("") + " " + String.join(".", path));
    }

    @Test
    void sizesAreTheHeadersSizes() {
        assertEquals(16, CmaStructs.GID.byteSize(), "union ibv_gid");
        assertEquals(16, CmaStructs.SOCKADDR_IN.byteSize(), "sockaddr_in");
        assertEquals(28, CmaStructs.SOCKADDR_IN6.byteSize(), "sockaddr_in6");
        assertEquals(48, CmaStructs.SOCKADDR_IB.byteSize(), "sockaddr_ib");
        assertEquals(128, CmaStructs.SOCKADDR_STORAGE.byteSize(), "sockaddr_storage");
        assertEquals(40, CmaStructs.IB_ADDR.byteSize(), "rdma_ib_addr: 2 GIDs, pkey, padded to 8");
        assertEquals(296, CmaStructs.RDMA_ADDR.byteSize(), "rdma_addr");
        assertEquals(312, CmaStructs.ROUTE.byteSize(), "rdma_route");
        assertEquals(416, CmaStructs.CM_ID.byteSize(), "rdma_cm_id");
        assertEquals(64, CmaStructs.PATH_REC.byteSize(), "ibv_sa_path_rec");
        assertEquals(24, CmaStructs.CONN_PARAM.byteSize(), "rdma_conn_param");
        assertEquals(24, CmaStructs.GLOBAL_ROUTE.byteSize(), "ibv_global_route");
        assertEquals(32, CmaStructs.AH_ATTR.byteSize(), "ibv_ah_attr (as verbs.rdmacore's Structs has it)");
        assertEquals(56, CmaStructs.UD_PARAM.byteSize(), "rdma_ud_param");
        assertEquals(80, CmaStructs.CM_EVENT.byteSize(), "rdma_cm_event: 24 + the larger parameter (ud, 56)");
        assertEquals(4, CmaStructs.EVENT_CHANNEL.byteSize(), "rdma_event_channel");
        assertEquals(8, CmaStructs.CM_ID.byteAlignment());
        assertEquals(8, CmaStructs.CM_EVENT.byteAlignment());
    }

    @Test
    void offsetsAreTheHeadersOffsets() {
        GroupLayout id = CmaStructs.CM_ID;
        at(id, 0, "verbs");
        at(id, 8, "channel");
        at(id, 16, "context");
        at(id, 24, "qp");
        at(id, 32, "route");
        at(id, 32, "route", "addr", "src");
        at(id, 160, "route", "addr", "dst");
        at(id, 288, "route", "addr", "ibaddr", "sgid");
        at(id, 304, "route", "addr", "ibaddr", "dgid");
        at(id, 320, "route", "addr", "ibaddr", "pkey");
        at(id, 328, "route", "path_rec");
        at(id, 336, "route", "num_paths");
        at(id, 344, "ps");
        at(id, 348, "port_num");
        at(id, 352, "event");
        at(id, 360, "send_cq_channel");
        at(id, 368, "send_cq");
        at(id, 376, "recv_cq_channel");
        at(id, 384, "recv_cq");
        at(id, 392, "srq");
        at(id, 400, "pd");
        at(id, 408, "qp_type");

        GroupLayout pr = CmaStructs.PATH_REC;
        at(pr, 0, "dgid");
        at(pr, 16, "sgid");
        at(pr, 32, "dlid");
        at(pr, 34, "slid");
        at(pr, 36, "raw_traffic");
        at(pr, 40, "flow_label");
        at(pr, 44, "hop_limit");
        at(pr, 45, "traffic_class");
        at(pr, 48, "reversible");
        at(pr, 52, "numb_path");
        at(pr, 54, "pkey");
        at(pr, 56, "sl");
        at(pr, 57, "mtu_selector");
        at(pr, 58, "mtu");
        at(pr, 59, "rate_selector");
        at(pr, 60, "rate");
        at(pr, 61, "packet_life_time_selector");
        at(pr, 62, "packet_life_time");
        at(pr, 63, "preference");

        GroupLayout cp = CmaStructs.CONN_PARAM;
        at(cp, 0, "private_data");
        at(cp, 8, "private_data_len");
        at(cp, 9, "responder_resources");
        at(cp, 10, "initiator_depth");
        at(cp, 11, "flow_control");
        at(cp, 12, "retry_count");
        at(cp, 13, "rnr_retry_count");
        at(cp, 14, "srq");
        at(cp, 16, "qp_num");

        GroupLayout ud = CmaStructs.UD_PARAM;
        at(ud, 0, "private_data");
        at(ud, 8, "private_data_len");
        at(ud, 16, "ah_attr");
        at(ud, 40, "ah_attr", "dlid");
        at(ud, 46, "ah_attr", "port_num");
        at(ud, 48, "qp_num");
        at(ud, 52, "qkey");

        GroupLayout ev = CmaStructs.CM_EVENT;
        at(ev, 0, "id");
        at(ev, 8, "listen_id");
        at(ev, 16, "event");
        at(ev, 20, "status");
        at(ev, 24, "param");

        GroupLayout sib = CmaStructs.SOCKADDR_IB;
        at(sib, 0, "sib_family");
        at(sib, 2, "sib_pkey");
        at(sib, 4, "sib_flowinfo");
        at(sib, 8, "sib_addr");
        at(sib, 24, "sib_sid");
        at(sib, 32, "sib_sid_mask");
        at(sib, 40, "sib_scope_id");

        at(CmaStructs.SOCKADDR_IN, 2, "sin_port");
        at(CmaStructs.SOCKADDR_IN, 4, "sin_addr");
        at(CmaStructs.SOCKADDR_IN6, 2, "sin6_port");
        at(CmaStructs.SOCKADDR_IN6, 8, "sin6_addr");
        at(CmaStructs.SOCKADDR_IN6, 24, "sin6_scope_id");
    }
}
