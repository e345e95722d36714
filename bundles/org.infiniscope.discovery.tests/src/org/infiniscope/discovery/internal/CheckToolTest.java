package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.NetFiles;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * {@code check} end to end on the embedded simulator: faults made by the simulator's own fault API, by SubnSet
 * PortInfo from our transport, or by cabling the simulated fabric otherwise than the plan says.
 */
class CheckToolTest {

    private static final String SPEC = "ft2:2:1:2";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Opens channels on one simulated fabric, so that faults made on it show in the sweep. */
    private record OnFabric(SimFabric fabric) implements ChannelProvider {
        @Override
        public boolean handles(String spec) {
            return spec.startsWith("sim");
        }

        @Override
        public MadChannel open(String spec) {
            return fabric.openChannel(fabric.defaultAttachPoint());
        }
    }

    private int run(SimFabric fabric, String... args) throws UsageException {
        CheckTool tool = new CheckTool("sim", new DiscoveryImpl(), new FabricCheckerImpl());
        tool.provide(new OnFabric(fabric), 1);
        List<String> all = new ArrayList<>(List.of("-t", "100"));
        all.addAll(List.of(args));
        return tool.run(new ToolInvocation(all, new PrintWriter(out), new PrintWriter(err)));
    }

    private static Path planFile(Topology topology) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "check-tests"));
        Path file = Files.createTempFile(dir, "plan", ".net");
        Files.writeString(file, NetFiles.toNetText(topology));
        return file;
    }

    /** Sets a CA port's PortInfo by SubnSet from that port itself, as an SM or ibportstate would. */
    private static void set(SimFabric fabric, String ca, UnaryOperator<PortInfoBuilder> change) throws Exception {
        try (MadTransport t = MadTransports.over(fabric.openChannel(fabric.attachPoint(ca, 1)),
                new TransportConfig(4, 4))) {
            byte[] got = t.send(new MadRequest(
                    Smp.directedRoute(Method.GET, 0, PortInfo.ATTRIBUTE_ID, 1, 0, new int[0], new byte[0]).encode(),
                    MadAddress.directedRoute(), Duration.ofSeconds(1), 1)).get().mad();
            PortInfo next = change.apply(
                    PortInfoBuilder.from(Smp.decodeAttribute(got, PortInfo.CODEC)).portState(0).portPhysicalState(0))
                    .build();
            byte[] data = new byte[PortInfo.LENGTH];
            PortInfo.CODEC.encode(next, data, 0);
            byte[] answer = t.send(new MadRequest(
                    Smp.directedRoute(Method.SET, 0, PortInfo.ATTRIBUTE_ID, 1, 0, new int[0], data).encode(),
                    MadAddress.directedRoute(), Duration.ofSeconds(1), 1)).get().mad();
            assertEquals(0, Smp.validate(answer).status() & ~MadStatus.DIRECTION, "SubnSet PortInfo refused");
        }
    }

    @Test
    void aFreshSimulatedFabricHasNoSmAndSaysSoInOneFinding() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        assertEquals(ExitStatus.FAILURE, run(fabric), err.toString());
        String[] lines = out.toString().split("\n");
        assertEquals("-- dup: duplicate GUIDs and LIDs: clean", lines[0]);
        assertEquals("-- speed: link width and speed: clean", lines[1], "the simulator's 4X SDR cables are healthy");
        assertEquals("-- stuck: ports stuck in Init or Armed: 1 error", lines[2]);
        assertTrue(lines[3].startsWith("ERROR   unconfigured           no subnet manager has configured this fabric: "
                + "all 16 ports with a physical link are in Init and no port has a LID"), lines[3]);
        assertEquals("Summary: 7 nodes, 8 links; dup clean, speed clean, stuck 1 error: FAILED", lines[4]);
        assertEquals(5, lines.length, out.toString());
    }

    @Test
    void theFabricAsPlannedPassesThePlanCheck() throws Exception {
        Topology topology = TopologySpec.parse(SPEC);
        SimFabric fabric = SimFabric.of(topology);
        assertEquals(ExitStatus.OK, run(fabric, "--checks", "plan,dup,speed", "--plan", planFile(topology).toString()),
                out + "" + err);
        assertTrue(out.toString().endsWith("dup clean, speed clean, plan clean: PASSED\n"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.OK, run(fabric, "--checks=plan", "--by-guid", "--plan", planFile(topology).toString()),
                out.toString());
    }

    @Test
    void discoversOwnTopologyOutputIsAPlanByNameAndByGuid() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        FabricSnapshot saved = SweepTest.sweep(fabric, fabric.defaultAttachPoint(),
                new SweepOptions(16, Duration.ofMillis(100), 3));
        Path plan = Files.createDirectories(Path.of("target", "check-tests")).resolve("discovered.topo");
        Files.writeString(plan, IbnetdiscoverText.topology(saved, "DATE"));
        assertEquals(ExitStatus.OK, run(fabric, "--checks", "plan", "--plan", plan.toString()), out.toString());
        assertEquals(ExitStatus.OK, run(fabric, "--checks", "plan", "--by-guid", "--plan", plan.toString()),
                out.toString());
        fabric.faults().unplug("leaf002", 3);
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "plan", "--plan", plan.toString()));
        assertTrue(out.toString()
                .contains("ERROR   missing-link           planned \"leaf002\"[3] (0x0008f10500000200) "
                        + "- \"spine001\"[3] (0x0008f10500000300) is missing: no link at either end\n")
                || out.toString().contains("ERROR   missing-link           planned \"spine001\"[3] "
                        + "(0x0008f10500000300) - \"leaf002\"[3] (0x0008f10500000200) is missing: no link at either "
                        + "end\n"),
                out.toString());
    }

    @Test
    void aPortLeftArmedOnAConfiguredFabricIsStuck() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        // an SM gave h00001 a LID and armed its port, and went no further
        set(fabric, "h00001", p -> p.lid(1).portState(3));
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "stuck"));
        List<String> findings = out.toString().lines().filter(l -> l.startsWith("ERROR")).toList();
        assertEquals(16, findings.size(), "every port with a link up: " + out);
        assertTrue(findings.contains("ERROR   stuck-armed            \"h00001\"[1] (0x0008f10400000100) is Armed with "
                + "its physical link up (LinkUp): not Active"), out.toString());
        assertEquals(15, findings.stream().filter(f -> f.startsWith("ERROR   stuck-init ")).count(), out.toString());
    }

    @Test
    void aPulledCableIsAMissingLinkOfThePlan() throws Exception {
        Topology topology = TopologySpec.parse(SPEC);
        SimFabric fabric = SimFabric.of(topology);
        fabric.faults().unplug("h00002", 1);
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "plan", "--plan", planFile(topology).toString()));
        assertTrue(out.toString()
                .contains("ERROR   missing-link           planned \"h00002\"[1] (0x0008f10400000200) "
                        + "- \"leaf001\"[2] (0x0008f10500000100) is missing: no link at either end (\"h00002\" "
                        + "(0x0008f10400000200) not found)\n"),
                out.toString());
        assertTrue(out.toString().contains("-- plan: cabling plan: 1 error\n"), out.toString());
    }

    /** @return the topology with two hosts' cables swapped at their switch ends */
    private static Topology swap(Topology t, String hostA, String hostB) {
        List<Link> links = new ArrayList<>();
        Link la = null;
        Link lb = null;
        for (Link l : t.links()) {
            if (l.a().equals(hostA) || l.b().equals(hostA)) {
                la = l;
            } else if (l.a().equals(hostB) || l.b().equals(hostB)) {
                lb = l;
            } else {
                links.add(l);
            }
        }
        // the generator writes host links host first
        links.add(new Link(hostA, la.portA(), lb.b(), lb.portB(), la.width(), la.speed(), la.extSpeed()));
        links.add(new Link(hostB, lb.portA(), la.b(), la.portB(), lb.width(), lb.speed(), lb.extSpeed()));
        return new Topology(t.nodes(), links, t.defaultWidth(), t.defaultSpeed(), t.defaultExtSpeed());
    }

    @Test
    void twoSwappedCablesAreMiscabled() throws Exception {
        Topology planned = TopologySpec.parse(SPEC);
        SimFabric fabric = SimFabric.of(swap(planned, "h00001", "h00003"));
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "plan", "--plan", planFile(planned).toString()));
        List<String> findings = out.toString().lines().filter(l -> l.startsWith("ERROR")).toList();
        assertEquals(2, findings.size(), out.toString());
        assertTrue(
                findings.get(0).startsWith("ERROR   miscabled-link         planned \"h00001\"[1] (0x0008f10400000100) "
                        + "- \"leaf001\"[1] (0x0008f10500000100) is mis-cabled: found \"h00001\"[1] (0x0008f10400000100) - "
                        + "\"leaf002\"[1] (0x0008f10500000200); found \"leaf001\"[1] (0x0008f10500000100) - \"h00003\"[1]"),
                findings.get(0));
        assertTrue(findings.get(1).startsWith("ERROR   miscabled-link         planned \"h00003\"[1]"), findings.get(1));
    }

    @Test
    void aPortEnablingANarrowerWidthIsNamedAndTheLinkItTrainsIsDegraded() throws Exception {
        // h00002's cable offers 1X and 4X (ibsim's w=): both ends enable both, the link trains at 4X
        Topology t = TopologySpec.parse(SPEC);
        List<Link> links = new ArrayList<>();
        for (Link l : t.links()) {
            links.add(l.a().equals("h00002") ? new Link(l.a(), l.portA(), l.b(), l.portB(), 1 | 2, 0, 0) : l);
        }
        SimFabric fabric = SimFabric
                .of(new Topology(t.nodes(), links, t.defaultWidth(), t.defaultSpeed(), t.defaultExtSpeed()));
        assertEquals(ExitStatus.OK, run(fabric, "--checks", "speed"), out.toString());
        out.getBuffer().setLength(0);
        set(fabric, "h00002", p -> p.linkWidthEnabled(1));
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "speed"));
        // the sweep finds the link from leaf001's side
        assertTrue(out.toString().contains("WARNING width-enabled-mismatch \"leaf001\"[2] (0x0008f10500000100) - "
                + "\"h00002\"[1] (0x0008f10400000200) runs at 4X but its ends enable different widths (\"h00002\"[1] "
                + "(0x0008f10400000200) enables only up to 1X): it trains at 1X next time\n"), out.toString());
        // the link goes down and trains again: at 1X, below the 4X that leaf001 enables and both ends support
        set(fabric, "h00002", p -> p.portState(1));
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "speed"));
        assertTrue(out.toString()
                .contains("WARNING width-degraded         \"leaf001\"[2] (0x0008f10500000100) - "
                        + "\"h00002\"[1] (0x0008f10400000200) runs at 1X, both ends support 4X (\"h00002\"[1] "
                        + "(0x0008f10400000200) enables only up to 1X)\n"),
                out.toString());
        assertTrue(out.toString().contains("-- speed: link width and speed: 1 warning\n"), out.toString());
    }

    @Test
    void twoPortsGivenOneLidBySubnSetAreDuplicates() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        set(fabric, "h00001", p -> p.lid(5));
        set(fabric, "h00002", p -> p.lid(5));
        set(fabric, "h00003", p -> p.lid(6));
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "dup"));
        List<String> findings = out.toString().lines().filter(l -> l.startsWith("ERROR")).toList();
        assertEquals(List.of("ERROR   duplicate-lid          LID 5 is assigned to 2 ports: \"h00001\"[1] "
                + "(0x0008f10400000100), \"h00002\"[1] (0x0008f10400000200)"), findings);
    }

    @Test
    void aSwitchGuidDuplicatedIsFoundBehindThePortsTheSweepCouldNotPlace() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        fabric.faults().duplicateNodeGuid("leaf001", "leaf002");
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "dup"));
        List<String> findings = out.toString().lines().filter(l -> l.startsWith("ERROR")).toList();
        assertEquals(2, findings.size(), "one through each of spine001's ports to leaf002: " + out);
        assertTrue(findings.get(0)
                .startsWith("ERROR   duplicate-node-guid    node GUID 0x0008f10500000100 of "
                        + "\"leaf001\" (0x0008f10500000100) is also carried by \"leaf002\" behind \"spine001\"[3] "
                        + "(0x0008f10500000300) (its port 3, route [1, 3, 3])"),
                findings.get(0));
    }

    @Test
    void aPortGuidDuplicatedIsReported() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        fabric.faults().duplicatePortGuid("h00003", 1, "h00004", 1);
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "dup", "--json"));
        String json = out.toString();
        assertTrue(json.startsWith("{\"checks\":[\"dup\"],\"nodes\":7,\"links\":8,\"findings\":[{\"check\":\"dup\","
                + "\"severity\":\"error\",\"kind\":\"duplicate-port-guid\",\"text\":\"port GUID 0x0008f10400000301 is "
                + "carried by 2 ports"), json);
        assertTrue(json.endsWith("\"errors\":1,\"warnings\":0,\"notes\":0,\"failed\":true}\n"), json);
    }

    @Test
    void aGracePeriodStillFindsThePortsNoSmBringsUp() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        assertEquals(ExitStatus.FAILURE, run(fabric, "--checks", "stuck", "--wait", "1"));
        assertTrue(out.toString().contains("in Init and no port has a LID, still after the grace period"),
                out.toString());
    }

    @Test
    void badArgumentsAreUsageErrors() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse(SPEC));
        assertTrue(assertThrows(UsageException.class, () -> run(fabric, "--checks", "plan")).getMessage()
                .contains("--plan FILE"));
        assertTrue(assertThrows(UsageException.class, () -> run(fabric, "--checks", "dup,cables")).getMessage()
                .contains("unknown check 'cables'"));
        assertTrue(
                assertThrows(UsageException.class, () -> run(fabric, "--wait", "x")).getMessage().contains("--wait"));
        assertTrue(assertThrows(UsageException.class, () -> run(fabric, "--by-guid")).getMessage().contains("--plan"));
        assertEquals(ExitStatus.USAGE, run(fabric, "--plan", "target/check-tests/no-such-plan.net"));
        assertTrue(err.toString().startsWith("infiniscope check: cannot read the plan "), err.toString());
        Path bad = Files.createDirectories(Path.of("target", "check-tests")).resolve("bad-plan.net");
        Files.writeString(bad, "Switch 4 \"s\"\n[9] \"nowhere\"[1]\n");
        err.getBuffer().setLength(0);
        assertEquals(ExitStatus.USAGE, run(fabric, "--plan", bad.toString()));
        assertTrue(err.toString().startsWith("infiniscope check: cannot read the plan "), err.toString());
    }
}
