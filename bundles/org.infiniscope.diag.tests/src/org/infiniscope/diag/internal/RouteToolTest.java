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
 * {@code route} and {@code sminfo} end to end on the embedded simulator, its LIDs and LFTs given as an SM would
 * ({@link MiniSm}): {@code h1 - sw1 - sw2 - sw3 - h3} with {@code h2} on sw2 port 1, the tool at h1. LIDs in the
 * order found: h1 1, sw1 2, sw2 3, h2 4, sw3 5, h3 6.
 */
class RouteToolTest {

    private SimFabric fabric;
    private MiniSm lids;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private boolean closed;

    @BeforeEach
    void subnetUp() throws MadFormatException {
        fabric = SimFabric.of(new Topology(
                List.of(ca("h1", 0x100), ca("h2", 0x200), ca("h3", 0x300), sw("sw1", 0x1000), sw("sw2", 0x2000),
                        sw("sw3", 0x3000)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "sw2", 2), Link.of("sw2", 1, "h2", 1),
                        Link.of("sw2", 3, "sw3", 1), Link.of("sw3", 2, "h3", 1)),
                Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0));
        lids = new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
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
                MadChannel channel = fabric.openChannel(fabric.attachPoint("h1", 1));
                return new ClosingChannel(channel, () -> closed = true);
            }
        };
    }

    private ToolInvocation invocation(String... args) {
        List<String> all = new ArrayList<>(List.of("--fabric", "test"));
        all.addAll(List.of(args));
        return new ToolInvocation(all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private int route(String... args) throws UsageException {
        RouteTool tool = new RouteTool((String) null);
        tool.provide(provider(), 1);
        return tool.run(invocation(args));
    }

    private int sminfo(String... args) throws UsageException {
        SmInfoTool tool = new SmInfoTool((String) null);
        tool.provide(provider(), 1);
        return tool.run(invocation(args));
    }

    @Test
    void aSwitchsTableIsPrintedAsIbroutePrintsIt() throws UsageException {
        int lid = lids.lid("sw2");
        assertEquals(3, lid);
        assertEquals(ExitStatus.OK, route(String.valueOf(lid)), err.toString());
        assertTrue(out.toString().startsWith("Unicast lids [0x0-0x6] of switch Lid 3 guid 0x0000000000002000 ("),
                out.toString());
        assertTrue(out.toString().contains("\n  Lid  Out   Destination\n       Port     Info \n0x0001 002 : ("),
                out.toString());
        assertTrue(out.toString().contains("\n0x0003 000 : (Switch portguid 0x0000000000002000: '"), out.toString());
        assertTrue(out.toString().contains("\n0x0004 001 : (Channel Adapter portguid 0x0000000000000201: '"),
                out.toString());
        assertTrue(out.toString().contains("\n0x0006 003 : (Channel Adapter portguid 0x0000000000000301: '"),
                out.toString());
        assertTrue(out.toString().endsWith("\n6 valid lids dumped \n"), out.toString());
        assertTrue(closed, "the channel is closed after the dump");
    }

    @Test
    void briefAndRangeAndAllAsIbroute() throws UsageException {
        assertEquals(ExitStatus.OK, route("-n", "-a", "3", "0", "2"), err.toString());
        assertEquals("""
                Unicast lids [0x0-0x2] of switch Lid 3 guid 0x0000000000002000 (%s):
                  Lid  Out   Destination
                       Port     Info\s
                0x0000 255\s
                0x0001 002\s
                0x0002 002\s
                3 lids dumped\s
                """.formatted(description()), out.toString());
    }

    @Test
    void aDirectedRouteNamesTheSwitchAsIbrouteDoes() throws UsageException {
        assertEquals(ExitStatus.OK, route("-n", "-D", "0,1,2", "4"), err.toString());
        assertTrue(out.toString().startsWith(
                "Unicast lids [0x4-0x6] of switch DR path slid 65535; dlid 65535; 0,1,2 guid 0x0000000000002000 ("),
                out.toString());
        assertTrue(out.toString().endsWith("\n0x0004 001 \n0x0005 003 \n0x0006 003 \n3 valid lids dumped \n"),
                out.toString());
    }

    @Test
    void aChannelAdapterIsNoSwitch() throws UsageException {
        assertEquals(ExitStatus.FAILURE, route("4"));
        assertTrue(err.toString().contains("dump tables: not a switch"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void badArgumentsAreUsageErrors() {
        assertThrows(UsageException.class, () -> route());
        assertThrows(UsageException.class, () -> route("0,1"));
        assertThrows(UsageException.class, () -> route("3", "1", "2", "4"));
        assertThrows(UsageException.class, () -> sminfo("1", "2"));
    }

    @Test
    void multicastTablesAsIbrouteDumpsThem() throws UsageException {
        assertEquals(ExitStatus.OK, route("-M", "3"), err.toString());
        assertTrue(out.toString().startsWith("Multicast mlids [0xc000-0x"), out.toString());
        assertTrue(
                out.toString().contains(
                        "] of switch Lid 3 guid 0x0000000000002000 (sw2):\n" + "     Ports: 0 1 2 3 4 \n MLid\n"),
                out.toString());
        assertTrue(out.toString().endsWith("\n0 valid mlids dumped \n"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.OK, route("-M", "-n", "-a", "3", "0xc000", "0xc001"), err.toString());
        assertTrue(out.toString().endsWith("""
                 MLid       Port Mask
                0xc000      0000
                0xc001      0000
                2 mlids dumped\s
                """), out.toString());
    }

    @Test
    void jsonCarriesTheSameTable() throws UsageException {
        assertEquals(ExitStatus.OK, route("--json", "3", "4", "4"), err.toString());
        assertTrue(out.toString().startsWith("{\"switch\":\"Lid 3\",\"guid\":\"0x0000000000002000\""), out.toString());
        assertTrue(out.toString().contains("\"entries\":[{\"lid\":4,\"port\":1,\"valid\":true,"
                + "\"destination\":\"(Channel Adapter portguid 0x0000000000000201: '"), out.toString());
    }

    @Test
    void sminfoAsksTheSmThisPortNames() throws UsageException {
        assertEquals(ExitStatus.OK, sminfo(), err.toString());
        assertTrue(
                out.toString().matches(
                        "sminfo: sm lid 1 sm guid 0x101, activity count \\d+ priority 0 state 0 SMINFO_NOTACT\n"),
                out.toString());
        assertTrue(closed, "the channel is closed after the query");
    }

    @Test
    void sminfoByLidAndByRoute() throws UsageException {
        assertEquals(ExitStatus.OK, sminfo("1"), err.toString());
        String byLid = out.toString();
        out.getBuffer().setLength(0);
        assertEquals(ExitStatus.OK, sminfo("-D", "0"), err.toString());
        // the simulator's SMA counts each SMInfo Get in ActCount, as a polled SM would
        assertEquals(byLid.replace("sm lid 1 ", "sm lid 0 ").replaceFirst("activity count \\d+", "activity count N"),
                out.toString().replaceFirst("activity count \\d+", "activity count N"));
    }

    private String description() throws UsageException {
        StringWriter probe = new StringWriter();
        SmpQueryTool tool = new SmpQueryTool((String) null);
        tool.provide(provider(), 1);
        tool.run(new ToolInvocation(List.of("--fabric", "test", "nodedesc", "3"), new PrintWriter(probe, true),
                new PrintWriter(err, true)));
        return probe.toString().replaceFirst("^Node Description:\\.*", "").strip();
    }
}
