package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.sm.routing.RouteChecker;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.sm.subnet.SubnetPort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SM service moved between simulated fabrics as the fabric connection moves it (its configuration's
 * {@code fabric} changed, the rest kept: one guid2lid file for all) routes each fabric, when it comes back to it,
 * as a fresh SM does: the same route check verdict (min-hop on the 432-host fat tree was once seen to report a
 * credit loop after the desktop switched fabrics), and the same LIDs. Generated fabrics reuse GUIDs: with one
 * guid2lid file for all, the fat tree got the LIDs the other fabric had given its GUIDs (71 of its 474 endports differed), so
 * each simulated topology has a guid2lid file of its own ({@link Settings#forFabric}).
 */
class FabricSwitchTest {

    private static final String FT432 = "sim:ft2:24:18:18";
    private static final String OTHER = "sim:ft2:6:3:6";
    private static final int OTHER_NODES = 6 + 3 + 36;

    /** The verdict and the LIDs, by port GUID, of one SUBNET UP. */
    private record Routed(long pairs, long unreachable, long loops, List<Integer> creditLoops,
            Map<Long, Integer> lids) {
        static Routed of(Subnet s) {
            RouteChecker.Report r = RouteChecker.check(s.graph(), s.routing());
            Map<Long, Integer> lids = new HashMap<>();
            for (SubnetNode n : s.nodes()) {
                for (SubnetPort p : n.ports()) {
                    if (n.isSwitch() ? p.number() == 0 : p.number() > 0) {
                        lids.put(p.guid(), p.info().lid());
                    }
                }
            }
            return new Routed(r.pairs(), r.unreachable(), r.loops(), r.creditLoopLayers(), lids);
        }

        static Routed of(SmServiceFixture s, int nodes) throws InterruptedException {
            return of(s.awaitUp(nodes));
        }

        String verdict() {
            return pairs + " pairs, " + unreachable + " unreachable, " + loops + " looping, credit loops in "
                    + creditLoops;
        }
    }

    @Test
    void theFatTreeRoutedAfterMovesIsRoutedAsAFreshSmRoutesIt(@TempDir Path dir)
            throws IOException, InterruptedException {
        Routed fresh;
        try (SmServiceFixture s = new SmServiceFixture(dir.resolve("fresh").resolve("guid2lid"), FT432)) {
            fresh = Routed.of(s, 474);
        }
        Routed other, first, back;
        // as the desktop does when one opens another fabric first, then the fat tree, another, the fat tree again
        try (SmServiceFixture s = new SmServiceFixture(dir.resolve("moved").resolve("guid2lid"), OTHER)) {
            other = Routed.of(s, OTHER_NODES);
            s.moveTo(FT432);
            first = Routed.of(s, 474);
            s.moveTo(OTHER);
            s.awaitUp(OTHER_NODES);
            s.moveTo(FT432);
            back = Routed.of(s, 474);
        }
        System.out.println("a fresh SM on " + FT432 + ": " + fresh.verdict() + "; after the moves: " + back.verdict());
        assertEquals(0, other.unreachable(), other.verdict());
        assertEquals(0, other.loops(), other.verdict());
        assertEquals(fresh.verdict(), first.verdict(), "on the fat tree after " + OTHER);
        assertEquals(fresh.verdict(), back.verdict(), "back on the fat tree after " + OTHER + " again");
        assertEquals(0, changed(fresh.lids(), first.lids()),
                "endports whose LID differs on the fat tree after " + OTHER + " from a fresh SM's");
        assertEquals(0, changed(first.lids(), back.lids()),
                "endports whose LID differs on the fat tree before and after the move back");
    }

    /** @return how many endports of {@code a} have another LID, or none, in {@code b} */
    private static long changed(Map<Long, Integer> a, Map<Long, Integer> b) {
        return a.entrySet().stream().filter(e -> !e.getValue().equals(b.get(e.getKey()))).count();
    }

    @Test
    void eachSimulatedTopologyHasAGuid2lidFileOfItsOwn() {
        Path file = Path.of("/state/sm/guid2lid");
        assertEquals(file, Settings.forFabric(file, "sim"));
        assertEquals(file, Settings.forFabric(file, "sim@h00002"));
        assertEquals(file, Settings.forFabric(file, "umad:mlx5_0:1"));
        assertEquals(file, Settings.forFabric(file, "ibsim:sock@h1"));
        assertEquals(Path.of("/state/sm/guid2lid.ft2-24-18-18"), Settings.forFabric(file, FT432));
        assertEquals(Path.of("/state/sm/guid2lid.ft2-24-18-18"), Settings.forFabric(file, FT432 + "@leaf001"));
        Path net = Settings.forFabric(file, "sim:/fabrics/ft2-432.net");
        assertEquals(file.getParent(), net.getParent());
        assertTrue(net.getFileName().toString().matches("guid2lid\\.ft2-432\\.net-[0-9a-f]{8}"), net.toString());
        assertNotEquals(net, Settings.forFabric(file, "sim:/other/ft2-432.net"));
    }

    /** The one-shot {@code sm} takes the same per-topology file by default, and a given {@code --guid2lid} as given. */
    @Test
    void theOneShotSmTakesTheTopologysFileUnlessOneIsGiven() throws Exception {
        Path file = Path.of("/state/sm/guid2lid");
        Path cwd = Path.of("/work");
        assertEquals(Path.of("/state/sm/guid2lid.ft2-24-18-18"),
                SmToolArgs.parse(List.of("--fabric", FT432), null, file, cwd).settings().guid2lid());
        assertEquals(Path.of("/state/sm/guid2lid.ft3-4"),
                SmToolArgs.parse(List.of(), "sim:ft3:4", file, cwd).settings().guid2lid());
        assertEquals(file,
                SmToolArgs.parse(List.of("--fabric", "ibsim:sock@h1"), null, file, cwd).settings().guid2lid());
        assertEquals(Path.of("/work/mine"), SmToolArgs
                .parse(List.of("--fabric", FT432, "--guid2lid", "mine"), null, file, cwd).settings().guid2lid());
    }
}
