package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.infiniscope.topology.TopologySpecException;
import org.junit.jupiter.api.Test;

/** The tool end to end on the embedded simulator, through a provider of {@code --fabric sim:SPEC}. */
class DiscoverToolTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** {@code sim:SPEC}: a fresh fabric of a generator specification, attached at its first CA. */
    static final class SpecProvider implements ChannelProvider {
        @Override
        public boolean handles(String fabric) {
            return fabric.startsWith("sim:");
        }

        @Override
        public MadChannel open(String fabric) throws IOException {
            try {
                SimFabric sim = SimFabric.of(TopologySpec.parse(fabric.substring(4)));
                return sim.openChannel(sim.defaultAttachPoint());
            } catch (TopologySpecException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
    }

    private int run(String defaultFabric, String... args) throws UsageException {
        DiscoverTool tool = new DiscoverTool(defaultFabric, new DiscoveryImpl());
        tool.provide(new SpecProvider(), 1);
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err)));
    }

    @Test
    void theTopologyHasIbnetdiscoversHeader() throws UsageException {
        assertEquals(ExitStatus.OK, run(null, "--fabric", "sim:ft2:4:2:8", "-t", "100"), err.toString());
        String[] lines = out.toString().split("\n");
        assertEquals("#", lines[0]);
        assertTrue(lines[1].startsWith("# Topology file: generated on "), lines[1]);
        assertEquals("# Initiated from node 0008f10400000100 port 0008f10400000101", lines[3]);
        assertEquals("vendid=0x0", lines[5]);
    }

    @Test
    void switchesAreListedLastFoundFirstBreadthFirstFromTheLocalNode() throws UsageException {
        assertEquals(ExitStatus.OK, run("sim:ft2:2:1:2", "-S"), err.toString());
        assertEquals("""
                Switch\t : 0x0008f10500000200 ports 4 devid 0x0 vendid 0x0 "leaf002"
                Switch\t : 0x0008f10500000300 ports 4 devid 0x0 vendid 0x0 "spine001"
                Switch\t : 0x0008f10500000100 ports 4 devid 0x0 vendid 0x0 "leaf001"
                """, out.toString());
    }

    @Test
    void showPrintsEachNodeInfoAnswerBeforeTheTopology() throws UsageException {
        // one SMP at a time: the answers come in the order they were asked, breadth first
        assertEquals(ExitStatus.OK, run("sim:ft2:2:1:2", "-s", "-o", "1", "-S"), err.toString());
        String[] lines = out.toString().split("\n");
        assertEquals("DR path slid 0; dlid 0; 0 -> new Channel Adapter {0008f10400000100} portnum 1 lid 0-0 \"\"",
                lines[0]);
        assertEquals("DR path slid 0; dlid 0; 0,1 -> new Switch {0008f10500000100} portnum 0 lid 0-0 \"\"", lines[1]);
        long news = java.util.Arrays.stream(lines).filter(l -> l.contains(" -> new ")).count();
        assertEquals(7, news, "each node once as new: " + out);
        assertTrue(java.util.Arrays.stream(lines).filter(l -> l.startsWith("DR path"))
                .allMatch(l -> l.matches("DR path slid 0; dlid 0; 0(,\\d+)* -> (new|known) (Channel Adapter|Switch) "
                        + "\\{[0-9a-f]{16}\\} portnum \\d+ lid 0-0 \"[^\"]*\"")),
                out.toString());
        // the second cable from leaf001 reaches the spine again
        assertTrue(out.toString().contains("; 0,1,4 -> known Switch {0008f10500000300} portnum 0 lid 0-0 "),
                out.toString());
        assertTrue(out.toString().endsWith("""
                Switch\t : 0x0008f10500000100 ports 4 devid 0x0 vendid 0x0 "leaf001"
                """), out.toString());
    }

    @Test
    void theListHasCasThenSwitches() throws UsageException {
        assertEquals(ExitStatus.OK, run("sim:ft2:2:1:2", "-l"), err.toString());
        String[] lines = out.toString().split("\n");
        assertEquals(7, lines.length, out.toString());
        assertTrue(lines[0].startsWith("Ca\t : 0x0008f10400000400 ports 1 "), lines[0]);
        assertTrue(lines[4].startsWith("Switch\t : "), lines[4]);
    }

    @Test
    void jsonHasEveryNodeAndLink() throws UsageException {
        assertEquals(ExitStatus.OK, run("sim:ft2:2:1:2", "--json"), err.toString());
        String json = out.toString();
        assertTrue(
                json.startsWith("{\"localNodeGuid\":\"0x8f10400000100\",\"localPort\":1,\"nodes\":[{\"type\":\"ca\""),
                json);
        assertEquals(7, json.split("\"nodeGuid\"").length - 1);
        assertEquals(8, json.split("\"portA\"").length - 1, "4 hosts' links and 2 links from each leaf to the spine");
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertThrows(UsageException.class, () -> run("sim:ft2:2:1:2", "-x"));
        UsageException window = assertThrows(UsageException.class, () -> run("sim:ft2:2:1:2", "-o", "0"));
        assertEquals("option '-o': '0' is not a number from 1 to 4096", window.getMessage());
        UsageException missing = assertThrows(UsageException.class, () -> run("sim:ft2:2:1:2", "-t"));
        assertEquals("option '-t' needs a value", missing.getMessage());
        assertThrows(UsageException.class, () -> run("sim:ft2:2:1:2", "one.topo", "two.topo"));
        UsageException none = assertThrows(UsageException.class, () -> run(null, "-l"));
        assertTrue(none.getMessage().startsWith("no fabric: give --fabric"), none.getMessage());
        UsageException unknown = assertThrows(UsageException.class, () -> run(null, "--fabric", "nowhere"));
        assertTrue(unknown.getMessage().startsWith("unknown fabric 'nowhere'"), unknown.getMessage());
    }

    @Test
    void aFabricThatCannotOpenIsOneLineAndStatusOne() throws UsageException {
        assertEquals(ExitStatus.FAILURE, run(null, "--fabric", "sim:ft2:x"));
        assertTrue(err.toString().startsWith("infiniscope discover: cannot open fabric 'sim:ft2:x': "), err.toString());
    }
}
