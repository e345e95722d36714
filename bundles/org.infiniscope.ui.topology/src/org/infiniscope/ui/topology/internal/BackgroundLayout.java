package org.infiniscope.ui.topology.internal;

import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.ui.topology.internal.draw.ColourMode;
import org.infiniscope.ui.topology.internal.graph.GraphBuilder;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.infiniscope.ui.topology.internal.layout.Folding;
import org.infiniscope.ui.topology.internal.layout.Layouts;
import org.infiniscope.ui.topology.internal.layout.Placement;

/**
 * Lays the topology out in a background job: reads the graph from the fabric model (or takes the one shown), folds
 * leaves with their hosts, places the nodes and reads the counters the colour mode needs. The result of the newest
 * request goes to the part on the UI thread; an older request's is dropped.
 */
final class BackgroundLayout {

    private final TopologyPart part;
    private int latest; // UI thread

    BackgroundLayout(TopologyPart part) {
        this.part = part;
    }

    /**
     * Schedules a layout; called on the UI thread.
     *
     * @param model the model to read the graph from again, or null to lay out {@code previous} again
     * @param previous the graph shown, or null
     * @param aggregateChoice whether the operator folds hosts into leaves, or null to fold them in a large fabric
     * @param unfolded the switches the operator unfolded
     * @param mode the colour mode, which may need counters
     */
    void request(FabricModelService model, TopoGraph previous, Boolean aggregateChoice, Set<Long> unfolded,
            ColourMode mode) {
        int request = ++latest;
        Display display = part.display();
        boolean reread = model != null;
        boolean aggregateAuto = aggregateChoice == null;
        boolean aggregate = Boolean.TRUE.equals(aggregateChoice);
        Set<Long> unfoldedNow = Set.copyOf(unfolded);
        Job job = Job.create("Laying out the topology", (IProgressMonitor monitor) -> {
            long t0 = System.nanoTime();
            TopoGraph g = reread ? model.read(f -> GraphBuilder.build(f, previous)) : previous;
            if (g == null || monitor.isCanceled()) {
                return Status.CANCEL_STATUS;
            }
            int[] own = Folding.owners(g);
            boolean agg = aggregateAuto ? g.hostCount() > Folding.AUTO_HOSTS : aggregate;
            int[] folded = Folding.fold(g, own, agg, unfoldedNow);
            Placement p;
            try {
                p = Layouts.layout(g, own, folded);
            } catch (RuntimeException e) {
                display.asyncExec(() -> part.setMessage("The layout failed: " + e));
                return Status.error("layout failed", e);
            }
            double[] values = mode.needsCounters() ? PerfMetrics.of(g, mode == ColourMode.ERRORS) : null;
            long millis = (System.nanoTime() - t0) / 1_000_000;
            if (!display.isDisposed()) {
                display.asyncExec(() -> {
                    if (request == latest) {
                        part.installLayout(g, own, p, agg, values, millis);
                    }
                });
            }
            return Status.OK_STATUS;
        });
        job.setSystem(false);
        job.schedule();
    }
}
