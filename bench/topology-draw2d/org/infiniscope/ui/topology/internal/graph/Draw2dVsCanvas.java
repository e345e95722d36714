package org.infiniscope.ui.topology.internal.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.eclipse.draw2d.Figure;
import org.eclipse.draw2d.IFigure;
import org.eclipse.draw2d.Label;
import org.eclipse.draw2d.Polyline;
import org.eclipse.draw2d.RectangleFigure;
import org.eclipse.draw2d.SWTGraphics;
import org.eclipse.draw2d.ScaledGraphics;
import org.eclipse.draw2d.geometry.Point;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Display;
import org.infiniscope.topology.Generators;
import org.infiniscope.topology.Topology;
import org.infiniscope.ui.topology.internal.draw.ColourMode;
import org.infiniscope.ui.topology.internal.draw.DrawList;
import org.infiniscope.ui.topology.internal.draw.Palette;
import org.infiniscope.ui.topology.internal.draw.Scene;
import org.infiniscope.ui.topology.internal.draw.SwtPainter;
import org.infiniscope.ui.topology.internal.layout.Folding;
import org.infiniscope.ui.topology.internal.layout.Layouts;
import org.infiniscope.ui.topology.internal.layout.Placement;

/**
 * Draw2d 3.2.100 (2007, the only GEF Classic on Maven Central) against the topology view's own drawing list and
 * painter, on today's SWT, drawing the same laid-out fat tree into the same 1280x800 image: the time to build the
 * picture (figure tree / drawing list), the heap it takes, and the time to paint a frame with the whole fabric in view
 * (fit) and with a window of it at zoom 1. Outside OSGi (plain class path), in the view's graph package so that it
 * can build a graph straight from the generator's topology.
 */
public final class Draw2dVsCanvas {

    private static final int W = 1280;
    private static final int H = 800;
    private static final int FRAMES = 30;

    public static void main(String[] args) {
        String spec = args.length > 0 ? args[0] : "24";
        Topology topology = Generators.fatTree3(Integer.parseInt(spec));
        TopoGraph g = graph(topology);
        Display display = new Display();
        for (boolean folded : new boolean[]{true, false}) {
            long t0 = System.nanoTime();
            int[] owners = Folding.owners(g);
            Placement p = Layouts.layout(g, owners, Folding.fold(g, owners, folded, Set.of()));
            long layout = System.nanoTime() - t0;
            System.out.printf(Locale.ROOT, "ft3:%s (%d nodes, %d links), hosts %s: %d nodes drawn, layout %.0f ms%n",
                    spec, g.nodeCount(), g.linkCount(), folded ? "folded into their leaves" : "drawn", p.visibleCount(),
                    layout / 1e6);
            run(display, p);
        }
        display.dispose();
    }

    private static void run(Display display, Placement p) {
        Image image = new Image(display, W, H);
        GC gc = new GC(image);
        try {
            // ours
            long heap0 = heap();
            long t0 = System.nanoTime();
            DrawList list = Scene.build(p, ColourMode.STATE, null, null, null, null);
            long buildOurs = System.nanoTime() - t0;
            long heapOurs = heap() - heap0;
            SwtPainter painter = new SwtPainter(display);
            float fit = Math.min(W / (list.maxX() - list.minX()), H / (list.maxY() - list.minY()));
            double[] oursFit = frames(() -> {
                white(gc, display);
                painter.begin(gc, list.minX(), list.minY(), fit, W, H);
                list.replay(painter, list.minX(), list.minY(), list.minX() + W / fit, list.minY() + H / fit, fit);
                painter.end();
            });
            float cx = (list.minX() + list.maxX()) / 2 - W / 2f;
            float cy = (list.minY() + list.maxY()) / 2 - H / 2f;
            double[] oursOne = frames(() -> {
                white(gc, display);
                painter.begin(gc, cx, cy, 1, W, H);
                list.replay(painter, cx, cy, cx + W, cy + H, 1);
                painter.end();
            });
            painter.dispose();
            save(image);

            // Draw2d: a figure a node (and a label a switch), a polyline a link
            heap0 = heap();
            t0 = System.nanoTime();
            Map<Integer, Color> colours = new HashMap<>();
            IFigure root = draw2d(p, display, colours);
            long buildDraw2d = System.nanoTime() - t0;
            long heapDraw2d = heap() - heap0;
            double[] d2Fit = frames(() -> {
                white(gc, display);
                SWTGraphics swt = new SWTGraphics(gc);
                ScaledGraphics scaled = new ScaledGraphics(swt);
                scaled.scale(fit);
                scaled.translate(Math.round(-list.minX()), Math.round(-list.minY()));
                root.paint(scaled);
                scaled.dispose();
                swt.dispose();
            });
            double[] d2One = frames(() -> {
                white(gc, display);
                SWTGraphics swt = new SWTGraphics(gc);
                swt.translate(Math.round(-cx), Math.round(-cy));
                swt.clipRect(new Rectangle(Math.round(cx), Math.round(cy), W, H));
                root.paint(swt);
                swt.dispose();
            });
            save(image);
            colours.values().forEach(Color::dispose);
            System.out.printf(Locale.ROOT,
                    "  build: ours %.0f ms (%.1f MB), Draw2d %.0f ms (%.1f MB)%n"
                            + "  frame, whole fabric: ours p50 %.1f ms p95 %.1f ms; Draw2d p50 %.1f ms p95 %.1f ms%n"
                            + "  frame, zoom 1 window: ours p50 %.1f ms p95 %.1f ms; Draw2d p50 %.1f ms p95 %.1f ms%n",
                    buildOurs / 1e6, heapOurs / 1e6, buildDraw2d / 1e6, heapDraw2d / 1e6, oursFit[0], oursFit[1],
                    d2Fit[0], d2Fit[1], oursOne[0], oursOne[1], d2One[0], d2One[1]);
        } finally {
            gc.dispose();
            image.dispose();
        }
    }

    private static IFigure draw2d(Placement p, Display display, Map<Integer, Color> colours) {
        TopoGraph g = p.graph();
        Figure root = new Figure();
        root.setBounds(new Rectangle(-100_000, -100_000, 400_000, 400_000));
        root.setFont(display.getSystemFont()); // what a LightweightSystem gives its root
        ColourMode mode = ColourMode.STATE;
        for (int l = 0; l < g.linkCount(); l++) {
            int a = g.linkA(l);
            int b = g.linkB(l);
            if (!p.visible(a) || !p.visible(b)) {
                continue;
            }
            Polyline line = new Polyline();
            line.addPoint(new Point(Math.round(p.x(a)), Math.round(p.y(a))));
            line.addPoint(new Point(Math.round(p.x(b)), Math.round(p.y(b))));
            line.setForegroundColor(colour(display, colours, Palette.INIT));
            line.setLineWidth(1);
            root.add(line);
        }
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!p.visible(i)) {
                continue;
            }
            RectangleFigure box = new RectangleFigure();
            box.setBounds(new Rectangle(Math.round(p.x(i) - p.width(i) / 2), Math.round(p.y(i) - p.height(i) / 2),
                    Math.round(p.width(i)), Math.round(p.height(i))));
            box.setBackgroundColor(colour(display, colours, g.isSwitch(i) ? Palette.SWITCH : Palette.HOST));
            box.setForegroundColor(colour(display, colours, Palette.OUTLINE));
            root.add(box);
            if (g.isSwitch(i)) {
                Label label = new Label(g.name(i));
                label.setBounds(new Rectangle(Math.round(p.x(i) - 40), Math.round(p.y(i) + p.height(i) / 2 + 2), 80,
                        14));
                root.add(label);
            }
        }
        return root;
    }

    private static Color colour(Display display, Map<Integer, Color> colours, int rgb) {
        return colours.computeIfAbsent(rgb, c -> new Color(display, c >> 16 & 0xff, c >> 8 & 0xff, c & 0xff));
    }

    private static void white(GC gc, Display display) {
        // ScaledGraphics disposes the zoomed fonts it set on the GC: each frame starts from the system font
        gc.setFont(display.getSystemFont());
        // and from no clip and no transform (Draw2d's graphics leave theirs on the GC)
        gc.setClipping((org.eclipse.swt.graphics.Rectangle) null);
        gc.setTransform(null);
        gc.setLineWidth(1);
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(0, 0, W, H);
    }

    private static int saved;

    /** Saves the image as it is, to look at what each side drew. */
    private static void save(Image image) {
        String dir = System.getProperty("bench.out");
        if (dir == null) {
            return;
        }
        org.eclipse.swt.graphics.ImageLoader loader = new org.eclipse.swt.graphics.ImageLoader();
        loader.data = new org.eclipse.swt.graphics.ImageData[]{image.getImageData()};
        loader.save(dir + "/frame-" + (++saved) + ".png", SWT.IMAGE_PNG);
    }

    /** @return p50 and p95 of a frame's time, in ms, after 5 frames of warm-up */
    private static double[] frames(Runnable frame) {
        for (int i = 0; i < 5; i++) {
            frame.run();
        }
        long[] t = new long[FRAMES];
        for (int i = 0; i < FRAMES; i++) {
            long t0 = System.nanoTime();
            frame.run();
            t[i] = System.nanoTime() - t0;
        }
        Arrays.sort(t);
        return new double[]{t[FRAMES / 2] / 1e6, t[(int) Math.ceil(FRAMES * 0.95) - 1] / 1e6};
    }

    private static long heap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    /** The view's graph of a generated topology (as the model would hold it after a sweep: every link Active). */
    private static TopoGraph graph(Topology t) {
        int n = t.nodes().size();
        long[] guid = new long[n];
        byte[] kind = new byte[n];
        String[] name = new String[n];
        int[] lid = new int[n];
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            var node = t.nodes().get(i);
            guid[i] = node.nodeGuid();
            kind[i] = node.isSwitch() ? TopoGraph.SWITCH : TopoGraph.CA;
            name[i] = node.name();
            lid[i] = i + 1;
            index.put(node.name(), i);
        }
        int m = t.links().size();
        int[] la = new int[m];
        int[] lb = new int[m];
        int[] pa = new int[m];
        int[] pb = new int[m];
        List<String> info = new ArrayList<>();
        for (int l = 0; l < m; l++) {
            var link = t.links().get(l);
            la[l] = index.get(link.a());
            lb[l] = index.get(link.b());
            pa[l] = link.portA();
            pb[l] = link.portB();
            info.add("");
        }
        return new TopoGraph("ft3", guid, kind, name, lid, la, lb, pa, pb, new byte[m], new boolean[m],
                info.toArray(String[]::new), new HashMap<>(), new HashMap<>());
    }
}
