package org.infiniscope.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.sim.SimFabric;
import org.junit.jupiter.api.Test;

/** {@code simfault} changes the runtime's embedded fabric, the one its {@code --fabric sim} channels use. */
class SimFaultToolTest {

    private final EmbeddedFabrics fabrics = new EmbeddedFabrics();
    private final SimFaultTool tool = new SimFaultTool(fabrics, (String) null);
    private final StringWriter err = new StringWriter();

    private int run(String... args) throws UsageException {
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true)));
    }

    /** @return whether a directed-route NodeInfo from h00001 reaches its leaf */
    private static boolean leafAnswers(SimFabric fabric) {
        byte[] mad = Smp.directedRoute(Method.GET, 1, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1}, new byte[0]).encode();
        return fabric.exchange(fabric.defaultAttachPoint(), mad, mad.length, MadAddress.directedRoute()) != null;
    }

    @Test
    void aPulledCableIsPulledInTheFabricTheChannelsUse() throws Exception {
        SimFabric fabric = fabrics.fabric("", "sim");
        assertTrue(leafAnswers(fabric));
        assertEquals(ExitStatus.OK, run("unlink", "leaf001[1]"), err.toString());
        assertSame(fabric, fabrics.fabric("", "sim"), "one fabric for the runtime's life");
        assertTrue(!leafAnswers(fabric), "h00001's cable is out");
        assertEquals(ExitStatus.OK, run("relink", "leaf001[1]"), err.toString());
        assertTrue(leafAnswers(fabric), "back in: the link trains to Init, where SMPs pass");
        assertNotNull(new SimChannelProvider(fabrics).open("sim"));
    }

    @Test
    void mistakesAreReportedAndChangeNothing() throws Exception {
        assertEquals(ExitStatus.USAGE, run("unlink", "leaf001[99]"));
        assertTrue(err.toString().startsWith("infiniscope simfault: simfault:1: "), err.toString());
        assertTrue(leafAnswers(fabrics.fabric("", "sim")));
        assertThrows(UsageException.class, () -> run());
        assertThrows(UsageException.class, () -> run("--fabric"));
        assertThrows(UsageException.class, () -> run("--fabric", "ibsim:lab", "unlink", "leaf001[1]"));
    }

    @Test
    void gogosSplitPortIsJoinedBack() throws Exception {
        assertEquals("unlink leaf001[1]", SimFaultTool.joined(List.of("unlink", "leaf001", "[1]")));
        assertEquals("set \"leaf 1\"[2] PortCounters.SymbolErrorCounter=5",
                SimFaultTool.joined(List.of("set", "\"leaf 1\"", "[2]", "PortCounters.SymbolErrorCounter=5")));
        assertEquals(ExitStatus.OK, run("unlink", "leaf001", "[1]"), err.toString());
        assertTrue(!leafAnswers(fabrics.fabric("", "sim")));
    }

    @Test
    void theFabricOptionPicksAnotherTopology() throws Exception {
        assertEquals(ExitStatus.OK, run("--fabric", "sim:ft2:2:1:3", "unlink", "leaf001[1]"), err.toString());
        assertTrue(leafAnswers(fabrics.fabric("", "sim")), "the built-in fabric is untouched");
        assertTrue(!leafAnswers(fabrics.fabric("ft2:2:1:3", "sim:ft2:2:1:3")));
    }
}
