package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.sim.internal.Counters;
import org.infiniscope.sim.internal.FabricState;
import org.infiniscope.sim.internal.FaultScript;
import org.infiniscope.sim.internal.FaultScriptException;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.Test;

/** Fault scripts: their syntax, what they do, and their errors with FILE:LINE. */
class FaultScriptTest {

    private final VirtualClock clock = new VirtualClock();
    private final SimFabric fabric = SimFabric.of(pair(), clock);

    /** "host a" port 1 to "sw"[3], and b port 1 to sw[1]. */
    private static Topology pair() {
        Node a = new Node(NodeType.CA, "host a", 1, 0x10, 0x10, List.of(0L, 0x11L), 0, 0);
        Node b = new Node(NodeType.CA, "b", 1, 0x30, 0x30, List.of(0L, 0x31L), 0, 0);
        Node s = new Node(NodeType.SWITCH, "sw", 4, 0x20, 0x20, List.of(0x20L), 0, 0);
        return new Topology(List.of(a, b, s), List.of(Link.of("host a", 1, "sw", 3), Link.of("b", 1, "sw", 1)),
                Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0);
    }

    private FabricState engineState() {
        return fabric.engine().state();
    }

    private String error(String... lines) {
        return assertThrows(FaultScriptException.class, () -> FaultScript.parse("faults.txt", List.of(lines), fabric))
                .getMessage();
    }

    @Test
    void aScriptRunsItsCommandsInOrderOnTheVirtualClock() throws Exception {
        FaultScript script = FaultScript.parse("faults.txt", List.of("# a bad cable, then an operator", "",
                "PerformanceSet \"sw\"[3] PortCounters.SymbolErrorCounter=50",
                "errors \"sw\"[3] symbol=10/s recovery=6/min   # both at once", "wait 2s", "unlink \"host a\"[1]",
                "wait 1500ms", "set sw[1] PortCountersExtended.PortXmitData = 0x100", "drop sw 25 0x11", "seed 7",
                "dupguid \"host a\" b", "flow \"host a\"[1] b[1] 2.5GB/s", "flow \"host a\" b off", "reboot sw"),
                fabric);
        assertEquals(12, script.size());
        assertEquals(2, script.leadingCommands(), "the set and the errors come before the first wait");
        script.run(fabric, 0, 5);
        FabricState f = engineState();
        int sw3 = f.port(f.node("sw"), 3);
        assertEquals(Duration.ofMillis(3500).toNanos(), clock.nanoTime());
        fabric.faults().counter("sw", 3, PortCounter.SYMBOL_ERROR_COUNTER);
        assertEquals(70, Counters.get(f, sw3, PortCounter.SYMBOL_ERROR_COUNTER), "50, then 10/s for the 2 s up");
        assertEquals(0, Counters.get(f, sw3, PortCounter.LINK_ERROR_RECOVERY_COUNTER), "0.2 so far");
        assertEquals(FabricState.PHYS_POLLING, f.physState(sw3));
        assertEquals(1, Counters.get(f, sw3, PortCounter.LINK_DOWNED_COUNTER), "pulled out");
        script.run(fabric, 5, script.size());
        assertEquals(0x10, f.nodeGuid(f.node("b")), "the duplicate GUID outlives the reboot");
        assertEquals(0, Counters.get(f, f.port(f.node("sw"), 1), PortCounter.PORT_XMIT_DATA), "the reboot zeroed it");
    }

    @Test
    void mistakesNameTheFileAndLine() {
        assertEquals("faults.txt:2: no node named \"nope\" in the fabric", error("# ok", "unlink \"nope\"[1]"));
        assertEquals("faults.txt:1: \"sw\" has no port 5 here (ports 1..4)", error("disable \"sw\"[5]"));
        assertTrue(error("", "", "frobnicate sw").startsWith("faults.txt:3: unknown command 'frobnicate'"));
        assertEquals("faults.txt:1: a rate needs its unit: '10/s'", error("errors sw[3] symbol=10"));
        assertTrue(error("errors sw[3] bogus=1/s").startsWith("faults.txt:1: 'bogus' is not an error counter"));
        assertEquals("faults.txt:1: PortCounters has no field 'Nonsense'", error("set sw[3] PortCounters.Nonsense=1"));
        assertEquals("faults.txt:1: a drop rate is a percentage from 0 to 100: 150", error("drop sw[3] 150"));
        assertEquals("faults.txt:1: a quote opened at column 8 is not closed", error("unlink \"sw[3]"));
        assertEquals("faults.txt:1: 'soon' is not a number", error("wait soon"));
        assertEquals("faults.txt:1: \"sw\" is a switch: flows run between CA ports", error("flow sw b 1GB/s"));
        assertEquals("faults.txt:1: '1Gb/s': a flow's rate is in bytes a second, such as 2.5GB/s",
                error("flow \"host a\" b 1Gb/s"));
        assertEquals("faults.txt:4: unlink takes one port: unlink \"node\"[port]",
                error("wait 1s", "wait 2s", "# three", "unlink sw"));
    }

    @Test
    void aCommandThatFailsOnTheFabricAsItIsNamesItsLine() throws Exception {
        FaultScript script = FaultScript.parse("f", List.of("relink sw[1]"), fabric);
        FaultScriptException e = assertThrows(FaultScriptException.class, () -> script.run(fabric));
        assertEquals("f:1: \"sw\"[1] has no pulled cable to plug back in", e.getMessage());
    }

    @Test
    void aScriptFileIsReadWhole() throws IOException {
        Path file = Path.of("target", "fault-scripts", "bad.faults");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "unlink sw[3]\nset sw[3] PortCounters.LinkDownedCounter=256\n");
        FaultScriptException e = assertThrows(FaultScriptException.class, () -> FaultScript.read(file, fabric));
        assertEquals(file + ":2: PortCounters.LinkDownedCounter is 8 bits wide: 256 is more than 255", e.getMessage());
        assertEquals(FabricState.PHYS_LINK_UP, engineState().physState(engineState().port(2, 3)),
                "nothing ran: the script was wrong");
    }
}
