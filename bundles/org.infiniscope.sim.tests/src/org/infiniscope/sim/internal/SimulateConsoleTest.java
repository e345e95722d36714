package org.infiniscope.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.VirtualClock;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.Test;

/** The fault commands {@code simulate} reads from standard input while it serves. */
class SimulateConsoleTest {

    @Test
    void eachLineRunsAndTheWrongOnesAreReportedWithTheirLine() {
        Node a = new Node(NodeType.CA, "a", 1, 0x10, 0x10, List.of(0L, 0x11L), 0, 0);
        Node s = new Node(NodeType.SWITCH, "sw", 4, 0x20, 0x20, List.of(0x20L), 0, 0);
        VirtualClock clock = new VirtualClock();
        SimFabric fabric = SimFabric.of(new Topology(List.of(a, s), List.of(Link.of("a", 1, "sw", 3)),
                Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0), clock);
        String typed = "unlink sw[3]\nunlink sw[9]\n\nset sw[1] PortCounters.PortRcvErrors=7\nwait 1min\nbogus\nset sw[2] PortCounters.QP1Dropped=3\n";
        StringWriter err = new StringWriter();
        SimulateTool tool = new SimulateTool(new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)));
        tool.console(fabric, new PrintWriter(err, true));
        String[] reports = err.toString().strip().split("\n");
        assertEquals("infiniscope simulate: stdin:2: \"sw\" has no port 9 here (ports 1..4)", reports[0]);
        assertEquals("infiniscope simulate: stdin:6: unknown command 'bogus'; the commands:", reports[1]);
        assertEquals(1, fabric.faults().counter("a", 1, PortCounter.LINK_DOWNED_COUNTER), "line 1 pulled the cable");
        assertEquals(7, fabric.faults().counter("sw", 1, PortCounter.PORT_RCV_ERRORS));
        assertEquals(3, fabric.faults().counter("sw", 2, PortCounter.QP1_DROPPED), "QP1Dropped is kept too");
        assertEquals(Duration.ofMinutes(1).toNanos(), clock.nanoTime());
    }

    @Test
    void theLaunchersFabricPropertyNamesTheTopology() throws Exception {
        assertEquals("", SimulateTool.topologyOf(null), "the built-in fabric");
        assertEquals("", SimulateTool.topologyOf("sim"));
        assertEquals("ft3:12", SimulateTool.topologyOf("sim:ft3:12"));
        assertEquals("ft3:12", SimulateTool.topologyOf("ft3:12"), "what a user types after --fabric");
        assertEquals("/tmp/x.net", SimulateTool.topologyOf("/tmp/x.net"));
        for (String bad : List.of("ibsim:lab", "umad", "umad:mlx5_0:1", "sim:ft2:2:1:2@h00001")) {
            UsageException e = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class,
                    () -> SimulateTool.topologyOf(bad), bad);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("--fabric " + bad + ": "),
                    e.getMessage());
        }
    }

    @Test
    void aFabricGivenThroughTheLauncherIsTheOneServed() throws UsageException {
        String name = "infiniscope-simulate-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        SimulateTool tool = new SimulateTool(new ByteArrayInputStream(new byte[0]), "sim:ft2:2:1:3");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = tool.run(new org.infiniscope.console.ToolInvocation(List.of("--ibsim-socket", name),
                new PrintWriter(out, true), new PrintWriter(err, true)));
        assertEquals(0, status, err.toString());
        org.junit.jupiter.api.Assertions.assertTrue(out.toString().startsWith("simulate: 9 nodes;"),
                "2 leaves, 1 spine, 6 hosts: " + out);
    }
}
