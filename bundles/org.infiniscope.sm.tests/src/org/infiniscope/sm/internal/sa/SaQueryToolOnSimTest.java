package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.record;
import static org.infiniscope.sm.internal.sa.SaFixture.table;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Hashtable;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.diag.format.SaFormat;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetLink;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.sm.subnet.SubnetPort;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;

/**
 * Our own {@code saquery} (the diag bundle's tool, as the console runs it) against our SA on the embedded simulator:
 * the whole NodeRecord, PortInfoRecord and LinkRecord tables arrive through RMPP and print as the subnet has them,
 * and PR, SWIR, SMIR, MCMR and SR print the records the SA answers.
 */
class SaQueryToolOnSimTest {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private static SaFixture fx;
    private static Subnet subnet;
    private static ServiceRegistration<ChannelProvider> provider;
    private static ConsoleTool saquery;
    private static MadTransport client;

    @BeforeAll
    static void up() throws Exception {
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(4, 2, 4)));
        subnet = fx.sim.subnet();
        client = fx.client("h00012");
        BundleContext context = FrameworkUtil.getBundle(SaQueryToolOnSimTest.class).getBundleContext();
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Constants.SERVICE_RANKING, 1000);
        provider = context.registerService(ChannelProvider.class, new ChannelProvider() {
            @Override
            public boolean handles(String fabric) {
                return fabric.startsWith("sa-sim@");
            }

            @Override
            public MadChannel open(String fabric) throws IOException {
                return fx.fabric().openChannel(fx.fabric().attachPoint(fabric.substring("sa-sim@".length()), 1));
            }
        }, props);
        Bundle diag = FrameworkUtil.getBundle(SaFormat.class);
        if (diag.getState() != Bundle.ACTIVE) {
            diag.start();
        }
        SaFixture.await(() -> (saquery = find(context)) != null, DEADLINE, "the saquery tool registered");
    }

    private static ConsoleTool find(BundleContext context) {
        try {
            for (ServiceReference<ConsoleTool> r : context.getServiceReferences(ConsoleTool.class, null)) {
                ConsoleTool tool = context.getService(r);
                if (tool != null && tool.name().equals("saquery")) {
                    return tool;
                }
            }
        } catch (org.osgi.framework.InvalidSyntaxException e) {
            throw new AssertionError(e);
        }
        return null;
    }

    @AfterAll
    static void down() {
        provider.unregister();
        fx.close();
    }

    private static String run(String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--fabric", "sa-sim@h00009"));
        all.addAll(List.of(args));
        int status = saquery.run(new ToolInvocation(all, new PrintWriter(out, true), new PrintWriter(err, true)));
        assertEquals(ExitStatus.OK, status, err.toString());
        return out.toString();
    }

    /** The NodeRecords the subnet holds, as the SA should list them: per node, per port with a LID. */
    private static List<NodeRecord> expectedNodes() {
        List<NodeRecord> all = new ArrayList<>();
        for (SubnetNode n : subnet.nodes()) {
            for (SubnetPort p : n.ports()) {
                if (n.isSwitch() && p.number() != 0) {
                    continue;
                }
                NodeInfo i = n.info();
                all.add(new NodeRecord(p.info().lid(),
                        new NodeInfo(i.baseVersion(), i.classVersion(), i.nodeType(), i.numPorts(), i.systemImageGuid(),
                                i.nodeGuid(), p.guid(), i.partitionCap(), i.deviceId(), i.revision(), p.number(),
                                i.vendorId()),
                        new NodeDescription(n.description())));
            }
        }
        return all;
    }

    @Test
    void nodeRecordsPrintEveryNode() throws Exception {
        assertEquals(expectedNodes().stream().map(SaFormat::nodeRecord).reduce("", String::concat), run("NR"));
    }

    @Test
    void portInfoRecordsPrintEveryPort() throws Exception {
        String out = run("PIR");
        List<PortInfoRecord> records = table(
                fx.ask(client, Method.GET_TABLE, PortInfoRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH]),
                PortInfoRecord.CODEC);
        assertEquals(subnet.nodes().stream().mapToInt(n -> n.ports().size()).sum(), records.size());
        assertEquals(records.stream().map(SaFormat::portInfoRecord).reduce("", String::concat), out);
    }

    @Test
    void linkRecordsPrintEveryLinkBothWays() throws Exception {
        List<String> lines = new ArrayList<>();
        for (SubnetLink l : subnet.links()) {
            int a = lid(l.nodeA(), l.portA());
            int b = lid(l.nodeB(), l.portB());
            lines.add(SaFormat.linkRecord(new LinkRecord(a, l.portA(), l.portB(), b)));
            lines.add(SaFormat.linkRecord(new LinkRecord(b, l.portB(), l.portA(), a)));
        }
        List<String> printed = new ArrayList<>(List.of(run("LR").split("(?=LinkRecord dump:)")));
        Collections.sort(lines);
        Collections.sort(printed);
        assertEquals(String.join("", lines), String.join("", printed));
    }

    private static int lid(long node, int port) {
        SubnetNode n = subnet.node(node).orElseThrow();
        return n.port(n.isSwitch() ? 0 : port).orElseThrow().info().lid();
    }

    @Test
    void aPathRecordPrintsAsTheSaAnswersIt() throws Exception {
        int a = fx.sim.lid("h00009");
        int b = fx.sim.lid("h00002");
        byte[] t = new byte[SaMad.DATA_LENGTH];
        PathRecord.CODEC.encode(PathRecord.betweenLids(a, b), t, 0);
        PathRecord p = record(fx.ask(client, Method.GET, PathRecord.ATTRIBUTE_ID, 0,
                PathRecord.Components.SLID | PathRecord.Components.DLID, t), PathRecord.CODEC);
        assertEquals(SaFormat.pathRecord(p), run("PR", Integer.toString(a), Integer.toString(b)));
    }

    @Test
    void switchAndSmRecordsPrint() throws Exception {
        byte[] none = new byte[SaMad.DATA_LENGTH];
        assertEquals(table(fx.ask(client, Method.GET_TABLE, SwitchInfoRecord.ATTRIBUTE_ID, 0, 0, none),
                SwitchInfoRecord.CODEC).stream().map(r -> SaFormat.switchInfoRecord(r, true))
                .reduce("", String::concat), run("SWIR"));
        assertEquals(
                SaFormat.smInfoRecord(
                        record(fx.ask(client, Method.GET, SMInfoRecord.ATTRIBUTE_ID, 0, 0, none), SMInfoRecord.CODEC)),
                run("SMIR"));
    }

    @Test
    void groupsAndServicesPrint() throws Exception {
        Gid port = new Gid(Gid.DEFAULT_PREFIX, fx.fabric().topology().node("h00012").orElseThrow().portGuid(1));
        byte[] t = new byte[SaMad.DATA_LENGTH];
        MCMemberRecord.CODEC.encode(new MCMemberRecord(new Gid(0xFF12_401B_FFFF_0000L, 1), port, 0x0B1B, 0, 0, 0, 0,
                0xFFFF, 0, 0, 0, 0, 0, 0, 0, 2, MCMemberRecord.FULL_MEMBER, false), t, 0);
        MCMemberRecord joined = record(
                fx.ask(client, Method.SET, MCMemberRecord.ATTRIBUTE_ID, 0, MulticastGroups.CREATE_COMPONENTS, t),
                MCMemberRecord.CODEC);
        assertEquals(SaFormat.mcMemberRecord(joined), run("MCMR"));

        ServiceRecord service = new ServiceRecord(0x10000CE100415453L, port, 0xFFFF, ServiceRecord.INFINITE_LEASE, 0, 0,
                "infiniscope-test", Collections.nCopies(16, 1), Collections.nCopies(8, 2), Collections.nCopies(4, 3),
                List.of(4L, 5L));
        byte[] s = new byte[SaMad.DATA_LENGTH];
        ServiceRecord.CODEC.encode(service, s, 0);
        record(fx.ask(client, Method.SET, ServiceRecord.ATTRIBUTE_ID, 0,
                ServiceRecord.Components.SERVICE_ID | ServiceRecord.Components.SERVICE_GID
                        | ServiceRecord.Components.SERVICE_P_KEY | ServiceRecord.Components.SERVICE_NAME,
                s), ServiceRecord.CODEC);
        assertEquals(SaFormat.serviceRecord(service), run("SR"));
    }
}
