package org.infiniscope.verbs.cm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmConnections;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.CmState;
import org.infiniscope.cm.HostCms;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.cm.RdmaCms;
import org.infiniscope.cm.sim.SimCm;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.sim.MiniSm;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.WorkCompletion;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.infiniscope.verbs.spi.RcConnector;
import org.junit.jupiter.api.Test;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * perftest's rdma_cm connection through the CM of simulated hosts ({@code h1 - sw - h2}, brought up by MiniSm): both
 * QPs reach RTS towards each other, carry a send, are listed ESTABLISHED by {@code cm connections}, and the
 * connection's closing disconnects them (DREQ, DREP: both QPs in ERR, the communications no longer established).
 */
class CmRcConnectorTest {

    static final Duration STEP = Duration.ofSeconds(20);

    /** The fabric, its verbs and a CM on its hosts, served as the runtime's HostCms is. */
    private static final class Hosts implements HostCms, AutoCloseable {
        final SimFabric fabric = SimFabric.of(
                new Topology(List.of(ca("h1", 0x0002c90300001100L), ca("h2", 0x0002c90300001200L), sw("sw", 0x3000)),
                        List.of(Link.of("h1", 1, "sw", 1), Link.of("sw", 2, "h2", 1)), Topology.DEFAULT_WIDTH,
                        Topology.DEFAULT_SPEED, 0));
        final MiniSm sm;
        final SimVerbsProvider verbs = new SimVerbsProvider(fabric);
        final SimCm cm = new SimCm(fabric, verbs, CmOptions.DEFAULT);

        Hosts() throws Exception {
            sm = new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
        }

        @Override
        public String fabric() {
            return "sim:test";
        }

        @Override
        public String unavailableReason() {
            return "";
        }

        @Override
        public RdmaCm host(String node) throws CmException {
            return cm.host(node);
        }

        @Override
        public RdmaCm host(String fabric, String node) throws CmException {
            if (!fabric.equals("sim:test")) {
                throw new CmException("not this fabric: " + fabric);
            }
            return cm.host(node);
        }

        /** The devices the connector asked a CM for. */
        final List<org.infiniscope.verbs.Device> asked = new java.util.concurrent.CopyOnWriteArrayList<>();

        /** Selects as the runtime's RdmaCms does: a simulated HCA sim_NODE by its host's CM, no other provider. */
        final RdmaCms selection = device -> {
            asked.add(device);
            if (device.provider().equals("sim") && device.name().startsWith("sim_")) {
                return host(device.name().substring(4));
            }
            throw new CmException("no CM serves devices of verbs provider \"" + device.provider() + "\"");
        };

        CmRcConnector connector() {
            return new CmRcConnector(selection, this, runtimeVerbs());
        }

        @Override
        public void close() {
            cm.close();
            verbs.close();
        }

        private static Node ca(String name, long guid) {
            return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
        }

        private static Node sw(String name, long guid) {
            return new Node(NodeType.SWITCH, name, 3, guid, guid, List.of(guid), 0x02c9, 0xcf08);
        }
    }

    /** One side's resources, made on the context the CM chose. */
    private static final class End {
        ProtectionDomain pd;
        CompletionQueue cq;
        QueuePair qp;
        MemoryRegion mr;

        QueuePair make(org.infiniscope.verbs.Context ctx, RcConnector.QpFactory factory, Arena arena)
                throws VerbsException {
            pd = ctx.allocPd();
            cq = ctx.createCq(64, null, 0);
            mr = pd.registerMemory(arena.allocate(4096, 4096), Access.LOCAL_WRITE | Access.REMOTE_WRITE);
            qp = factory.create(pd, new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(16, 16, 1, 1, 0), false));
            return qp;
        }

        List<WorkCompletion> await(int n) throws VerbsException {
            List<WorkCompletion> got = new ArrayList<>();
            long deadline = System.nanoTime() + STEP.toNanos();
            while (got.size() < n && System.nanoTime() < deadline) {
                got.addAll(cq.poll(n - got.size()));
            }
            return got;
        }

        void close() throws VerbsException {
            qp.close();
            mr.close();
            cq.close();
            pd.close();
        }
    }

    private static CmConnections service() {
        var context = FrameworkUtil.getBundle(CmRcConnectorTest.class).getBundleContext();
        ServiceTracker<CmConnections, CmConnections> t = new ServiceTracker<>(context, CmConnections.class, null);
        t.open();
        try {
            CmConnections c = t.waitForService(STEP.toMillis());
            assertTrue(c != null, "the CM bundle registers its connections service");
            return c;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        } finally {
            t.close();
        }
    }

    private static <S> S runtime(Class<S> type) {
        var context = FrameworkUtil.getBundle(CmRcConnectorTest.class).getBundleContext();
        ServiceTracker<S, S> t = new ServiceTracker<>(context, type, null);
        t.open();
        try {
            S s = t.waitForService(STEP.toMillis());
            assertTrue(s != null, "the runtime registers " + type.getSimpleName());
            return s;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        } finally {
            t.close();
        }
    }

    static org.infiniscope.verbs.Verbs runtimeVerbs() {
        return runtime(org.infiniscope.verbs.Verbs.class);
    }

    private static ResourceSource simSource() throws Exception {
        var context = FrameworkUtil.getBundle(CmRcConnectorTest.class).getBundleContext();
        var refs = context.getServiceReferences(ResourceSource.class, null);
        for (var ref : refs) {
            ResourceSource s = context.getService(ref);
            if (s != null && s.name().equals("sim")) {
                return s;
            }
        }
        throw new AssertionError("the verbs bundle registers its sim resource source");
    }

    @Test
    void connectsRunsAndDisconnectsTwoHostsThroughTheCm() throws Exception {
        try (Hosts hosts = new Hosts(); Arena arena = Arena.ofShared()) {
            CmConnections listing = service();
            End client = new End();
            End server = new End();
            CmRcConnector connector = hosts.connector();
            RcConnector.Connection c = connector.connect("sim:test", "h1", "h2", (ctx, f) -> client.make(ctx, f, arena),
                    (ctx, f) -> server.make(ctx, f, arena), STEP);
            assertEquals(QpState.RTS, client.qp.state());
            assertEquals(QpState.RTS, server.qp.state());
            assertEquals(server.qp.qpNum(), client.qp.query().destQpNum());
            assertEquals(client.qp.qpNum(), server.qp.query().destQpNum());
            assertEquals(hosts.sm.lid("h2"), client.qp.query().ahAttr().dlid());
            assertTrue(c.describe().contains("h1 -> h2") && c.describe().contains("REQ/REP/RTU"), c.describe());
            assertEquals(List.of("sim_h2", "sim_h1"),
                    hosts.asked.stream().map(org.infiniscope.verbs.Device::name).toList(),
                    "each side's CM is the one RdmaCms selects for its simulated HCA");
            assertTrue(hosts.asked.stream().allMatch(d -> d.provider().equals("sim")), hosts.asked.toString());

            List<CmConnection> established = listing.connections().stream().filter(
                    x -> x.state() == CmState.ESTABLISHED && (x.localQpn() == client.qp.qpNum() && x.node().equals("h1")
                            || x.localQpn() == server.qp.qpNum() && x.node().equals("h2")))
                    .toList();
            assertEquals(2, established.size(), listing.connections().toString());
            StringWriter out = new StringWriter();
            CmTool tool = new CmTool(listing, connector);
            assertEquals(ExitStatus.OK, tool.run(new ToolInvocation(List.of("connections", "--node", "h1"),
                    new PrintWriter(out), new PrintWriter(new StringWriter()))));
            assertTrue(
                    out.toString().lines()
                            .anyMatch(l -> l.startsWith("h1 ") && l.contains("ESTABLISHED")
                                    && l.contains(String.format("0x%06x", client.qp.qpNum())) && l.endsWith("active")),
                    out.toString());
            assertFalse(out.toString().contains("\nh2 "), "--node h1 lists h1's only: " + out);
            assertTrue(tool.connections().contains("passive"), tool.connections());

            // what the qp commands and the Queue Pairs view read: the simulated HCAs' QPs and the CM's communications
            List<QpResource> qps = simSource().qps();
            assertTrue(qps.stream().anyMatch(q -> q.node().equals("h1") && q.lqpn() == client.qp.qpNum()
                    && q.state() == QpState.RTS && q.rqpn() == server.qp.qpNum()), qps.toString());
            assertTrue(
                    new CmResourceSource(listing).cmIds().stream()
                            .anyMatch(id -> id.state().equals("ESTABLISHED") && id.lqpn() == server.qp.qpNum()),
                    new CmResourceSource(listing).cmIds().toString());

            server.qp.postRecv(RecvWr.of(7, server.mr.sge(0, 64)));
            client.qp.postSend(SendWr.send(8, client.mr.sge(0, 64)));
            List<WorkCompletion> sent = client.await(1);
            List<WorkCompletion> received = server.await(1);
            assertTrue(sent.size() == 1 && sent.get(0).ok(), sent.toString());
            assertTrue(received.size() == 1 && received.get(0).ok() && received.get(0).wrId() == 7,
                    received.toString());

            c.close();
            c.close(); // once is enough
            assertEquals(QpState.ERR, client.qp.state());
            assertEquals(QpState.ERR, server.qp.state());
            assertTrue(
                    listing.connections().stream().noneMatch(
                            x -> x.state() == CmState.ESTABLISHED && (x.node().equals("h1") || x.node().equals("h2"))),
                    listing.connections().toString());
            client.close();
            server.close();
        }
    }

    @Test
    void cmConnectConnectsAndDisconnectsCountTimes() throws Exception {
        try (Hosts hosts = new Hosts()) {
            CmRcConnector connector = hosts.connector();
            CmTool tool = new CmTool(service(), connector);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            assertEquals(ExitStatus.OK, tool.run(new ToolInvocation(List.of("connect", "-n", "3", "h2", "h1"),
                    new PrintWriter(out), new PrintWriter(err))), err.toString());
            assertEquals(3, out.toString().lines().filter(l -> l.startsWith("h2 -> h1 service ID")).count(),
                    out.toString());
            assertTrue(out.toString().contains("3 connections established and disconnected in"), out.toString());
            assertEquals(0, hosts.verbs.resources("h1").qps(), "each connection's QP is destroyed");
            assertThrows(org.infiniscope.console.UsageException.class, () -> tool
                    .run(new ToolInvocation(List.of("connect", "h1"), new PrintWriter(out), new PrintWriter(err))));
        }
    }

    /**
     * Off the simulator the hosts are this machine's RDMA devices: a name that is none is an error naming the
     * devices there are (none here without RDMA hardware), and another simulated fabric's hosts are that fabric's
     * (HostCms), which RdmaCms, following the runtime's devices, does not serve.
     */
    @Test
    void offTheSimulatorTheHostsAreRdmaDevicesAndAnotherSimulatedFabricIsItsHosts() throws Exception {
        try (Hosts hosts = new Hosts()) {
            CmRcConnector connector = hosts.connector();
            VerbsException e = assertThrows(VerbsException.class, () -> connector.connect("umad", "mlx5_nosuch",
                    "mlx5_nosuch", (ctx, f) -> null, (ctx, f) -> null, STEP));
            assertTrue(e.getMessage().contains("the fabric umad is not simulated")
                    && e.getMessage().contains("no \"mlx5_nosuch\""), e.getMessage());
            assertEquals(List.of(), hosts.asked, "no CM is asked for a device that is not there");
            VerbsException other = assertThrows(VerbsException.class,
                    () -> connector.connect("sim:other", "h1", "h2", (ctx, f) -> null, (ctx, f) -> null, STEP));
            assertTrue(other.getMessage().contains("not this fabric: sim:other"), other.getMessage());
            assertEquals(List.of(), hosts.asked);
        }
    }

    /**
     * On RDMA hardware: the first device connects to itself through the runtime's RdmaCms (librdmacm over FFM),
     * the listener bound to its port 1 and the client addressing it by that port's GID; both QPs reach RTS.
     */
    @Test
    @org.junit.jupiter.api.Tag("hw")
    void onRdmaHardwareTheConnectionGoesThroughLibrdmacm() throws Exception {
        String[] devices = new java.io.File("/sys/class/infiniband").list();
        org.junit.jupiter.api.Assumptions.assumeTrue(devices != null && devices.length > 0,
                "no RDMA device here: librdmacm's path needs an HCA");
        org.infiniscope.verbs.Verbs verbs = runtimeVerbs();
        String device = verbs.devices().stream().filter(d -> d.provider().equals("rdma-core")).findFirst().orElseThrow()
                .name();
        try (Hosts hosts = new Hosts(); Arena arena = Arena.ofShared()) {
            CmRcConnector connector = new CmRcConnector(runtime(RdmaCms.class), hosts, verbs);
            End client = new End();
            End server = new End();
            try (RcConnector.Connection c = connector.connect("umad", device, device,
                    (ctx, f) -> client.make(ctx, f, arena), (ctx, f) -> server.make(ctx, f, arena), STEP)) {
                assertEquals(QpState.RTS, client.qp.state());
                assertEquals(QpState.RTS, server.qp.state());
                assertEquals(server.qp.qpNum(), client.qp.query().destQpNum());
            }
            client.close();
            server.close();
        }
    }

    @Test
    void aHostThatIsNotThereIsAnError() throws Exception {
        try (Hosts hosts = new Hosts()) {
            CmRcConnector connector = hosts.connector();
            VerbsException e = assertThrows(VerbsException.class,
                    () -> connector.connect("sim:test", "h1", "nobody", (ctx, f) -> null, (ctx, f) -> null, STEP));
            assertTrue(e.getMessage().contains("nobody"), e.getMessage());
        }
    }
}
