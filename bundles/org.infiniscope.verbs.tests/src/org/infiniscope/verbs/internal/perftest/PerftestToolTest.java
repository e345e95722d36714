package org.infiniscope.verbs.internal.perftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.sim.TwoHosts;
import org.infiniscope.verbs.spi.RcConnector;
import org.junit.jupiter.api.Test;

/** The {@code perftest} command: its arguments, a fabric that is not simulated, and a run on one that is. */
class PerftestToolTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private ToolInvocation call(String... args) {
        return new ToolInvocation(List.of(args), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void badArgumentsAreUsageErrors() {
        PerftestTool tool = new PerftestTool("sim");
        assertThrows(UsageException.class, () -> tool.run(call()));
        assertThrows(UsageException.class, () -> tool.run(call("bw")));
        assertThrows(UsageException.class, () -> tool.run(call("send_lat", "-s", "0")));
        assertThrows(UsageException.class, () -> tool.run(call("send_lat", "--bogus")));
    }

    @Test
    void hostOperandsAreTheClientAndTheServerOnce() {
        PerftestTool tool = new PerftestTool("sim");
        assertThrows(UsageException.class, () -> tool.run(call("send_lat", "h1", "h2", "h3")));
        assertThrows(UsageException.class, () -> tool.run(call("send_lat", "--client", "h1", "h2")));
        assertThrows(UsageException.class, () -> tool.run(call("send_lat", "--server", "h1", "h2", "h3")));
    }

    @Test
    void theCmModeWithoutTheCmSaysWhereItIs() throws Exception {
        PerftestTool tool = new PerftestTool("sim");
        assertEquals(ExitStatus.FAILURE, tool.run(call("send_lat", "--cm", "h1", "h2")));
        assertTrue(err.toString().contains("org.infiniscope.verbs.cm"), err.toString());
    }

    @Test
    void theCmModeRunsOnTheConnectorsQpsAndDisconnectsOnce() throws Exception {
        try (TwoHosts fabric = new TwoHosts()) {
            PerftestTool tool = new PerftestTool("sim:two");
            tool.addProvider(provider(fabric));
            List<String> calls = new ArrayList<>();
            tool.setConnector((spec, client, server, clientSide, serverSide, timeout) -> {
                calls.add("connect " + spec + " " + client + " " + server);
                Context c = fabric.verbs.open(fabric.verbs.device(client));
                Context s = fabric.verbs.open(fabric.verbs.device(server));
                QueuePair cq = clientSide.make(c, ProtectionDomain::createQp);
                QueuePair sq = serverSide.make(s, ProtectionDomain::createQp);
                move(cq, s.queryPort(1).lid(), sq.qpNum(), 0x11, 0x22);
                move(sq, c.queryPort(1).lid(), cq.qpNum(), 0x22, 0x11);
                return new RcConnector.Connection() {
                    @Override
                    public String describe() {
                        return "moved by the test";
                    }

                    @Override
                    public void close() {
                        calls.add("close");
                        c.close();
                        s.close();
                    }
                };
            });
            assertEquals(ExitStatus.OK, tool.run(call("read_lat", "--cm", "-n", "20", "h2", "h1")), err.toString());
            String text = out.toString();
            assertTrue(text.contains("rdma_cm QPs\t : ON") && text.contains("Device         : sim_h2")
                    && text.contains(" CM: moved by the test") && text.contains("PSN 0x000011")
                    && text.contains("Mtu             : 1024[B]") && text.contains("CM: disconnected"), text);
            assertEquals(List.of("connect sim:two h2 h1", "close"), calls);
        }
    }

    /** What a CM does to a QP from INIT: path MTU 1024, the PSNs given. */
    private static void move(QueuePair qp, int dlid, int dqpn, int psn, int peerPsn) throws VerbsException {
        qp.modify(
                new QpAttr().qpState(QpState.INIT).pkeyIndex(0).portNum(1)
                        .qpAccessFlags(Access.LOCAL_WRITE | Access.REMOTE_WRITE | Access.REMOTE_READ),
                QpAttrMask.STATE | QpAttrMask.PKEY_INDEX | QpAttrMask.PORT | QpAttrMask.ACCESS_FLAGS);
        qp.modify(
                new QpAttr().qpState(QpState.RTR).ahAttr(AhAttr.toLid(dlid, 1)).pathMtu(Mtu.MTU_1024).destQpNum(dqpn)
                        .rqPsn(peerPsn).maxDestRdAtomic(16).minRnrTimer(12),
                QpAttrMask.STATE | QpAttrMask.AV | QpAttrMask.PATH_MTU | QpAttrMask.DEST_QPN | QpAttrMask.RQ_PSN
                        | QpAttrMask.MAX_DEST_RD_ATOMIC | QpAttrMask.MIN_RNR_TIMER);
        qp.modify(new QpAttr().qpState(QpState.RTS).sqPsn(psn).timeout(14).retryCnt(7).rnrRetry(7).maxRdAtomic(16),
                QpAttrMask.STATE | QpAttrMask.SQ_PSN | QpAttrMask.TIMEOUT | QpAttrMask.RETRY_CNT | QpAttrMask.RNR_RETRY
                        | QpAttrMask.MAX_QP_RD_ATOMIC);
    }

    private static ChannelProvider provider(TwoHosts fabric) {
        return new ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("sim:two");
            }

            @Override
            public MadChannel open(String spec) throws IOException {
                return fabric.fabric.openChannel(fabric.fabric.attachPoint("h1", 1));
            }
        };
    }

    @Test
    void aFabricWithoutASimulatorIsRefusedWithAReason() throws Exception {
        PerftestTool tool = new PerftestTool("umad");
        assertEquals(ExitStatus.FAILURE, tool.run(call("send_lat")));
        assertTrue(err.toString().contains("perftest runs between hosts of a simulated fabric"), err.toString());
    }

    @Test
    void runsBetweenTwoSimulatedHosts() throws Exception {
        try (TwoHosts fabric = new TwoHosts()) {
            PerftestTool tool = new PerftestTool("sim:two");
            tool.addProvider(new ChannelProvider() {
                @Override
                public boolean handles(String spec) {
                    return spec.equals("sim:two");
                }

                @Override
                public MadChannel open(String spec) throws IOException {
                    return fabric.fabric.openChannel(fabric.fabric.attachPoint("h1", 1));
                }
            });
            assertEquals(ExitStatus.OK, tool.run(call("send_lat", "-n", "20", "--client", "h1", "--server", "h2")),
                    err.toString());
            String text = out.toString();
            assertTrue(text.contains("Send Latency Test") && text.contains("Device         : sim_h1"), text);
            assertTrue(text.contains("\n 2       20 "), text);
        }
    }
}
