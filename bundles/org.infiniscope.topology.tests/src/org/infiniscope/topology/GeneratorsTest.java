package org.infiniscope.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

class GeneratorsTest {

    @Test
    void fatTreesAreTheSharedFiles() throws Exception {
        assertEquals(Fabrics.read("ft2-16.net").topology(), Generators.fatTree2(4, 2, 4));
        assertEquals(Fabrics.read("ft2-432.net").topology(), Generators.fatTree2(24, 18, 18));
        assertEquals(Fabrics.read("ft3-432.net").topology(), Generators.fatTree3(12));
    }

    @Test
    void torusAndDragonflyHaveTheSharedFilesCounts() throws Exception {
        Topology torus = Generators.torus(4, 4, 2);
        assertEquals(Shape.of(NetFile.of(Fabrics.read("torus-4x4x2.net").topology())).cables().size(),
                torus.links().size());
        assertEquals(Fabrics.read("torus-4x4x2.net").topology(), torus);
        Topology dfly = Generators.dragonfly(5, 4, 2);
        NetFilesTest.assertCounts(dfly, 40, 20);
        // 40 host cables, 5 groups x 6 local cables, 10 global cables
        assertEquals(40 + 30 + 10, dfly.links().size());
        assertWellCabled(dfly);
    }

    @Test
    void everyGeneratorCablesWhatItShould() {
        Topology ft2 = Generators.fatTree2(6, 4, 8);
        NetFilesTest.assertCounts(ft2, 48, 10);
        assertEquals(48 + 6 * 8, ft2.links().size());
        Topology ft3 = Generators.fatTree3(8);
        NetFilesTest.assertCounts(ft3, 128, 80);
        assertEquals(128 * 3, ft3.links().size());
        Topology torus2 = Generators.torus(3, 5);
        NetFilesTest.assertCounts(torus2, 30, 15);
        assertEquals(30 + 15 * 2, torus2.links().size());
        Topology random = Generators.random(20, 100, 7);
        NetFilesTest.assertCounts(random, 100, 20);
        for (Topology t : List.of(ft2, ft3, torus2, random, Topologies.defaultFabric())) {
            assertWellCabled(t);
        }
        // every switch port of a full fat tree is used
        assertEquals(80 * 8, ft3.links().size() * 2 - 128);
    }

    @Test
    void generatorsAreDeterministicAndRoundTrip() throws Exception {
        assertEquals(Generators.random(30, 200, 42), Generators.random(30, 200, 42));
        assertTrue(!Generators.random(30, 200, 42).equals(Generators.random(30, 200, 43)));
        for (Topology t : List.of(Generators.dragonfly(3, 2, 1), Generators.random(5, 9, 1), Generators.torus(2, 3, 4),
                Topologies.defaultFabric())) {
            assertEquals(t, NetFiles.parse("gen.net", NetFiles.toNetText(t), null).topology());
        }
    }

    @Test
    void defaultFabricIsASmallFatTree() {
        NetFilesTest.assertCounts(Topologies.defaultFabric(), 32, 6);
        assertEquals(0x0008f10400000100L, Topologies.defaultFabric().nodes().get(0).nodeGuid());
    }

    @Test
    void radix36ThreeLevelFatTree() {
        Runtime rt = Runtime.getRuntime();
        rt.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        long start = System.nanoTime();
        Topology t = Generators.fatTree3(36);
        long millis = (System.nanoTime() - start) / 1_000_000;
        long after = rt.totalMemory() - rt.freeMemory();
        NetFilesTest.assertCounts(t, 11_664, 1_620);
        assertEquals(11_664 * 3, t.links().size());
        assertWellCabled(t);
        // a figure for the report, not an assertion: timing varies with the machine
        System.out.printf("ft3:36 generated in %d ms, about %d MB retained (heap delta)%n", millis,
                (after - before) >> 20);
    }

    /** Every link names ports that exist, no port is cabled twice, and the fabric is connected. */
    static void assertWellCabled(Topology t) {
        Map<String, Node> nodes = t.nodesByName();
        Set<String> cabled = new HashSet<>();
        Map<String, List<String>> adjacent = new HashMap<>();
        for (Link l : t.links()) {
            assertTrue(l.portA() <= nodes.get(l.a()).portCount() && l.portB() <= nodes.get(l.b()).portCount(),
                    l::toString);
            assertTrue(cabled.add(l.a() + "[" + l.portA()) && cabled.add(l.b() + "[" + l.portB()), l::toString);
            adjacent.computeIfAbsent(l.a(), k -> new java.util.ArrayList<>()).add(l.b());
            adjacent.computeIfAbsent(l.b(), k -> new java.util.ArrayList<>()).add(l.a());
        }
        Set<String> seen = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(t.nodes().get(0).name()));
        while (!todo.isEmpty()) {
            String n = todo.pop();
            if (seen.add(n)) {
                todo.addAll(adjacent.getOrDefault(n, List.of()));
            }
        }
        assertEquals(nodes.size(), seen.size(), "connected");
    }
}
