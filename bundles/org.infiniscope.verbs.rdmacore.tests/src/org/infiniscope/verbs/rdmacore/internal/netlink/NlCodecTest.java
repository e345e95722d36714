package org.infiniscope.verbs.rdmacore.internal.netlink;

import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.attr;
import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.concat;
import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.msg;
import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.nest;
import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.sockaddrIn;
import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.str;
import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.u32;
import static org.infiniscope.verbs.rdmacore.internal.netlink.NlImage.u8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;
import org.junit.jupiter.api.Test;

/**
 * The RDMA netlink codec on byte images built from the UAPI's numbering (rdma_netlink.h): attribute 1 DEV_INDEX,
 * 2 DEV_NAME, 3 PORT_INDEX, 19 RES_QP, 20 RES_QP_ENTRY, 21 LQPN, 22 RQPN, 23 RQ_PSN, 24 SQ_PSN, 25 PATH_MIG_STATE,
 * 26 RES_TYPE, 27 RES_STATE, 28 PID, 29 KERN_NAME, 30 RES_CM_ID, 31 RES_CM_ID_ENTRY, 32 PS, 33 SRC_ADDR, 34 DST_ADDR,
 * 63 CM_IDN; message type (5 &lt;&lt; 10) + command, RES_QP_GET = 10, RES_CM_ID_GET = 11.
 */
class NlCodecTest {

    private static final int QP_GET = (5 << 10) + 10, CM_ID_GET = (5 << 10) + 11, MULTI = 2;

    /** What {@code rdma resource show qp} meets on a host running ib_send_bw: the kernel's GSI QP and a user RC QP. */
    static byte[] qpDump() {
        byte[] gsi = nest(20, u32(3, 1), u32(21, 1), u32(24, 0), u8(26, 1), u8(27, 3), str(29, "ib_core"));
        byte[] rc = nest(20, u32(3, 1), u32(21, 0x1a4), u32(22, 0x1a5), u32(23, 11936658), u32(24, 4242), u8(25, 0),
                u8(26, 2), u8(27, 3), u32(28, 2364));
        byte[] err = nest(20, u32(3, 1), u32(21, 0x1a6), u32(22, 0x1a7), u32(23, 7), u32(24, 9), u8(25, 0), u8(26, 2),
                u8(27, 6), u32(28, 2364));
        return concat(msg(QP_GET, MULTI, 7, u32(1, 0), str(2, "mlx5_0"), nest(19, gsi, rc)),
                msg(QP_GET, MULTI, 7, u32(1, 0), str(2, "mlx5_0"), nest(19, err)),
                msg(3, MULTI, 7, attr(0, new byte[4])));
    }

    private static List<NlCodec.Message> messages(byte[] image) throws NetlinkException {
        return NlCodec.messages(ByteBuffer.wrap(image).order(ByteOrder.LITTLE_ENDIAN), image.length);
    }

    @Test
    void aQpDumpDecodesIntoRecordsAndPrintsAsIproute2Does() throws Exception {
        List<NlCodec.Message> ms = messages(qpDump());
        assertEquals(3, ms.size());
        assertEquals(3, ms.get(2).type(), "NLMSG_DONE closes the dump");
        List<QpResource> qps = new java.util.ArrayList<>(NlCodec.qps(ms.get(0).attrs(), 0x0002c903000010a0L));
        qps.addAll(NlCodec.qps(ms.get(1).attrs(), 0x0002c903000010a0L));
        assertEquals(3, qps.size());

        QpResource gsi = qps.get(0);
        assertEquals(new QpResource("netlink", "mlx5_0", 1, "", 0x0002c903000010a0L, 1, -1, "GSI", QpState.RTS, -1, 0,
                "", -1, "ib_core", true, 0, "", 0, 0, null), gsi);
        QpResource rc = qps.get(1);
        assertEquals(new QpResource("netlink", "mlx5_0", 1, "", 0x0002c903000010a0L, 0x1a4, 0x1a5, "RC", QpState.RTS,
                11936658, 4242, "MIGRATED", 2364, "", false, 0, "", 0, 0, null), rc);
        assertEquals(QpState.ERR, qps.get(2).state());

        assertEquals("link mlx5_0/1 lqpn 1 type GSI state RTS sq-psn 0 comm [ib_core]",
                org.infiniscope.verbs.resource.ResourceText.rdmaQpLine(gsi));
        assertEquals(
                "link mlx5_0/1 lqpn 420 rqpn 421 type RC state RTS rq-psn 11936658 sq-psn 4242 "
                        + "path-mig-state MIGRATED pid 2364",
                org.infiniscope.verbs.resource.ResourceText.rdmaQpLine(rc));
    }

    @Test
    void aCmIdDumpDecodesAddressesStatesAndPortSpaces() throws Exception {
        byte[] listen = nest(31, u32(32, 0x0106), u8(27, 8), attr(33, sockaddrIn(0, 0, 0, 0, 7174)), u32(63, 0),
                u32(28, 4321));
        byte[] conn = nest(31, u32(3, 1), u32(21, 0x1a4), u8(26, 2), u32(32, 0x0106), u8(27, 5),
                attr(33, sockaddrIn(192, 0, 2, 1, 7174)), attr(34, sockaddrIn(192, 0, 2, 2, 39412)), u32(63, 1),
                str(29, "nvme_rdma"));
        byte[] image = concat(msg(CM_ID_GET, MULTI, 9, u32(1, 0), str(2, "mlx5_0"), nest(30, listen, conn)),
                msg(3, MULTI, 9, attr(0, new byte[4])));
        List<CmIdResource> ids = NlCodec.cmIds(messages(image).get(0).attrs());
        assertEquals(List.of(
                new CmIdResource("netlink", "mlx5_0", 0, 0, -1, "", "LISTEN", "TCP", 4321, "", false, "0.0.0.0:7174",
                        ""),
                new CmIdResource("netlink", "mlx5_0", 1, 1, 0x1a4, "RC", "CONNECT", "TCP", -1, "nvme_rdma", true,
                        "192.0.2.1:7174", "192.0.2.2:39412")),
                ids);
        assertEquals(
                "link mlx5_0/1 cm-idn 1 lqpn 420 qp-type RC state CONNECT ps TCP comm [nvme_rdma] "
                        + "src-addr 192.0.2.1:7174 dst-addr 192.0.2.2:39412",
                org.infiniscope.verbs.resource.ResourceText.rdmaCmIdLine(ids.get(1)));
    }

    @Test
    void theDumpRequestIsTheBytesTheKernelExpects() {
        byte[] expected = msg(QP_GET, 0x1 | 0x300 | 0x4, 12, u32(1, 3));
        // the header's pid is 0 in a request (the image helper writes 4242 as the kernel's answers carry)
        ByteBuffer.wrap(expected).order(ByteOrder.LITTLE_ENDIAN).putInt(12, 0);
        assertArrayEquals(expected, NlCodec.dumpRequest(10, 12, 3));
        assertEquals(16, NlCodec.dumpRequest(1, 1, -1).length, "the device dump carries no attribute");
    }

    @Test
    void aKernelErrorAnswerIsAnExceptionWithItsErrno() {
        ByteBuffer e = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(-22);
        byte[] image = msg(2, 0, 5, e.array()); // NLMSG_ERROR, -EINVAL
        NetlinkException x = assertThrows(NetlinkException.class, () -> messages(image));
        assertEquals(22, x.errno);
    }

    @Test
    void malformedImagesAreRefusedWithWhereTheyWentWrong() {
        byte[] good = qpDump();
        // a message length past the datagram
        byte[] cut = java.util.Arrays.copyOf(good, 40);
        NetlinkException x = assertThrows(NetlinkException.class, () -> messages(cut));
        assertTrue(x.getMessage().contains("malformed netlink"), x.getMessage());
        // an attribute whose length runs past its message
        byte[] bad = msg(QP_GET, MULTI, 7, u32(1, 0));
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putShort(16, (short) 40);
        x = assertThrows(NetlinkException.class, () -> messages(bad));
        assertTrue(x.getMessage().contains("attribute 1"), x.getMessage());
        // a QP entry with a state the kernel does not have
        byte[] state = msg(QP_GET, MULTI, 7, str(2, "mlx5_0"), nest(19, nest(20, u32(21, 5), u8(26, 2), u8(27, 9))));
        x = assertThrows(NetlinkException.class, () -> NlCodec.qps(messages(state).get(0).attrs(), 0));
        assertTrue(x.getMessage().contains("state 9"), x.getMessage());
        // a u32 attribute of two bytes
        byte[] shortU32 = msg(QP_GET, MULTI, 7, str(2, "d"), nest(19, nest(20, attr(21, new byte[2]), u8(27, 3))));
        assertThrows(NetlinkException.class, () -> NlCodec.qps(messages(shortU32).get(0).attrs(), 0));
    }
}
