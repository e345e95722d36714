package org.infiniscope.ui.topology.internal.draw;

import java.util.Arrays;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.infiniscope.ui.topology.internal.layout.Placement;

/**
 * Builds the {@link DrawList} of a laid-out fabric: links first (grouped by colour, so the screen strokes each group
 * at once), a traced path over them, then nodes and their labels. Selection and path are drawn as outlines.
 */
public final class Scene {

    private static final float LINK_WIDTH = 1.2f;
    private static final float PATH_WIDTH = 4f;

    private Scene() {
    }

    /**
     * @param metric per link value for {@link ColourMode#ERRORS}/{@link ColourMode#UTILISATION}, or null
     * @param selected per node: selected
     * @param pathLinks per link: on the highlighted path
     * @param pathNodes per node: on the highlighted path
     */
    public static DrawList build(Placement p, ColourMode mode, double[] metric, boolean[] selected, boolean[] pathLinks,
            boolean[] pathNodes) {
        TopoGraph g = p.graph();
        DrawList list = new DrawList();
        int m = g.linkCount();
        int[] colour = new int[m];
        Integer[] order = new Integer[m];
        int visible = 0;
        for (int l = 0; l < m; l++) {
            if (!p.visible(g.linkA(l)) || !p.visible(g.linkB(l))) {
                continue;
            }
            colour[l] = mode.colour(g, l, metric);
            order[visible++] = l;
        }
        Integer[] drawn = Arrays.copyOf(order, visible);
        // neutral first, alarming last (on top); the same colour together
        Arrays.sort(drawn, (a, b) -> {
            int c = Integer.compare(severity(colour[a], g.linkState(a)), severity(colour[b], g.linkState(b)));
            return c != 0 ? c : Integer.compare(colour[a], colour[b]);
        });
        for (int l : drawn) {
            int a = g.linkA(l);
            int b = g.linkB(l);
            list.line(p.x(a), p.y(a), p.x(b), p.y(b), colour[l],
                    colour[l] == Palette.NEUTRAL || colour[l] == Palette.NO_DATA ? LINK_WIDTH : LINK_WIDTH * 1.6f,
                    mode.dashed(g, l));
        }
        if (pathLinks != null) {
            for (int l = 0; l < m; l++) {
                if (pathLinks[l]) {
                    int a = shown(p, g.linkA(l));
                    int b = shown(p, g.linkB(l));
                    list.line(p.x(a), p.y(a), p.x(b), p.y(b), Palette.PATH, PATH_WIDTH, false);
                }
            }
        }
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!p.visible(i)) {
                continue;
            }
            float w = p.width(i);
            float h = p.height(i);
            float x = p.x(i) - w / 2;
            float y = p.y(i) - h / 2;
            boolean sel = selected != null && selected[i];
            boolean onPath = pathNodes != null && pathNodes[i];
            int outline = sel ? Palette.SELECTED : onPath ? Palette.PATH : g.isSwitch(i) ? Palette.OUTLINE : -1;
            float outlineWidth = sel || onPath ? 3f : 1f;
            if (sel || onPath) {
                list.rect(x - 3, y - 3, w + 6, h + 6, sel ? Palette.SELECTED : Palette.PATH, -1, 0);
            }
            int folded = p.foldedCount(i);
            int fill = !g.isSwitch(i) ? Palette.HOST : folded > 0 ? Palette.GROUP : Palette.SWITCH;
            list.rect(x, y, w, h, fill, outline, outlineWidth);
            if (g.isSwitch(i)) {
                String label = folded > 0 ? g.name(i) + " +" + folded : g.name(i);
                list.text(p.x(i), y + h + 2, label, Palette.LABEL, 9, 0.75f);
                if (folded > 0) {
                    list.text(p.x(i), y + 4, "+" + folded, 0xffffff, 10, 0.5f);
                }
            } else {
                list.text(p.x(i), y + h + 1, g.name(i), Palette.LABEL, 5, 2.2f);
            }
        }
        return list;
    }

    /** @return the node that stands for this one on screen (its group when folded) */
    private static int shown(Placement p, int node) {
        int f = p.foldedInto(node);
        return f >= 0 ? f : node;
    }

    private static int severity(int rgb, byte state) {
        if (state == TopoGraph.DOWN || rgb == Palette.DOWN) {
            return 3;
        }
        if (rgb == Palette.NEUTRAL || rgb == Palette.NO_DATA || rgb == Palette.GOOD) {
            return 0;
        }
        return rgb == Palette.WARN ? 2 : 1;
    }

    /** @return the legend of a mode, in screen pixels from the top left corner */
    public static DrawList legend(ColourMode mode, String layout) {
        DrawList list = new DrawList();
        int rows = mode.legend().size();
        float width = 190;
        float height = 26 + rows * 16 + 16;
        list.rect(8, 8, width, height, Palette.LEGEND_FILL, 0xb0bec5, 1);
        list.text(8 + width / 2, 12, mode.title(), Palette.LABEL, 11, 0);
        float y = 30;
        for (ColourMode.Entry e : mode.legend()) {
            list.line(16, y + 6, 40, y + 6, e.rgb(), 3, e.rgb() == Palette.DOWN && mode == ColourMode.STATE);
            list.text(48 + 65, y, e.label(), Palette.LABEL, 10, 0);
            y += 16;
        }
        list.text(8 + width / 2, y, layout, 0x607d8b, 9, 0);
        return list;
    }
}
