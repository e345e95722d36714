package org.infiniscope.diag.internal;

import org.infiniscope.sim.MiniSm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code trace} and {@code portstate} end to end on the embedded simulator, LIDs and LFTs given as an SM would
 * ({@link MiniSm}, the SM at h1): {@code h1 - sw1 - sw2 - sw3 - h3} with {@code h2} on sw2 port 1. LIDs: h1 1, sw1 2,
 * sw2 3, h2 4, sw3 5, h3 6. The tools run at h1, or at h3 (then the route to the SM crosses every switch).
 */
class TracePortStateToolTest {

    private SimFabric fabric;
    private String attach = "h1";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void subnetUp() throws MadFormatException {
        fabric = SimFabric.of(new Topology(
                List.of(ca("h1", 0x100), ca("h2", 0x200), ca("h3", 0x300), sw("sw1", 0x1000), sw("sw2", 0x2000),
                        sw("sw3", 0x3000)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "sw2", 2), Link.of("sw2", 1, "h2", 1),
                        Link.of("sw2", 3, "sw3", 1), Link.of("sw3", 2, "h3", 1)),
                Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0));
        new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 4, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }

    private ChannelProvider provider() {
        return new ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("test");
            }

            @Override
            public MadChannel open(String spec) {
                return fabric.openChannel(fabric.attachPoint(attach, 1));
            }
        };
    }

    private ToolInvocation invocation(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        List<String> all = new ArrayList<>(List.of("--fabric", "test"));
        all.addAll(List.of(args));
        return new ToolInvocation(all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private int trace(String... args) throws UsageException {
        TraceTool tool = new TraceTool((String) null);
        tool.provide(provider(), 1);
        return tool.run(invocation(args));
    }

    private int portstate(String... args) throws UsageException {
        PortStateTool tool = new PortStateTool((String) null);
        tool.provide(provider(), 1);
        return tool.run(invocation(args));
    }

    /** The output with each quoted node description replaced by its GUID's node name. */
    private String named() {
        return out.toString().replaceAll("\"[^\"]*\"", "\"ND\"");
    }

    @Test
    void aTraceAcrossTheSwitchesAsIbtracertPrintsIt() throws UsageException {
        assertEquals(ExitStatus.OK, trace("1", "6"), err.toString());
        assertEquals("""
                From ca {0x0000000000000100} portnum 1 lid 1-1 "ND"
                [1] -> switch port {0x0000000000001000}[1] lid 2-2 "ND"
                [2] -> switch port {0x0000000000002000}[2] lid 3-3 "ND"
                [3] -> switch port {0x0000000000003000}[1] lid 5-5 "ND"
                [2] -> ca port {0x0000000000000301}[1] lid 6-6 "ND"
                To ca {0x0000000000000300} portnum 1 lid 6-6 "ND"
                """, named());
        assertEquals(ExitStatus.OK, trace("-n", "1", "6"), err.toString());
        assertEquals("""
                From {0x0000000000000100}[1]
                [1] -> {0x0000000000001000}[1]
                [2] -> {0x0000000000002000}[2]
                [3] -> {0x0000000000003000}[1]
                [2] -> {0x0000000000000301}[1]
                To {0x0000000000000300}[1]
                """, out.toString());
    }

    @Test
    void aTraceFromAnotherHostAndToASwitch() throws UsageException {
        // from h2: first the route to h2 by the LFTs, then back one hop to sw2, seen from its port 1
        assertEquals(ExitStatus.OK, trace("-n", "4", "6"), err.toString());
        assertEquals("""
                From {0x0000000000000200}[1]
                [1] -> {0x0000000000002000}[1]
                [3] -> {0x0000000000003000}[1]
                [2] -> {0x0000000000000301}[1]
                To {0x0000000000000300}[1]
                """, out.toString());
        assertEquals(ExitStatus.OK, trace("6", "3"), err.toString());
        assertEquals("""
                From ca {0x0000000000000300} portnum 1 lid 6-6 "ND"
                [1] -> switch port {0x0000000000003000}[2] lid 5-5 "ND"
                [1] -> switch port {0x0000000000002000}[3] lid 3-3 "ND"
                To switch {0x0000000000002000} portnum 0 lid 3-3 "ND"
                """, named());
        assertEquals(ExitStatus.OK, trace("--json", "2", "4"), err.toString());
        assertTrue(out.toString().startsWith("{\"from\":{\"type\":\"switch\",\"nodeGuid\":\"0x0000000000001000\""),
                out.toString());
        assertTrue(out.toString().contains("\"to\":{\"type\":\"ca\",\"nodeGuid\":\"0x0000000000000200\",\"port\":1"),
                out.toString());
    }

    @Test
    void anUnknownLidOrABrokenLinkIsAnError() throws UsageException {
        assertEquals(ExitStatus.FAILURE, trace("-t", "100", "1", "9"));
        assertEquals("", out.toString());
        assertTrue(err.toString().startsWith("infiniscope trace: can't reach to/from ports"), err.toString());
        assertTrue(err.toString().contains("can't find a route from src to dest"), err.toString());

        // sw3's port to h3 disabled: LID 6 is out of reach, LID 5 is not
        assertEquals(ExitStatus.OK, portstate("-D", "0,1,2,3", "2", "disable"), err.toString());
        assertTrue(out.toString().contains("Disable may be irreversible\n\nAfter PortInfo set:\n"), out.toString());
        assertEquals(ExitStatus.FAILURE, trace("-t", "100", "1", "6"));
        assertTrue(err.toString().contains("can't find a route from src to dest"), err.toString());
        assertEquals(ExitStatus.OK, trace("1", "5"), err.toString());

        assertTrue(assertThrows(UsageException.class, () -> trace("1")).getMessage().contains("missing DST"));
        assertTrue(assertThrows(UsageException.class, () -> trace("-x", "1", "6")).getMessage()
                .contains("unknown option '-x'"));
        assertTrue(assertThrows(UsageException.class, () -> trace("1", "0xc000")).getMessage()
                .contains("outside 1..49151"));
    }

    @Test
    void withoutAnSmThereIsNothingToTraceButDirectedRoutesStillWork() throws UsageException {
        fabric = SimFabric.of(new Topology(List.of(ca("h1", 0x100), sw("sw1", 0x1000)),
                List.of(Link.of("h1", 1, "sw1", 1)), Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0));
        assertEquals(ExitStatus.FAILURE, trace("1", "2"));
        assertTrue(err.toString().contains("this port has no LID: no SM has configured the fabric"), err.toString());
        assertEquals(ExitStatus.OK, portstate("-D", "0,1", "1"), err.toString());
        assertTrue(
                out.toString()
                        .startsWith("Switch PortInfo:\n# Port info: DR path slid 65535; dlid 65535; 0,1" + " port 1\n"),
                out.toString());
        assertEquals(ExitStatus.FAILURE, portstate("-D", "0,1", "1", "disable"), "the peer of this port");
    }

    @Test
    void portstateQueriesASwitchPortAndItsPeer() throws UsageException {
        assertEquals(ExitStatus.OK, portstate("-D", "0,1", "2"), err.toString());
        String text = out.toString();
        assertTrue(text.startsWith("Switch PortInfo:\n# Port info: DR path slid 65535; dlid 65535; 0,1 port 2\n"
                + "LinkState:.......................Active\nPhysLinkState:...................LinkUp\n"), text);
        assertTrue(text.contains("\nPeer PortInfo:\n# Port info: DR path slid 65535; dlid 65535; 0,1,2 port 2\n"),
                text);
        assertTrue(!text.contains("Mkey"), "only a switch's port 0 and CA ports show the M_Key fields: " + text);

        assertEquals(ExitStatus.OK, portstate("2", "2"), err.toString());
        assertTrue(
                out.toString()
                        .contains("\nPeer PortInfo:\n# Port info: Lid 2 DR path slid 1; dlid 65535; 0,2" + " port 2\n"),
                out.toString());
        assertEquals(text.substring(text.indexOf("LinkState")),
                out.toString().substring(out.toString().indexOf("LinkState")).replace(
                        "Lid 2 DR path slid 1; dlid" + " 65535; 0,2 port 2",
                        "DR path slid 65535; dlid 65535; 0,1,2 port 2"));

        assertEquals(ExitStatus.OK, portstate("--json", "-D", "0,1", "2"), err.toString());
        assertTrue(out.toString().startsWith("{\"destination\":\"DR path slid 65535; dlid 65535; 0,1\",\"port\":2,"
                + "\"nodeGuid\":\"0x0000000000001000\",\"switch\":true,\"portInfo\":{\"LinkState\":\"Active\","),
                out.toString());
        assertTrue(out.toString().contains(",\"peer\":{\"LinkState\":\"Active\",\"PhysLinkState\":\"LinkUp\""),
                out.toString());

        assertEquals(ExitStatus.OK, portstate("4", "1"), err.toString());
        assertTrue(out.toString().startsWith("CA/RT PortInfo:\n# Port info: Lid 4 port 1\n"), out.toString());
        assertTrue(
                out.toString()
                        .endsWith("Mkey:............................<not displayed>\n"
                                + "MkeyLeasePeriod:.................0\nProtectBits:.....................0\n"),
                out.toString());
    }

    @Test
    void portstateSetsTheMKeyFieldsAndShowsTheKeyWhenAsked() throws UsageException {
        assertEquals(ExitStatus.OK, portstate("-K", "4", "1", "mkey", "0x8000000000001234", "mkeylease", "7"),
                err.toString());
        String text = out.toString();
        assertTrue(text.startsWith("Initial CA/RT PortInfo:\n"), text);
        assertTrue(text.contains("Mkey:............................0x0000000000000000\n"), text);
        assertTrue(text.endsWith("After PortInfo set:\n# Port info: Lid 4 port 1\n"
                + text.substring(text.indexOf("LinkState"), text.indexOf("Mkey:"))
                + "Mkey:............................0x8000000000001234\n"
                + "MkeyLeasePeriod:.................7\nProtectBits:.....................0\n"), text);
        // the port keeps them: a query without -K hides the key, shows the lease
        assertEquals(ExitStatus.OK, portstate("-y", "0x8000000000001234", "4", "1"), err.toString());
        assertTrue(
                out.toString()
                        .endsWith("Mkey:............................<not displayed>\n"
                                + "MkeyLeasePeriod:.................7\nProtectBits:.....................0\n"),
                out.toString());

        assertEquals(ExitStatus.FAILURE, portstate("-D", "0,1", "2", "mkeyprot", "1"));
        assertTrue(err.toString().contains("Can't set M_Key fields on switch port != 0"), err.toString());
        assertEquals("", out.toString());
        // the simulator's SMA has no Mellanox ExtendedPortInfo: fdr10's Set fails, before the PortInfo Set
        assertEquals(ExitStatus.FAILURE, portstate("-t", "100", "4", "1", "fdr10", "1"));
        assertTrue(err.toString().contains("smp set MLNX ext portinfo failed"), err.toString());
        assertTrue(out.toString().startsWith("Initial CA/RT PortInfo:\n") && !out.toString().contains("After"),
                out.toString());
        assertTrue(assertThrows(UsageException.class, () -> portstate("4", "1", "fdr10", "2")).getMessage()
                .contains("fdr10"));
        assertTrue(assertThrows(UsageException.class, () -> portstate("4", "1", "mkeyprot", "4")).getMessage()
                .contains("mkeyprot"));
        assertTrue(assertThrows(UsageException.class, () -> portstate("4", "1", "mkey", "0x1ffffffffffffffff"))
                .getMessage().contains("Bad new M_Key"));
    }

    @Test
    void portstateRefusesTheLocalPortAndItsPeer() throws UsageException {
        assertEquals(ExitStatus.FAILURE, portstate("1", "1", "disable"));
        assertTrue(err.toString().contains("refusing to disable port 1 of node 0x0000000000000100 (Lid 1): it is the"
                + " port this tool is attached through; give --force"), err.toString());
        assertEquals("", out.toString());
        assertEquals(ExitStatus.FAILURE, portstate("-D", "0,1", "1", "reset"));
        assertTrue(err.toString().contains("it is the peer of the port this tool is attached through"), err.toString());
        assertEquals(ExitStatus.OK, portstate("-D", "0,1", "1"), "a query is no change: " + err);
    }

    @Test
    void portstateRefusesThePortsOnTheRouteToTheSmUnlessForced() throws UsageException {
        attach = "h3"; // the SM's LID is 1 (h1): the route from h3 crosses sw3, sw2, sw1
        assertEquals(ExitStatus.FAILURE, portstate("-D", "0,1,1", "3", "disable"));
        assertTrue(err.toString().contains("refusing to disable port 3 of node 0x0000000000002000"), err.toString());
        assertTrue(err.toString().contains("on the route from this port to the SM (LID 1)"), err.toString());
        assertEquals(ExitStatus.FAILURE, portstate("3", "2", "down"));
        assertTrue(err.toString().contains("on the route from this port to the SM (LID 1)"), err.toString());
        assertEquals(ExitStatus.FAILURE, portstate("1", "1", "reset"));
        assertTrue(err.toString().contains("the SM's own port"), err.toString());

        // off the route: sw2's port to h2
        assertEquals(ExitStatus.OK, portstate("-D", "0,1,1", "1", "disable"), err.toString());
        assertEquals(ExitStatus.OK, portstate("-D", "0,1,1", "1"), err.toString());
        assertTrue(out.toString().contains("\nPhysLinkState:...................Disabled\n"), out.toString());
        assertEquals(ExitStatus.OK, portstate("-D", "0,1,1", "1", "enable"), err.toString());
        assertTrue(out.toString().startsWith("Initial Switch PortInfo:\n"), out.toString());
        assertTrue(!out.toString().contains("Disabled\n\nAfter") && out.toString().contains("\nAfter PortInfo set:\n"),
                out.toString());

        // forced: sw2's port to sw1, on the SM's route but not on ours
        assertEquals(ExitStatus.OK, portstate("--force", "-D", "0,1,1", "2", "disable"), err.toString());
        assertEquals(ExitStatus.OK, portstate("-D", "0,1,1", "2"), err.toString());
        assertTrue(out.toString().contains("\nPhysLinkState:...................Disabled\n"), out.toString());
    }
}
