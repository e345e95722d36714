package org.infiniscope.verbs.internal.resource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.internal.sim.SimRestrack;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.infiniscope.verbs.sim.Peer;
import org.infiniscope.verbs.sim.TwoHosts;
import org.junit.jupiter.api.Test;

/**
 * {@code qp} and {@code rdma resource show --sim} on an RC pair of simulated hosts: the table, the detail, the
 * iproute2 lines, and the pulled cable's ERR with retry-exceeded.
 */
class QpToolTest {

    private record Run(int status, String out, String err) {
    }

    private static Run run(Object tool, String... args) throws UsageException {
        StringWriter out = new StringWriter(), err = new StringWriter();
        ToolInvocation inv = new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err));
        int status = tool instanceof QpTool q ? q.run(inv) : ((RdmaTool) tool).run(inv);
        return new Run(status, out.toString(), err.toString());
    }

    private static QpTool qpTool(ResourceSource... sources) {
        QpTool t = new QpTool();
        for (ResourceSource s : sources) {
            t.addSource(s);
        }
        return t;
    }

    private static void waitFor(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void theTableShowsAnRcPairInRtsAndThenErrWithRetryExceededAfterThePulledCable() throws Exception {
        QpTool tool = qpTool(new SimResourceSource());
        AtomicInteger told = new AtomicInteger();
        try (TwoHosts fabric = new TwoHosts();
                Peer a = fabric.peer("h1");
                Peer b = fabric.peer("h2");
                AutoCloseable l = SimRestrack.addListener(told::incrementAndGet)) {
            QueuePair qa = a.qp(QpType.RC);
            QueuePair qb = b.qp(QpType.RC);
            Peer.connect(qa, a, qb, b, 8, 3, 7);
            MemoryRegion src = a.mr(65536, Access.LOCAL_WRITE);
            MemoryRegion dst = b.mr(65536, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
            for (int i = 0; i < 5; i++) {
                qa.postSend(SendWr.write(i, src.sge(0, 4096), dst.addr(), dst.rkey()));
            }
            a.await(5);

            Run list = run(tool, "list", "--node", "h1");
            assertEquals(ExitStatus.OK, list.status(), list.err());
            String[] lines = list.out().split("\n");
            assertEquals(2, lines.length, list.out());
            assertTrue(lines[0].startsWith("node"), lines[0]);
            String row = lines[1];
            String qpn = "0x" + Integer.toHexString(qa.qpNum());
            assertTrue(row.matches("h1 +sim_h1 +1 +" + qpn + " +RC +RTS +h2 \\(lid \\d+\\) +0x"
                    + Integer.toHexString(qb.qpNum()) + " .* +5 +0 +0  -"), row);

            Run show = run(tool, "show", "--node", "h2", "0x" + Integer.toHexString(qb.qpNum()));
            assertEquals(ExitStatus.OK, show.status(), show.err());
            assertTrue(show.out().contains("state:             RTS\n"), show.out());
            assertTrue(show.out().contains("state machine:     RESET INIT RTR [RTS] SQD SQE ERR\n"), show.out());
            assertTrue(show.out().contains("messages received: 5\n"), show.out());
            assertTrue(show.out().contains("peer:              h1\n"), show.out());

            int before = told.get();
            fabric.fabric.faults().unplug("sw1", 2);
            qa.postSend(SendWr.write(100, src.sge(0, 4096), dst.addr(), dst.rkey()));
            assertEquals(WcStatus.RETRY_EXC_ERR, a.await().status());
            waitFor("the listener to hear of the QP's move to ERR", () -> told.get() > before);

            Run err = run(tool, "--state", "ERR", "--node", "h1");
            String errRow = err.out().split("\n")[1];
            assertTrue(errRow.matches("h1 +sim_h1 +1 +" + qpn + " +RC +ERR .* +5 +0 +3  RETRY_EXC_ERR"), errRow);
            Run detail = run(tool, "show", "--node", "h1", Integer.toString(qa.qpNum()));
            assertTrue(detail.out().contains("RESET INIT RTR RTS SQD SQE [ERR]"), detail.out());
            assertTrue(detail.out().contains("last error:        RETRY_EXC_ERR (transport retry counter exceeded)"),
                    detail.out());

            RdmaTool rdma = new RdmaTool();
            rdma.addSource(new SimResourceSource());
            Run lines2 = run(rdma, "resource", "show", "qp", "link", "sim_h1/1", "--sim");
            assertEquals(
                    "link sim_h1/1 lqpn " + qa.qpNum() + " rqpn " + qb.qpNum() + " type RC state ERR rq-psn "
                            + List.of(SimRestrack.qps().stream()
                                    .filter(q -> q.lqpn() == qa.qpNum() && q.node().equals("h1")).findFirst()
                                    .orElseThrow()).get(0).rqPsn()
                            + " sq-psn " + sqPsn(qa.qpNum()) + " path-mig-state MIGRATED pid "
                            + ProcessHandle.current().pid() + " comm infiniscope\n",
                    lines2.out());

            Run json = run(rdma, "-j", "resource", "show", "qp", "link", "sim_h1/1", "--sim");
            String want = "\\[\\{\"ifname\":\"sim_h1\",\"port\":1,\"lqpn\":" + qa.qpNum() + ",\"rqpn\":" + qb.qpNum()
                    + ",\"type\":\"RC\",\"state\":\"ERR\",\"rq-psn\":\\d+,\"sq-psn\":\\d+,"
                    + "\"path-mig-state\":\"MIGRATED\",\"pid\":\\d+,\"comm\":\"infiniscope\"}]\n";
            assertTrue(json.out().matches(want), json.out());
            Run qpJson = run(tool, "show", "--json", "--node", "h1", Integer.toString(qa.qpNum()));
            assertTrue(qpJson.out().contains("\"state\":\"ERR\"") && qpJson.out().contains("\"peer\":\"h2\"")
                    && qpJson.out().contains("\"peerGuid\":\"0x0002c90300000200\"")
                    && qpJson.out().contains("\"lastError\":\"RETRY_EXC_ERR\""), qpJson.out());
        }
        assertTrue(SimRestrack.qps().stream().noneMatch(q -> q.node().equals("h1") && q.state() == QpState.ERR),
                "a closed provider's QPs leave the view");
    }

    private static int sqPsn(int qpn) {
        return SimRestrack.qps().stream().filter(q -> q.lqpn() == qpn && q.node().equals("h1"))
                .mapToInt(QpResource::sqPsn).findFirst().orElseThrow();
    }

    @Test
    void withoutTheNetlinkSourceTheSystemViewSaysWhereItLives() throws Exception {
        Run r = run(qpTool(new SimResourceSource()), "--system");
        assertEquals(ExitStatus.FAILURE, r.status());
        assertTrue(r.err().contains("rdma-core bundle (RDMA netlink) is not installed"), r.err());
        ResourceSource absent = new ResourceSource() {
            @Override
            public String name() {
                return "netlink";
            }

            @Override
            public String unavailableReason() {
                return "no RDMA netlink on this host: EPROTONOSUPPORT";
            }

            @Override
            public List<QpResource> qps() {
                throw new AssertionError("not read when unavailable");
            }
        };
        RdmaTool rdma = new RdmaTool();
        rdma.addSource(absent);
        Run r2 = run(rdma, "resource", "show", "cm_id");
        assertEquals(ExitStatus.FAILURE, r2.status());
        assertEquals("infiniscope rdma: no RDMA netlink on this host: EPROTONOSUPPORT\n", r2.err());
    }

    @Test
    void badArgumentsAreUsageErrors() {
        QpTool tool = qpTool(new SimResourceSource());
        assertThrows(UsageException.class, () -> run(tool, "show"));
        assertThrows(UsageException.class, () -> run(tool, "--state", "DONE"));
        assertThrows(UsageException.class, () -> run(tool, "show", "0x1000000"));
        assertThrows(UsageException.class, () -> run(tool, "--frobnicate"));
        assertThrows(UsageException.class, () -> run(new RdmaTool(), "resource", "show", "mr"));
    }
}
