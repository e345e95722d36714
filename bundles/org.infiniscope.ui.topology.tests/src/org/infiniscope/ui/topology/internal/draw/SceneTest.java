package org.infiniscope.ui.topology.internal.draw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import javax.xml.parsers.DocumentBuilderFactory;

import org.infiniscope.ui.topology.internal.FabricsAccess;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.infiniscope.ui.topology.internal.layout.Folding;
import org.infiniscope.ui.topology.internal.layout.Layouts;
import org.infiniscope.ui.topology.internal.layout.Placement;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The drawing list: what it holds, what a frame replays of it (culling, level of detail), and its SVG. */
class SceneTest {

    /** Counts what a replay paints, by kind. */
    private static final class Counting implements Painter {
        int lines;
        int rects;
        final List<String> texts = new ArrayList<>();
        final List<Integer> lineColours = new ArrayList<>();

        @Override
        public void line(float x1, float y1, float x2, float y2, int rgb, float width, boolean dashed) {
            lines++;
            lineColours.add(rgb);
        }

        @Override
        public void rect(float x, float y, float w, float h, int fill, int outline, float outlineWidth) {
            rects++;
        }

        @Override
        public void text(float x, float y, String text, int rgb, float size) {
            texts.add(text);
        }
    }

    private static Placement placement(TopoGraph g) {
        int[] owners = Folding.owners(g);
        return Layouts.layout(g, owners, Folding.fold(g, owners, false, Set.of()));
    }

    @Test
    void aFrameReplaysOnlyWhatIsInTheWindowAndLabelsOnlyWhenReadable() throws Exception {
        TopoGraph g = FabricsAccess.graph("ft3:12");
        Placement p = placement(g);
        DrawList list = Scene.build(p, ColourMode.STATE, null, null, null, null);

        Counting all = new Counting();
        list.replayAll(all);
        assertEquals(g.linkCount(), all.lines, "a line a link");
        assertEquals(g.nodeCount(), all.rects, "a box a node");
        assertEquals(g.nodeCount(), all.texts.size(), "a label a node");

        Counting far = new Counting();
        list.replay(far, list.minX(), list.minY(), list.maxX(), list.maxY(), 0.1f);
        assertEquals(0, far.texts.size(), "no labels when zoomed out");
        assertEquals(g.linkCount(), far.lines);

        Counting corner = new Counting();
        float w = (list.maxX() - list.minX()) / 10;
        list.replay(corner, list.minX(), list.minY(), list.minX() + w, list.maxY(), 1f);
        assertTrue(corner.rects > 0 && corner.rects < g.nodeCount() / 5, "culled: " + corner.rects);
        assertTrue(corner.lines < g.linkCount() / 2, "culled: " + corner.lines);
        assertTrue(corner.texts.stream().anyMatch(t -> t.startsWith("p01")), "leaf labels at zoom 1: " + corner.texts);
    }

    @Test
    void theSvgIsWellFormedAndHoldsEveryPrimitive() throws Exception {
        TopoGraph g = FabricsAccess.graph("ft2:4:2:4");
        Placement p = placement(g);
        boolean[] selected = new boolean[g.nodeCount()];
        selected[0] = true;
        DrawList list = Scene.build(p, ColourMode.RATE, null, selected, null, null);
        DrawList legend = Scene.legend(ColourMode.RATE, "layout: tiers <&>");
        SvgPainter svg = new SvgPainter(500, 400, 10, 10);
        list.replayAll(svg);
        legend.replayAll(svg);
        String text = svg.finish();
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        Counting counted = new Counting();
        list.replayAll(counted);
        legend.replayAll(counted);
        assertEquals(counted.lines, doc.getElementsByTagName("line").getLength());
        assertEquals(counted.rects + 1, doc.getElementsByTagName("rect").getLength(), "and the background");
        assertEquals(counted.texts.size(), doc.getElementsByTagName("text").getLength());
        assertTrue(text.contains("layout: tiers &lt;&amp;&gt;"), "text is escaped");
        assertTrue(text.contains(String.format("#%06x", Palette.SELECTED)), "the selection is outlined");
    }

    @Test
    void linksAreColouredByStateRateAndCounters() throws Exception {
        TopoGraph g = FabricsAccess.graph("ft2:4:2:4");
        Placement p = placement(g);
        Counting state = new Counting();
        Scene.build(p, ColourMode.STATE, null, null, null, null).replayAll(state);
        // the simulator's links are up but no SM armed them: they are Initialize
        assertTrue(state.lineColours.stream().allMatch(c -> c == Palette.INIT), state.lineColours.toString());
        Counting errors = new Counting();
        double[] metric = new double[g.linkCount()];
        java.util.Arrays.fill(metric, Double.NaN);
        metric[0] = 0;
        metric[1] = 3;
        metric[2] = 25;
        Scene.build(p, ColourMode.ERRORS, metric, null, null, null).replayAll(errors);
        assertEquals(1, errors.lineColours.stream().filter(c -> c == Palette.NEUTRAL).count());
        assertEquals(1, errors.lineColours.stream().filter(c -> c == Palette.WARN).count());
        assertEquals(1, errors.lineColours.stream().filter(c -> c == Palette.DOWN).count());
        assertEquals(g.linkCount() - 3, errors.lineColours.stream().filter(c -> c == Palette.NO_DATA).count());
    }
}
