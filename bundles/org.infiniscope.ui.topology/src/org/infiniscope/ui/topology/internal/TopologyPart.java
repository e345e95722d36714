package org.infiniscope.ui.topology.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.ui.di.Focus;
import org.eclipse.e4.ui.di.UIEventTopic;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricModelListener;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.fabric.UiTopics;
import org.infiniscope.ui.topology.TopologyView;
import org.infiniscope.ui.topology.internal.draw.ColourMode;
import org.infiniscope.ui.topology.internal.draw.DrawList;
import org.infiniscope.ui.topology.internal.draw.Scene;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.infiniscope.ui.topology.internal.layout.Placement;

/**
 * The topology part: the fabric laid out (in a background job) and drawn on a canvas of our own, with a toolbar to
 * fit, fold leaves with their hosts, choose what link colours say, find a node and export the picture. It follows
 * the fabric model, the window's selection (and sets it when a node or link is clicked) and path requests. The
 * toolbar is {@link TopologyToolbar}'s, the layout job {@link BackgroundLayout}'s, the path traces
 * {@link PathTraces}'.
 */
public final class TopologyPart implements TopologyView {

    /** The part's element ID, the source of the selections it makes. */
    public static final String PART_ID = org.infiniscope.ui.UiIds.PART_TOPOLOGY;
    /** The key of a control's widget ID, which the UI tests find it by. */
    static final String WIDGET_ID = "org.infiniscope.ui.widgetId";
    private static final int COUNTERS_MILLIS = 5000;

    private final ESelectionService selectionService;
    private final PathTraces paths;
    private final BackgroundLayout layouts;
    private Display display;
    private TopologyCanvas canvas;
    private Label status;
    private TopologyToolbar toolbar;
    private FabricModelService model;
    private final FabricModelListener modelListener = this::modelChanged;

    // what is shown; read and written on the UI thread only
    private TopoGraph graph;
    private int[] owners;
    private Placement placement;
    private DrawList scene;
    private Boolean aggregateChoice;
    private final Set<Long> unfolded = new HashSet<>();
    private ColourMode mode = ColourMode.STATE;
    private double[] metric;
    private final Set<Long> selected = new LinkedHashSet<>();
    private List<FabricRef.LinkRef> path = List.of();
    private String message = "";
    private long generation;
    private long drawnNanos;
    private long layoutMillis;
    private boolean fitNext = true;
    private boolean revealNext;

    private final EPartService partService;
    private final MPart part;

    @Inject
    public TopologyPart(ESelectionService selectionService, EPartService partService, MPart part) {
        this.selectionService = selectionService;
        this.partService = partService;
        this.part = part;
        this.paths = new PathTraces(this);
        this.layouts = new BackgroundLayout(this);
    }

    @PostConstruct
    public void create(Composite parent) {
        display = parent.getDisplay();
        GridLayoutFactory.fillDefaults().spacing(0, 0).applyTo(parent);
        toolbar = new TopologyToolbar(parent, this);
        status = new Label(parent, SWT.NONE);
        status.setData(WIDGET_ID, "topology.status");
        GridDataFactory.fillDefaults().grab(true, false).indent(6, 0).applyTo(status);
        status.setText(model == null ? "No fabric is connected." : "Waiting for the fabric…");

        canvas = new TopologyCanvas(parent);
        canvas.control().setData(DATA_KEY, this);
        canvas.control().setData(WIDGET_ID, "topology.canvas");
        GridDataFactory.fillDefaults().grab(true, true).applyTo(canvas.control());
        canvas.onPick(this::picked);
        canvas.onPainted(() -> {
            if (drawnNanos == 0 && scene != null) {
                drawnNanos = System.nanoTime();
            }
        });
        if (model != null) {
            requestLayout(true);
        }
    }

    @Focus
    public void focus() {
        if (canvas != null) {
            canvas.control().setFocus();
        }
    }

    /** The fabric model, an OSGi service: the view follows it once it is there. */
    @Inject
    @Optional
    public void setModel(FabricModelService service) {
        if (model == service) {
            return;
        }
        if (model != null) {
            model.removeListener(modelListener);
        }
        model = service;
        if (model != null) {
            model.addListener(modelListener);
            if (canvas != null) {
                requestLayout(true);
            }
        }
    }

    @PreDestroy
    public void dispose() {
        if (model != null) {
            model.removeListener(modelListener);
        }
        paths.cancel();
    }

    private void modelChanged(FabricDelta delta) {
        Display d = display;
        if (d != null && !d.isDisposed()) {
            d.asyncExec(() -> requestLayout(true));
        }
    }

    /** Another view's selection: highlight and reveal what it selected. */
    @Inject
    @Optional
    public void selectionChanged(@Named(IServiceConstants.ACTIVE_SELECTION) FabricSelection selection) {
        if (selection == null || PART_ID.equals(selection.source()) || canvas == null) {
            return;
        }
        selected.clear();
        for (FabricRef ref : selection.items()) {
            switch (ref) {
                case FabricRef.NodeRef n -> selected.add(n.nodeGuid());
                case FabricRef.PortRef p -> selected.add(p.nodeGuid());
                case FabricRef.LinkRef l -> {
                    selected.add(l.a().nodeGuid());
                    selected.add(l.b().nodeGuid());
                }
            }
        }
        if (!unfoldFor(selected)) {
            rescene();
        }
        revealFirstSelected();
    }

    /** A request to show a path: traced in the background from the switches' LFTs. */
    @Inject
    @Optional
    public void showPath(@UIEventTopic(UiTopics.PATH_SHOW) UiTopics.PathRequest request) {
        if (request == null || graph == null) {
            return;
        }
        setMessage("Tracing the path from " + nameOf(request.from().nodeGuid()) + " to "
                + nameOf(request.to().nodeGuid()) + "…");
        paths.trace(graph, request);
    }

    // ---- called by PathTraces on the UI thread

    void pathTraced(List<FabricRef.LinkRef> links, Set<Long> nodes, String text) {
        path = List.copyOf(links);
        setMessage(text);
        if (!unfoldFor(nodes)) {
            rescene();
        }
    }

    void pathFailed(String why) {
        path = List.of();
        setMessage("No path: " + why);
        rescene();
    }

    Display display() {
        return display;
    }

    // ---- layout and scene

    private void requestLayout(boolean reread) {
        if (model == null && reread) {
            return;
        }
        layouts.request(reread ? model : null, graph, aggregateChoice, unfolded, mode);
    }

    /** Shows the newest layout made; called by {@link BackgroundLayout} on the UI thread. */
    void installLayout(TopoGraph g, int[] own, Placement p, boolean agg, double[] values, long millis) {
        if (canvas == null || canvas.control().isDisposed()) {
            return;
        }
        graph = g;
        owners = own;
        placement = p;
        metric = values;
        layoutMillis = millis;
        if (aggregateChoice == null) {
            toolbar.showAggregated(agg);
        }
        boolean fit = fitNext;
        fitNext = false;
        rescene(fit);
        if (revealNext) {
            revealNext = false;
            revealFirstSelected();
        }
        status.setText(
                String.format(Locale.ROOT, "%d nodes, %d links · %s layout in %d ms%s", g.nodeCount(), g.linkCount(),
                        p.kind().name().toLowerCase(Locale.ROOT), millis, message.isEmpty() ? "" : " · " + message));
        status.getParent().layout(new org.eclipse.swt.widgets.Control[]{status});
    }

    private void rescene() {
        rescene(false);
    }

    private void rescene(boolean fit) {
        if (placement == null) {
            return;
        }
        Highlights marks = Highlights.of(graph, placement, selected, path);
        scene = Scene.build(placement, mode, metric, marks.selected(), marks.pathLinks(), marks.pathNodes());
        generation++;
        drawnNanos = 0;
        canvas.show(placement, scene, legend(), fit);
    }

    private DrawList legend() {
        String layout = placement == null
                ? ""
                : "layout: " + placement.kind().name().toLowerCase(Locale.ROOT)
                        + (toolbar.aggregated() ? ", hosts folded" : "");
        return Scene.legend(mode, layout);
    }

    /** Unfolds the leaves that hide any of these nodes; @return whether a new layout was requested. */
    private boolean unfoldFor(Set<Long> guids) {
        if (placement == null) {
            return false;
        }
        boolean changed = false;
        for (long guid : guids) {
            int i = graph.indexOf(guid);
            if (i >= 0 && !placement.visible(i)) {
                changed |= unfolded.add(graph.guid(placement.foldedInto(i)));
            }
        }
        if (changed) {
            revealNext = true;
            requestLayout(false);
        }
        return changed;
    }

    private void revealFirstSelected() {
        if (placement == null || selected.isEmpty()) {
            return;
        }
        int i = graph.indexOf(selected.iterator().next());
        if (i >= 0) {
            canvas.reveal(placement.x(i), placement.y(i), 0.8f);
        }
    }

    private void picked(int node, int link, boolean doubleClick) {
        if (graph == null) {
            return;
        }
        if (node >= 0 && doubleClick && graph.isSwitch(node)) {
            long guid = graph.guid(node);
            if (placement.foldedCount(node) > 0) {
                unfolded.add(guid);
            } else if (!unfolded.remove(guid)) {
                return;
            }
            requestLayout(false);
            return;
        }
        List<FabricRef> items = new ArrayList<>();
        selected.clear();
        if (node >= 0) {
            selected.add(graph.guid(node));
            items.add(new FabricRef.NodeRef(graph.guid(node)));
        } else if (link >= 0) {
            long ga = graph.guid(graph.linkA(link));
            long gb = graph.guid(graph.linkB(link));
            selected.add(ga);
            selected.add(gb);
            items.add(new FabricRef.LinkRef(new FabricRef.PortRef(ga, graph.portA(link)),
                    new FabricRef.PortRef(gb, graph.portB(link))));
            setMessage(graph.name(graph.linkA(link)) + "[" + graph.portA(link) + "] – " + graph.name(graph.linkB(link))
                    + "[" + graph.portB(link) + "]: " + graph.linkInfo(link));
        }
        rescene();
        if (!items.isEmpty()) {
            publish(new FabricSelection(items, PART_ID));
        }
    }

    /** Sets the window's selection: only the active part's selection reaches the other views, so activate this one. */
    private void publish(FabricSelection selection) {
        if (partService.getActivePart() != part) {
            partService.activate(part, false);
        }
        selectionService.setSelection(selection);
    }

    /** Shows a message in the status line (and in what {@link #shown()} says). */
    void setMessage(String text) {
        message = text;
        if (status != null && !status.isDisposed()) {
            status.setText(text);
            status.getParent().layout(new org.eclipse.swt.widgets.Control[]{status});
        }
    }

    private String nameOf(long guid) {
        int i = graph == null ? -1 : graph.indexOf(guid);
        return i < 0 ? String.format("0x%016x", guid) : graph.name(i);
    }

    /** @return whether a picture is drawn, so there is something to export */
    boolean hasScene() {
        return scene != null;
    }

    /** Says in the status line that no node matches what was typed in the find box. */
    void noMatch(String query) {
        status.setText("No node matches \"" + query + "\"");
    }

    // ---- TopologyView

    @Override
    public Shown shown() {
        List<Long> sel = List.copyOf(selected);
        if (graph == null || placement == null) {
            return new Shown(generation, 0, 0, 0, 0, "", false, mode.title(), sel, path, message, layoutMillis,
                    drawnNanos, canvas.frames().count(), canvas.frames().last());
        }
        int active = 0;
        for (int l = 0; l < graph.linkCount(); l++) {
            if (graph.linkState(l) == TopoGraph.ACTIVE) {
                active++;
            }
        }
        return new Shown(generation, graph.nodeCount(), graph.linkCount(), active, placement.visibleCount(),
                placement.kind().name(), toolbar.aggregated(), mode.title(), sel, path, message, layoutMillis,
                drawnNanos, canvas.frames().count(), canvas.frames().last());
    }

    @Override
    public void fit() {
        canvas.fit();
    }

    @Override
    public void zoomBy(double factor) {
        var area = canvas.control().getClientArea();
        canvas.zoomAt(factor, area.width / 2, area.height / 2);
    }

    @Override
    public void panBy(int dx, int dy) {
        canvas.pan(dx, dy);
    }

    @Override
    public boolean find(String query) {
        if (graph == null || query == null || query.isBlank()) {
            return false;
        }
        int i = NodeFinder.find(graph, query.strip());
        if (i < 0) {
            return false;
        }
        long guid = graph.guid(i);
        selected.clear();
        selected.add(guid);
        if (!unfoldFor(selected)) {
            rescene();
            revealFirstSelected();
        }
        publish(new FabricSelection(List.of(new FabricRef.NodeRef(guid)), PART_ID));
        return true;
    }

    @Override
    public void setAggregated(boolean aggregated) {
        aggregateChoice = aggregated;
        toolbar.showAggregated(aggregated);
        unfolded.clear();
        fitNext = true;
        requestLayout(false);
    }

    @Override
    public void setColourMode(String label) {
        for (ColourMode m : ColourMode.values()) {
            if (m.label().equalsIgnoreCase(label)) {
                mode = m;
                toolbar.showMode(m);
                refreshCounters();
                return;
            }
        }
        throw new IllegalArgumentException("no colour mode " + label);
    }

    /**
     * In the errors and utilisation modes: reads the performance manager's last poll (it polls in its own
     * background thread; this only reads what it keeps) and again every {@link #COUNTERS_MILLIS}.
     */
    private void refreshCounters() {
        if (canvas == null || canvas.control().isDisposed()) {
            return;
        }
        metric = mode.needsCounters() && graph != null ? PerfMetrics.of(graph, mode == ColourMode.ERRORS) : null;
        rescene();
        if (mode.needsCounters()) {
            ColourMode now = mode;
            display.timerExec(COUNTERS_MILLIS, () -> {
                if (mode == now) {
                    refreshCounters();
                }
            });
        }
    }

    @Override
    public void export(Path file) throws IOException {
        if (scene == null) {
            throw new IOException("nothing is drawn yet");
        }
        Exporter.export(display, scene, legend(), file);
    }
}
