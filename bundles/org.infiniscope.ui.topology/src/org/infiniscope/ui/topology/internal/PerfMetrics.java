package org.infiniscope.ui.topology.internal;

import java.util.HashMap;
import java.util.Map;

import org.infiniscope.perf.Metric;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.ui.topology.internal.graph.TopoGraph;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * Error counts and utilisation per link, from the performance manager's last poll: the worse of the link's two
 * ends. Only this class names the perf bundle's types, whose import is optional: without that bundle the view
 * still draws, with "no counters".
 */
final class PerfMetrics {

    private PerfMetrics() {
    }

    /**
     * @param errors errors (else utilisation)
     * @return per link, NaN where no end has counters; null when no performance manager is running
     */
    static double[] of(TopoGraph g, boolean errors) {
        try {
            return read(g, errors);
        } catch (NoClassDefFoundError e) {
            return null; // org.infiniscope.perf is not installed
        }
    }

    private static double[] read(TopoGraph g, boolean errors) {
        BundleContext context = FrameworkUtil.getBundle(PerfMetrics.class).getBundleContext();
        if (context == null) {
            return null;
        }
        ServiceReference<PerfManager> ref = context.getServiceReference(PerfManager.class);
        if (ref == null) {
            return null;
        }
        PerfManager perf = context.getService(ref);
        if (perf == null) {
            return null;
        }
        try {
            Map<PortKey, PortStats> stats = new HashMap<>();
            for (PortStats s : perf.ports()) {
                stats.put(s.key(), s);
            }
            Metric metric = errors ? Metric.ERRORS : Metric.UTILISATION;
            double[] values = new double[g.linkCount()];
            for (int l = 0; l < values.length; l++) {
                PortStats a = stats.get(new PortKey(g.guid(g.linkA(l)), g.portA(l)));
                PortStats b = stats.get(new PortKey(g.guid(g.linkB(l)), g.portB(l)));
                double va = a == null ? Double.NaN : metric.of(a);
                double vb = b == null ? Double.NaN : metric.of(b);
                values[l] = Double.isNaN(va) ? vb : Double.isNaN(vb) ? va : Math.max(va, vb);
            }
            return values;
        } finally {
            context.ungetService(ref);
        }
    }
}
