package org.infiniscope.ui.topology.internal.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.infiniscope.ui.topology.internal.FabricsAccess;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.junit.jupiter.api.Test;

/** Each kind of fabric gets its layout, on the graph of a simulated fabric swept into the model. */
class LayoutsTest {

    private static Placement layout(TopoGraph g, boolean aggregate) {
        int[] owners = Folding.owners(g);
        return Layouts.layout(g, owners, Folding.fold(g, owners, aggregate, Set.of()));
    }

    @Test
    void aThreeLevelFatTreeIsDrawnAsTiersOfHostsLeavesSpinesAndCores() throws Exception {
        TopoGraph g = FabricsAccess.graph("ft3:12");
        Placement p = layout(g, false);
        assertEquals(Placement.Kind.TIERS, p.kind());
        int[] perTier = new int[5];
        for (int i = 0; i < g.nodeCount(); i++) {
            perTier[p.tier(i)]++;
        }
        // radix 12: 432 hosts, 72 leaves, 72 spines (aggregation), 36 cores
        assertEquals(432, perTier[0]);
        assertEquals(72, perTier[1]);
        assertEquals(72, perTier[2]);
        assertEquals(36, perTier[3]);
        assertEquals(g.nodeCount(), p.visibleCount(), "432 hosts are below the aggregation threshold");
        // tiers from top to bottom: cores above spines above leaves above hosts
        for (int l = 0; l < g.linkCount(); l++) {
            int a = g.linkA(l);
            int b = g.linkB(l);
            int upper = p.tier(a) > p.tier(b) ? a : b;
            int lower = upper == a ? b : a;
            assertTrue(p.y(upper) < p.y(lower), g.name(upper) + " is drawn above " + g.name(lower));
        }
        // nodes of one tier do not overlap
        for (int i = 0; i < g.nodeCount(); i++) {
            for (int j = i + 1; j < g.nodeCount(); j++) {
                assertFalse(overlap(p, i, j), g.name(i) + " overlaps " + g.name(j));
            }
        }
    }

    @Test
    void foldingPutsEveryHostIntoItsLeaf() throws Exception {
        TopoGraph g = FabricsAccess.graph("ft3:12");
        Placement p = layout(g, true);
        assertEquals(180, p.visibleCount(), "the switches only");
        int folded = 0;
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!g.isSwitch(i)) {
                int leaf = p.foldedInto(i);
                assertTrue(leaf >= 0 && g.isSwitch(leaf) && p.tier(leaf) == 1, g.name(i));
                assertEquals(p.x(leaf), p.x(i));
                folded++;
            }
        }
        assertEquals(432, folded);
        assertEquals(6, p.foldedCount(p.foldedInto(firstHost(g))), "6 hosts a leaf");
    }

    @Test
    void aTorusIsAGridAndADragonflyIsLaidOutByElk() throws Exception {
        TopoGraph torus = FabricsAccess.graph("torus:4:4:2");
        Placement grid = layout(torus, false);
        assertEquals(Placement.Kind.GRID, grid.kind());
        assertNoOverlap(torus, grid);

        TopoGraph dfly = FabricsAccess.graph("dfly:5:4");
        Placement layered = layout(dfly, false);
        assertEquals(Placement.Kind.LAYERED, layered.kind());
        assertNoOverlap(dfly, layered);
        float top = Float.MAX_VALUE;
        float bottom = -Float.MAX_VALUE;
        for (int i = 0; i < dfly.nodeCount(); i++) {
            top = Math.min(top, layered.y(i));
            bottom = Math.max(bottom, layered.y(i));
        }
        assertTrue(bottom - top > 50, "ELK spread the layers");
    }

    private static int firstHost(TopoGraph g) {
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!g.isSwitch(i)) {
                return i;
            }
        }
        throw new AssertionError("no host");
    }

    private static void assertNoOverlap(TopoGraph g, Placement p) {
        for (int i = 0; i < g.nodeCount(); i++) {
            for (int j = i + 1; j < g.nodeCount(); j++) {
                assertFalse(p.visible(i) && p.visible(j) && overlap(p, i, j), g.name(i) + " overlaps " + g.name(j));
            }
        }
    }

    private static boolean overlap(Placement p, int i, int j) {
        return Math.abs(p.x(i) - p.x(j)) * 2 < p.width(i) + p.width(j)
                && Math.abs(p.y(i) - p.y(j)) * 2 < p.height(i) + p.height(j);
    }
}
