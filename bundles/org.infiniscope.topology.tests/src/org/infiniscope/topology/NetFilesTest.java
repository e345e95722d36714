package org.infiniscope.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NetFilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"dfly-5x4.net", "ft2-16.net", "ft2-432.net", "ft3-432.net", "irregular-1.net",
            "torus-4x4x2.net", "ibsim-net.net", "ibsim-net.1.net", "ibsim-net.2sw2path.net",
            "ibsim-net.2sw2path4hca.net", "ibsim-net.2sw2path4hca2port.net", "ibnetdiscover-ft2-16.txt",
            "ibnetdiscover-irregular-1.txt", "ibnetdiscover-ibsim-net.2sw2path4hca2port.txt",
            "ibnetdiscover-ibsim-net.1.txt"})
    void everyFabricReadsAndRoundTrips(String name) throws Exception {
        NetFile file = Fabrics.read(name);
        assertTrue(file.topology().nodes().size() > 1, name);
        assertEquals(file, Fabrics.roundTrip(file), name);
    }

    @Test
    void sharedFabricsHaveTheirCounts() throws Exception {
        assertCounts(Fabrics.read("ft2-432.net").topology(), 432, 42);
        assertCounts(Fabrics.read("ft3-432.net").topology(), 432, 180);
        assertCounts(Fabrics.read("torus-4x4x2.net").topology(), 64, 32);
        assertCounts(Fabrics.read("dfly-5x4.net").topology(), 40, 20);
    }

    static void assertCounts(Topology t, int cas, int switches) {
        assertEquals(cas, t.nodes().stream().filter(n -> n.type() == NodeType.CA).count());
        assertEquals(switches, t.nodes().stream().filter(Node::isSwitch).count());
    }

    @Test
    void guidsWithoutGuidLinesCountUpAsIbsimDoes() throws Exception {
        String text = """
                Switch 8 "s1"
                [1] "h1"[1]
                [2] "h2"[2]

                Hca 2 "h1"
                [1] "s1"[1]

                Switch 4 "s2"

                Hca 2 "h2"
                [2] "s1"[2]

                Rt 1 "r1"

                caguid=0x1000
                Ca 1 "h3"
                caguid+0x40
                Ca 1 "h4"
                """;
        Topology t = NetFiles.parse("guids.net", text, null).topology();
        Node s1 = t.node("s1").orElseThrow();
        assertEquals(0x200000L, s1.nodeGuid());
        assertEquals(0x200000L, s1.portGuid(5));
        assertEquals(0x200001L, t.node("s2").orElseThrow().nodeGuid());
        Node h1 = t.node("h1").orElseThrow();
        assertEquals(0x100000L, h1.nodeGuid());
        assertEquals(List.of(0L, 0x100001L, 0x100002L), h1.portGuids());
        // a 2-port CA reserves 3 GUIDs
        assertEquals(0x100003L, t.node("h2").orElseThrow().nodeGuid());
        assertEquals(0L, t.node("r1").orElseThrow().nodeGuid());
        assertEquals(0x1000L, t.node("h3").orElseThrow().nodeGuid());
        assertEquals(0x1040L, t.node("h4").orElseThrow().nodeGuid());
    }

    @Test
    void namesWithSpacesDualPortHcasAndParallelLinks() throws Exception {
        Topology t = Fabrics.read("ibsim-net.2sw2path4hca2port.net").topology();
        assertTrue(t.links().contains(Link.of("Switch1", 1, "Hca1", 1)));
        assertTrue(t.links().contains(Link.of("Switch1", 2, "Hca1", 2)));
        assertTrue(t.links().contains(Link.of("Switch1", 3, "Switch2", 3)));
        assertTrue(t.links().contains(Link.of("Switch1", 5, "Switch2", 5)));
        Topology irregular = Fabrics.read("irregular-1.net").topology();
        Node dual = irregular.node("node017 mlx5_0").orElseThrow();
        assertEquals(2, dual.portCount());
        assertEquals(2,
                irregular.links().stream().filter(l -> l.a().equals(dual.name()) || l.b().equals(dual.name())).count());
        assertEquals(NodeType.ROUTER, irregular.node("gw-router").orElseThrow().type());
    }

    @Test
    void globalsPortOptionsAndDescriptions() throws Exception {
        String text = """
                width=3
                speed=7
                extspeed=1
                vendid=0x2c9
                devid=0xb924
                sysimgguid=0x77
                switchguid=0x10(10)
                Switch 4 "sw" # "big switch" enhanced port 0 lid 9 lmc 0
                [1] "h"[1] w=1 s=3
                [2] "h"[2]

                Hca 2 "h"
                [1](11) "sw"[1]
                [2] "sw"[2]
                do Dump
                """;
        NetFile file = NetFiles.parse("globals.net", text, null);
        Topology t = file.topology();
        assertEquals(3, t.defaultWidth());
        assertEquals(7, t.defaultSpeed());
        assertEquals(1, t.defaultExtSpeed());
        Node sw = t.node("sw").orElseThrow();
        assertEquals(0x2c9, sw.vendorId());
        assertEquals(0xb924, sw.deviceId());
        assertEquals(0x77L, sw.systemImageGuid());
        Node h = t.node("h").orElseThrow();
        // vendid and sysimgguid hold for one node, devid for all later ones (ibsim)
        assertEquals(0, h.vendorId());
        assertEquals(0xb924, h.deviceId());
        assertEquals(0L, h.systemImageGuid());
        assertEquals(List.of(new Link("sw", 1, "h", 1, 1, 3, 0), new Link("sw", 2, "h", 2, 0, 0, 0)), t.links());
        assertEquals("big switch", file.description("sw"));
        assertEquals(Set.of("sw"), file.enhancedPort0());
        assertEquals(9, file.lids().get(new PortRef("sw", 0)));
        assertEquals(List.of("Dump"), file.consoleCommands());
        assertEquals(file, Fabrics.roundTrip(file));
    }

    @Test
    void ibnetdiscoverOutputOfIbsimMatchesTheNetFile() throws Exception {
        for (String fabric : List.of("ft2-16", "irregular-1", "ibsim-net.2sw2path4hca2port")) {
            NetFile net = Fabrics.read(fabric + ".net");
            NetFile discovered = Fabrics.read("ibnetdiscover-" + fabric + ".txt");
            assertEquals(Shape.of(net), Shape.of(discovered), fabric);
        }
    }

    /** ibnetdiscover's output, captured from ibsim 0.10 serving each net file (SIM_HOST unset: the first node). */
    @ParameterizedTest
    @ValueSource(strings = {"ft2-16", "irregular-1", "ibsim-net.2sw2path4hca2port", "ibsim-net.1"})
    void ourIbnetdiscoverOutputIsIbsimsByteForByte(String fabric) throws Exception {
        String expected = Fabrics.text("ibnetdiscover-" + fabric + ".txt");
        String date = expected.lines().filter(l -> l.startsWith("# Topology file: generated on ")).findFirst()
                .orElseThrow().substring("# Topology file: generated on ".length());
        StringBuilder out = new StringBuilder();
        NetFiles.writeIbnetdiscover(Fabrics.read(fabric + ".net"), Set.of(), null, date, out);
        assertEquals(expected, out.toString());
    }

    @Test
    void ibnetdiscoverOutputLeavesDownPortsOutAndShowsLids() throws Exception {
        NetFile net = Fabrics.read("ibsim-net.1.net");
        StringBuilder out = new StringBuilder();
        NetFiles.writeIbnetdiscover(net, Set.of(new PortRef("Hca2", 1)), null, "today", out);
        NetFile ours = NetFiles.parse("ours.txt", out.toString(), null);
        assertEquals(1, ours.topology().links().size());
        // Hca2 is not reachable: ibnetdiscover would not see it
        assertEquals(2, ours.topology().nodes().size());
        assertTrue(out.toString().contains("Switch\t8 \"S-0000000000200000\"\t\t# \"Switch1\" base port 0 lid 0 lmc 0"),
                out.toString());
    }
}
