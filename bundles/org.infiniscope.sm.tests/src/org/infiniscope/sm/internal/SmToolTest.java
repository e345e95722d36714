package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

class SmToolTest {

    /** A provider of {@code sim:SPEC}: each open attaches to one fabric per test. */
    private static ChannelProvider provider(SimFabric sim) {
        return new ChannelProvider() {
            @Override
            public boolean handles(String fabric) {
                return fabric.startsWith("sim");
            }

            @Override
            public MadChannel open(String fabric) {
                return sim.openChannel(sim.defaultAttachPoint());
            }
        };
    }

    private record Run(int status, String out, String err) {
    }

    private static Run run(SimFabric sim, List<RoutingEngine> engines, String... args) throws Exception {
        java.nio.file.Files.createDirectories(Path.of("target", "sm-tests"));
        SmTool tool = new SmTool(null, Path.of("target", "sm-tests", "tool.guid2lid"), SimSm.discovery(),
                Path.of("target", "sm-tests"));
        tool.provide(provider(sim), engines);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = tool.run(new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err)));
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void onceprintsEveryPhaseThenSubnetUpAndExitsZero() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        Run r = run(sim, List.of(new MinHopEngine()), "--fabric", "sim:ft2:2:2:2", "--routing", "updn,minhop",
                "--priority", "3", "--once", "--routes", "routes.txt");
        assertEquals(ExitStatus.OK, r.status(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(6, lines.size(), r.out());
        String[] phases = {"discovery", "lids", "routing", "programming", "activation"};
        for (int i = 0; i < phases.length; i++) {
            assertTrue(lines.get(i).matches("SM phase " + phases[i] + " \\d+\\.\\d{3} s"), lines.get(i));
        }
        assertEquals("SUBNET UP", lines.get(5));
        String routes = java.nio.file.Files.readString(Path.of("target", "sm-tests", "routes.txt"));
        assertEquals(4, routes.lines().filter(l -> l.startsWith("Unicast lids [0x0-0x8] of switch Lid ")).count(),
                "four switches' tables, LIDs 0 to 8: " + routes);
    }

    @Test
    void onceFailsWithAClearMessageWhenNoEngineCanRoute() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        Run r = run(sim, List.of(), "--fabric", "sim", "--once");
        assertEquals(ExitStatus.FAILURE, r.status());
        assertTrue(r.err().contains("could not be brought up") && r.err().contains("minhop: no such engine"), r.err());
    }

    @Test
    void partitionsIsHelperPartsCommandOnTheCallersFolder() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        java.nio.file.Files.createDirectories(Path.of("target", "sm-tests"));
        java.nio.file.Files.writeString(Path.of("target", "sm-tests", "p.conf"),
                "Default=0x7fff, ipoib : ALL=full;\nstorage=0x0002 : ALL=limited;\n");
        Run ok = run(sim, List.of(), "partitions", "list", "--file", "p.conf");
        assertEquals(ExitStatus.OK, ok.status(), ok.err());
        assertTrue(ok.out().contains("storage") && ok.out().contains("0x0002"), ok.out());
        java.nio.file.Files.writeString(Path.of("target", "sm-tests", "bad.conf"), "Default=0xzz : ALL=full;\n");
        Run bad = run(sim, List.of(), "partitions", "validate", "--file", "bad.conf");
        assertEquals(ExitStatus.FAILURE, bad.status(), bad.out() + bad.err());
    }

    @Test
    void badArgumentsAreUsageErrors() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        assertThrows(UsageException.class, () -> run(sim, List.of(), "--fabric", "sim", "--priority", "16"));
        assertThrows(UsageException.class, () -> run(sim, List.of(), "--fabric", "sim", "--lmc", "x"));
        assertThrows(UsageException.class, () -> run(sim, List.of(), "--bogus"));
        assertThrows(UsageException.class, () -> run(sim, List.of(), "--once"));
    }
}
