package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * {@code discover --cache/--load-cache/--diff/-p/--node-name-map} and the topology-file argument, end to end on one
 * simulated fabric whose cables the test pulls; and {@code linkinfo --node-name-map}.
 */
class DiscoverCacheToolTest {

    private final SimFabric fabric;
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();
    private final Path scratch;

    DiscoverCacheToolTest() throws Exception {
        fabric = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        scratch = Golden.scratch("discover-cache");
    }

    /** {@code sim}: this test's fabric, faults and all. */
    private final class Shared implements ChannelProvider {
        @Override
        public boolean handles(String spec) {
            return spec.equals("sim");
        }

        @Override
        public MadChannel open(String spec) throws IOException {
            return fabric.openChannel(fabric.defaultAttachPoint());
        }
    }

    private int run(String... args) throws UsageException {
        out = new StringWriter();
        err = new StringWriter();
        DiscoverTool tool = new DiscoverTool("sim", new DiscoveryImpl());
        tool.provide(new Shared(), 1);
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err)));
    }

    @Test
    void aCacheLoadsAsTheFabricItWasWrittenFrom() throws Exception {
        Path cache = scratch.resolve("f.cache");
        assertEquals(ExitStatus.OK, run("--cache", cache.toString()), err.toString());
        String live = out.toString();
        for (String option : List.of("-l", "-p", "-g")) {
            assertEquals(ExitStatus.OK, run(option), err.toString());
            String expected = out.toString();
            assertEquals(ExitStatus.OK, run("--load-cache", cache.toString(), option), err.toString());
            assertEquals(expected, out.toString(), option);
        }
        fabric.faults().unplug("h00001", 1); // the fabric is not touched by --load-cache: not even the local port
        assertEquals(ExitStatus.OK, run("--load-cache", cache.toString()), err.toString());
        assertEquals(Golden.withoutDate(live), Golden.withoutDate(out.toString()));
    }

    @Test
    void theDiffShowsAPulledCableAndNothingElse() throws Exception {
        Path cache = scratch.resolve("before.cache");
        assertEquals(ExitStatus.OK, run("--cache", cache.toString()), err.toString());
        assertEquals(ExitStatus.OK, run("--diff", cache.toString()), err.toString());
        assertEquals("", out.toString(), "no change, no difference");
        fabric.faults().unplug("h00004", 1);
        Path topology = scratch.resolve("diff.txt");
        assertEquals(ExitStatus.OK, run("--diff", cache.toString(), topology.toString()), err.toString());
        assertEquals("", out.toString(), "the diff went to the file");
        String diff = Files.readString(topology);
        assertTrue(diff.contains("\n< [2]\t\"H-0008f10400000400\"[1](8f10400000401) \t\t# \"h00004\" lid 0 "), diff);
        assertTrue(diff.contains("\n< caguid=0x8f10400000400\n< Ca\t1 \"H-0008f10400000400\"\t\t# \"h00004\"\n"), diff);
        assertEquals(ExitStatus.OK, run("--diff", cache.toString(), "--diffcheck", "sw,port"), err.toString());
        assertTrue(!out.toString().contains("caguid") && out.toString().contains("< [2]"), out.toString());
        assertEquals(ExitStatus.OK, run("--diff", cache.toString(), "--diffcheck", "sw"), err.toString());
        assertEquals("", out.toString(), "sw alone: only switches that come or go");
        assertEquals(ExitStatus.OK, run("--diff", cache.toString(), "--json"), err.toString());
        assertEquals("{\"changes\":[{\"kind\":\"NODE_REMOVED\",\"node\":\"0x8f10400000400\"},"
                + "{\"kind\":\"PORT_CHANGED\",\"node\":\"0x8f10500000200\",\"port\":2,"
                + "\"fields\":[\"state\",\"physicalState\",\"widthActive\",\"speedActive\"]},"
                + "{\"kind\":\"LINK_REMOVED\",\"a\":\"0x8f10500000200\",\"portA\":2,\"b\":\"0x8f10400000400\","
                + "\"portB\":1}]}\n", out.toString());
    }

    @Test
    void theNodeNameMapRenamesNodesInDiscoverAndLinkinfo() throws Exception {
        Path map = scratch.resolve("names.map");
        Files.writeString(map, "# test map\n0x0008f10500000100 \"leaf-A\"\n0x0008f10400000200 \"host-B\"\n");
        assertEquals(ExitStatus.OK, run("--node-name-map", map.toString()), err.toString());
        String topology = out.toString();
        assertTrue(topology.contains("# \"leaf-A\" base port 0"), topology);
        assertTrue(topology.contains("\t\t# \"host-B\" lid 0 "), topology);
        assertTrue(topology.contains("Ca\t1 \"H-0008f10400000200\"\t\t# \"h00002\""),
                "a CA's own line keeps its description, as ibnetdiscover's: " + topology);
        assertEquals(ExitStatus.OK, run("-l", "--node-name-map=" + map), err.toString());
        assertTrue(out.toString().contains("\"host-B\"\n") && out.toString().contains("\"leaf-A\"\n"), out.toString());

        for (SnapshotTool tool : List.of(new HostsTool("sim", new DiscoveryImpl()),
                new SwitchesTool("sim", new DiscoveryImpl()))) {
            StringWriter toolOut = new StringWriter();
            tool.provide(new Shared(), 1);
            assertEquals(ExitStatus.OK, tool.run(new ToolInvocation(List.of("--node-name-map", map.toString()),
                    new PrintWriter(toolOut), new PrintWriter(err))), err.toString());
            assertTrue(toolOut.toString().contains(tool.name().equals("hosts") ? "\"host-B\"\n" : "\"leaf-A\" base"),
                    toolOut.toString());
        }
        StringWriter linkOut = new StringWriter();
        LinkinfoTool linkinfo = new LinkinfoTool("sim", new DiscoveryImpl());
        linkinfo.provide(new Shared(), 1);
        assertEquals(ExitStatus.OK, linkinfo.run(new ToolInvocation(List.of("--node-name-map", map.toString()),
                new PrintWriter(linkOut), new PrintWriter(err))), err.toString());
        assertTrue(linkOut.toString().contains("Switch: 0x0008f10500000100 leaf-A:\n"), linkOut.toString());
        assertTrue(linkOut.toString().contains("CA: host-B:\n"), linkOut.toString());
    }

    @Test
    void badFilesAreClearErrors() throws Exception {
        Path map = scratch.resolve("bad.map");
        Files.writeString(map, "0x1 \"one\"\n\nleaf001 \"two\"\n");
        assertEquals(ExitStatus.FAILURE, run("--node-name-map", map.toString()));
        assertTrue(err.toString().contains("bad.map:3: 'leaf001' is not a GUID"), err.toString());
        assertEquals(ExitStatus.FAILURE, run("--load-cache", scratch.resolve("none.cache").toString()));
        assertTrue(err.toString().contains("none.cache': no such file"), err.toString());
        Files.writeString(map, "0x1 \"one\"\n".repeat(10));
        assertEquals(ExitStatus.FAILURE, run("--diff", map.toString()));
        assertTrue(err.toString().contains("not an ibnetdiscover cache"), err.toString());
        assertTrue(assertThrows(UsageException.class, () -> run("--diffcheck", "sw,cables")).getMessage()
                .contains("invalid diff check key: cables"));
        assertTrue(assertThrows(UsageException.class, () -> run("a.topo", "b.topo")).getMessage()
                .contains("unexpected argument 'b.topo'"));
    }
}
