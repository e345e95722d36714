package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import javax.xml.parsers.DocumentBuilderFactory;

import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.e4.core.services.events.IEventBroker;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.e4.ui.workbench.IWorkbench;
import org.eclipse.e4.ui.workbench.modeling.EModelService;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.fabric.UiTopics;
import org.infiniscope.ui.tests.bot.UiBot;
import org.infiniscope.ui.topology.TopologyView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;
import org.w3c.dom.Document;

/**
 * The topology part on the simulator's 432-host 3-level fat tree ({@code sim:ft3:12}, the shared ft3-432.net):
 * drawn as tiers, selection both ways, a path traced from the LFTs the runtime's SM programmed, export, and the
 * time to a drawn topology and the pan/zoom frame times (printed; the 3,456-host fat tree with
 * {@code -Dinfiniscope.ui.large=true}).
 */
class TopologyUiTest {

    private static final String WIDGET_ID = "org.infiniscope.ui.widgetId";
    private static final String FT3_432 = "sim:ft3:12";
    private static final int FT3_432_NODES = 432 + 180;
    private static final Duration OPEN = Duration.ofSeconds(180);

    private static UiBot bot;
    private static Shell window;
    private static FabricConnection connection;
    private static FabricModelService model;
    private static TopologyView view;
    private static Canvas canvas;
    private static long openMillis;
    private static long sweepMillis;
    private static Path screenshot;

    @BeforeAll
    static void openTheFatTree() throws Exception {
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
        bot.run(() -> window.setSize(1280, 800));
        connection = service(FabricConnection.class);
        model = service(FabricModelService.class);
        canvas = bot.waitFor("the topology canvas",
                () -> UiBot.findAll(window, Canvas.class, c -> "topology.canvas".equals(c.getData(WIDGET_ID))).stream()
                        .findFirst().orElse(null),
                UiBot.TIMEOUT);
        view = bot.call(() -> (TopologyView) canvas.getData(TopologyView.DATA_KEY));
        long t0 = System.nanoTime();
        connection.connect(FT3_432).get(OPEN.toSeconds(), TimeUnit.SECONDS);
        long t1 = System.nanoTime();
        TopologyView.Shown shown = drawn(FT3_432_NODES);
        sweepMillis = (t1 - t0) / 1_000_000;
        openMillis = (shown.drawnNanos() - t0) / 1_000_000;
        System.out.printf(Locale.ROOT,
                "topology %s: open to drawn %d ms (connect and sweep %d ms, layout %d ms), %d nodes, %d links%n",
                FT3_432, openMillis, sweepMillis, shown.layoutMillis(), shown.nodes(), shown.links());
        // the runtime's SM gives the ports LIDs and takes the links to Active; the connection's next sweep brings
        // that into the model (the path test needs the LIDs, the screenshot shows the links up)
        long deadline = System.nanoTime() + OPEN.toNanos();
        while (!hasLids() || !allActive()) {
            assertTrue(System.nanoTime() < deadline, "the SM gave every CA port a LID and took every link to Active");
            connection.resweep().get(OPEN.toSeconds(), TimeUnit.SECONDS);
        }
        bot.waitUntil("the view to draw every link Active", () -> {
            TopologyView.Shown s = view.shown();
            return s.drawnNanos() != 0 && s.activeLinks() == s.links();
        });
        bot.run(view::fit);
        screenshot = bot.screenshot(window, "topology-ft3-432");
    }

    /** @return what the view shows once it drew a fabric of this many nodes */
    private static TopologyView.Shown drawn(int nodes) {
        return bot.waitFor("a drawn topology of " + nodes + " nodes", () -> {
            TopologyView.Shown s = view.shown();
            return s.nodes() == nodes && s.drawnNanos() != 0 ? s : null;
        }, OPEN);
    }

    private static <T> T service(Class<T> type) throws Exception {
        BundleContext context = FrameworkUtil.getBundle(TopologyUiTest.class).getBundleContext();
        Bundle provider = FrameworkUtil.getBundle(type);
        if (provider != null && provider.getState() != Bundle.ACTIVE) {
            provider.start();
        }
        ServiceTracker<T, T> tracker = new ServiceTracker<>(context, type, null);
        tracker.open();
        try {
            T service = tracker.waitForService(30_000);
            assertNotNull(service, type.getName() + " is registered");
            return service;
        } finally {
            tracker.close();
        }
    }

    private static IEclipseContext windowContext() throws Exception {
        IWorkbench workbench = service(IWorkbench.class);
        return bot.call(() -> workbench.getApplication().getSelectedElement().getContext());
    }

    private static long guid(String name) {
        return model.read(f -> f.getNodes().stream().filter(n -> name.equals(n.getDescription())).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name)).getNodeGuid());
    }

    @Test
    void theFatTreeIsDrawnAsTiersAndTheScreenshotShowsIt() throws Exception {
        TopologyView.Shown shown = bot.call(view::shown);
        assertEquals("TIERS", shown.layout());
        assertEquals(FT3_432_NODES, shown.drawnNodes(), "432 hosts are drawn themselves, not folded");
        assertEquals(false, shown.aggregated());
        assertTrue(Files.size(screenshot) > 20_000, "screenshot too small to show anything: " + screenshot);
    }

    @Test
    void aNodeSelectedElsewhereIsHighlightedHereAndAClickHereSelectsForTheOthers() throws Exception {
        IEclipseContext windowContext = windowContext();
        long host = guid("h00200");
        MPart console = bot.call(() -> (MPart) windowContext.get(EModelService.class).find(UiIds.PART_CONSOLE,
                windowContext.get(org.eclipse.e4.ui.model.application.ui.basic.MWindow.class)));
        bot.run(() -> {
            windowContext.get(EPartService.class).activate(console);
            console.getContext().get(ESelectionService.class)
                    .setSelection(new FabricSelection(List.of(new FabricRef.PortRef(host, 1)), UiIds.PART_CONSOLE));
        });
        bot.waitUntil("the topology to highlight h00200", () -> view.shown().selected().equals(List.of(host)));

        // find a leaf: the view selects it, reveals it in the middle of the canvas, and tells the other views
        long leaf = guid("p05leaf03");
        assertTrue(bot.call(() -> view.find("p05leaf03")));
        bot.waitUntil("the window's selection to be p05leaf03",
                () -> windowContext.get(IServiceConstants.ACTIVE_SELECTION) instanceof FabricSelection s
                        && s.first().equals(new FabricRef.NodeRef(leaf)) && UiIds.PART_TOPOLOGY.equals(s.source()));
        // another view selects the leaf again (the view keeps it in the middle), then a real click on it
        bot.run(() -> {
            windowContext.get(EPartService.class).activate(console);
            console.getContext().get(ESelectionService.class)
                    .setSelection(new FabricSelection(List.of(new FabricRef.NodeRef(leaf)), UiIds.PART_CONSOLE));
        });
        bot.waitUntil("the console's selection to arrive",
                () -> windowContext.get(IServiceConstants.ACTIVE_SELECTION) instanceof FabricSelection s
                        && UiIds.PART_CONSOLE.equals(s.source()));
        Point centre = bot.call(() -> {
            Rectangle area = canvas.getClientArea();
            return new Point(area.width / 2, area.height / 2);
        });
        click(centre);
        bot.waitUntil("a click on the leaf to select it for the other views",
                () -> windowContext.get(IServiceConstants.ACTIVE_SELECTION) instanceof FabricSelection s
                        && UiIds.PART_TOPOLOGY.equals(s.source()) && s.first().equals(new FabricRef.NodeRef(leaf)));
    }

    /** A left click at a point of the canvas, as SWT delivers it to the canvas's listeners. */
    private static void click(Point at) {
        for (int type : new int[]{SWT.MouseDown, SWT.MouseUp}) {
            bot.run(() -> {
                Event e = new Event();
                e.type = type;
                e.button = 1;
                e.x = at.x;
                e.y = at.y;
                e.stateMask = type == SWT.MouseUp ? SWT.BUTTON1 : 0;
                canvas.notifyListeners(type, e);
            });
        }
    }

    @Test
    void aPathAskedForByAnotherViewIsTracedHopByHopFromTheSwitchesLfts() throws Exception {
        long from = guid("h00001");
        long to = guid("h00432");
        assertTrue(hasLids(), "every CA port has a LID");
        IEclipseContext windowContext = windowContext();
        bot.run(() -> windowContext.get(IEventBroker.class).post(UiTopics.PATH_SHOW,
                new UiTopics.PathRequest(new FabricRef.PortRef(from, 1), new FabricRef.PortRef(to, 1))));
        TopologyView.Shown shown = bot.waitFor("the path to be highlighted", () -> {
            TopologyView.Shown s = view.shown();
            return s.path().isEmpty() && !s.message().startsWith("No path") ? null : s;
        }, OPEN);
        assertEquals(6, shown.path().size(), "host, leaf, aggregation, core, aggregation, leaf, host: " + shown);
        assertTrue(shown.message().contains("LFT blocks read"), shown.message());
        FabricRef.LinkRef first = shown.path().getFirst();
        FabricRef.LinkRef last = shown.path().getLast();
        assertTrue(first.a().nodeGuid() == from || first.b().nodeGuid() == from, "starts at h00001");
        assertTrue(last.a().nodeGuid() == to || last.b().nodeGuid() == to, "ends at h00432");
        for (int k = 1; k < shown.path().size(); k++) {
            FabricRef.LinkRef p = shown.path().get(k - 1);
            FabricRef.LinkRef q = shown.path().get(k);
            assertTrue(List.of(p.a().nodeGuid(), p.b().nodeGuid()).contains(q.a().nodeGuid())
                    || List.of(p.a().nodeGuid(), p.b().nodeGuid()).contains(q.b().nodeGuid()), "hops join");
        }
        bot.screenshot(window, "topology-path");
    }

    private static boolean hasLids() {
        return model.read(f -> f.getNodes().stream().filter(n -> n.getType() == NodeType.CA)
                .allMatch(n -> n.getPorts().stream().filter(p -> p.getNumber() > 0).allMatch(TopologyUiTest::hasLid)));
    }

    private static boolean allActive() {
        return model.read(f -> f.getLinks().stream().allMatch(
                l -> l.getEndA().getState() == PortState.ACTIVE && l.getEndB().getState() == PortState.ACTIVE));
    }

    private static boolean hasLid(Port p) {
        return p.getLid() != 0;
    }

    @Test
    void exportWritesTheWholeFabricAsPngAndSvg() throws Exception {
        Path folder = Path.of(System.getProperty("infiniscope.screenshots", "target/screenshots"));
        Files.createDirectories(folder);
        Path png = folder.resolve("topology-export.png");
        Path svg = folder.resolve("topology-export.svg");
        Files.deleteIfExists(png);
        Files.deleteIfExists(svg);
        int canvasWidth = bot.call(() -> canvas.getClientArea().width);
        TopologyView.Shown shown = bot.call(() -> {
            try {
                view.export(png);
                view.export(svg);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            return view.shown();
        });
        ImageData image = new ImageData(png.toString());
        assertTrue(image.width > canvasWidth, "the whole fabric, not the window: " + image.width + " px");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(Files.readAllBytes(svg)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        int lines = doc.getElementsByTagName("line").getLength();
        assertTrue(lines >= shown.links(), lines + " lines for " + shown.links() + " links (and the legend's)");
        assertTrue(doc.getElementsByTagName("text").getLength() >= shown.nodes(), "a label a node");
        assertTrue(Files.readString(svg).contains("p01leaf01"), "labels are there");
    }

    @Test
    void timeToDrawnTopologyAndPanZoomFrameTimes() throws Exception {
        assertTrue(openMillis > 0);
        frames(FT3_432);
        if (!Boolean.getBoolean("infiniscope.ui.large")) {
            System.out.println("topology sim:ft3:24 (3,456 hosts): set -Dinfiniscope.ui.large=true to measure");
            return;
        }
        String large = "sim:ft3:24";
        long t0 = System.nanoTime();
        connection.connect(large).get(OPEN.toSeconds() * 2, TimeUnit.SECONDS);
        long t1 = System.nanoTime();
        TopologyView.Shown shown = drawn(3456 + 720);
        System.out.printf(Locale.ROOT,
                "topology %s: open to drawn %d ms (connect and sweep %d ms, layout %d ms), %d nodes, %d links,"
                        + " %d drawn (hosts folded: %s)%n",
                large, (shown.drawnNanos() - t0) / 1_000_000, (t1 - t0) / 1_000_000, shown.layoutMillis(),
                shown.nodes(), shown.links(), shown.drawnNodes(), shown.aggregated());
        frames(large);
        bot.run(() -> view.setAggregated(false));
        bot.waitUntil("every host drawn",
                () -> view.shown().drawnNodes() == 3456 + 720 && view.shown().drawnNanos() != 0);
        frames(large + " unfolded");
        bot.run(() -> view.setAggregated(true));
        connection.connect(FT3_432).get(OPEN.toSeconds(), TimeUnit.SECONDS);
        drawn(FT3_432_NODES);
    }

    /**
     * Pans and zooms step by step; each step is timed from the request until the canvas painted it (the frame's
     * latency, the display's frame clock included), and the paint itself (what the view's code costs). Prints both
     * and the heap.
     */
    private static void frames(String what) {
        bot.run(view::fit);
        List<Long> panLatency = new ArrayList<>();
        List<Long> panPaint = new ArrayList<>();
        List<Long> zoomLatency = new ArrayList<>();
        List<Long> zoomPaint = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            int dx = i % 2 == 0 ? 30 : -30;
            step(() -> view.panBy(dx, 0), new ArrayList<>(), new ArrayList<>()); // warm-up, not counted
        }
        for (int i = 0; i < 60; i++) {
            int dx = i % 20 < 10 ? 40 : -40;
            step(() -> view.panBy(dx, 7), panLatency, panPaint);
        }
        for (int i = 0; i < 40; i++) {
            double factor = i < 20 ? 1.15 : 1 / 1.15;
            step(() -> view.zoomBy(factor), zoomLatency, zoomPaint);
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        memory.gc();
        long heap = memory.getHeapMemoryUsage().getUsed();
        System.out.printf(Locale.ROOT,
                "topology %s frames: pan p50 %.1f ms p95 %.1f ms (paint p95 %.1f ms); zoom p50 %.1f ms p95 %.1f ms"
                        + " (paint p95 %.1f ms); heap used %.0f MB%n",
                what, pct(panLatency, 50), pct(panLatency, 95), pct(panPaint, 95), pct(zoomLatency, 50),
                pct(zoomLatency, 95), pct(zoomPaint, 95), heap / 1e6);
        assertTrue(panLatency.size() == 60 && zoomLatency.size() == 40);
        bot.run(view::fit);
    }

    /** Runs a step on the UI thread and, still there, dispatches events until the canvas painted it. */
    private static void step(Runnable action, List<Long> latency, List<Long> paint) {
        long[] result = bot.call(() -> {
            long before = view.shown().frames();
            long t0 = System.nanoTime();
            action.run();
            long deadline = t0 + 5_000_000_000L;
            while (view.shown().frames() == before && System.nanoTime() < deadline) {
                if (!bot.display().readAndDispatch()) {
                    bot.display().timerExec(5, () -> {
                    });
                    bot.display().sleep();
                }
            }
            return new long[]{System.nanoTime() - t0, view.shown().lastFrameMicros() * 1000L,
                    view.shown().frames() - before};
        });
        assertTrue(result[2] > 0, "the step was painted");
        latency.add(result[0]);
        paint.add(result[1]);
    }

    private static double pct(List<Long> nanos, int p) {
        long[] sorted = nanos.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(sorted);
        int i = Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1e6;
    }
}
