package org.infiniscope.ui.topology.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.UiTopics;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.infiniscope.ui.topology.internal.path.FabricTransports;
import org.infiniscope.ui.topology.internal.path.PathTracer;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * Runs path traces in a background job (one at a time: a new request cancels the one under way) and hands the
 * result to the part on the UI thread.
 */
final class PathTraces {

    private final TopologyPart part;
    private Job running;

    PathTraces(TopologyPart part) {
        this.part = part;
    }

    void trace(TopoGraph graph, UiTopics.PathRequest request) {
        cancel();
        BundleContext context = FrameworkUtil.getBundle(PathTraces.class).getBundleContext();
        String fabric = ShownFabric.specification(context);
        String noFabric = ShownFabric.whyNoLiveFabric(fabric);
        if (noFabric != null) {
            part.pathFailed(noFabric);
            return;
        }
        Job job = Job.create("Tracing a path", (IProgressMonitor monitor) -> {
            String failure;
            try (MadTransport transport = new FabricTransports(context).open(fabric)) {
                PathTracer.Route route = new PathTracer(transport, graph).trace(request.from().nodeGuid(),
                        request.from().port(), request.to().nodeGuid(), request.to().port());
                List<FabricRef.LinkRef> links = new ArrayList<>();
                for (int l : route.links()) {
                    links.add(new FabricRef.LinkRef(new FabricRef.PortRef(graph.guid(graph.linkA(l)), graph.portA(l)),
                            new FabricRef.PortRef(graph.guid(graph.linkB(l)), graph.portB(l))));
                }
                Set<Long> nodes = new LinkedHashSet<>();
                StringBuilder text = new StringBuilder("Path: ");
                for (int k = 0; k < route.nodes().size(); k++) {
                    int n = route.nodes().get(k);
                    nodes.add(graph.guid(n));
                    text.append(k == 0 ? "" : " → ").append(graph.name(n));
                }
                text.append(" (").append(links.size()).append(" hops, ").append(route.lfts())
                        .append(" LFT blocks read)");
                if (!monitor.isCanceled()) {
                    asyncExec(() -> part.pathTraced(links, nodes, text.toString()));
                }
                return Status.OK_STATUS;
            } catch (IOException e) {
                failure = "the fabric " + fabric + " cannot be opened: " + e.getMessage();
            } catch (PathTracer.TraceException e) {
                failure = e.getMessage();
            }
            String why = failure;
            if (!monitor.isCanceled()) {
                asyncExec(() -> part.pathFailed(why));
            }
            return Status.OK_STATUS;
        });
        running = job;
        job.schedule();
    }

    private void asyncExec(Runnable r) {
        var display = part.display();
        if (display != null && !display.isDisposed()) {
            display.asyncExec(r);
        }
    }

    void cancel() {
        if (running != null) {
            running.cancel();
            running = null;
        }
    }
}
