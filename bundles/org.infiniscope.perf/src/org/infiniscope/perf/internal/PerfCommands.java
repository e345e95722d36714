package org.infiniscope.perf.internal;

import java.util.Locale;

import org.infiniscope.console.UsageException;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.PortStats;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The Gogo commands {@code perf:status}, {@code perf:sweep [FABRIC]}, {@code perf:top [METRIC] [N]},
 * {@code perf:errors}, {@code perf:clear}, {@code perf:metrics}, {@code perf:links}, {@code perf:nodes} and {@code perf:vendor}, on the
 * manager the runtime holds.
 */
@Component(service = PerfCommands.class, property = {"osgi.command.scope=perf", "osgi.command.function=status",
        "osgi.command.function=sweep", "osgi.command.function=top", "osgi.command.function=errors",
        "osgi.command.function=clear", "osgi.command.function=metrics", "osgi.command.function=links",
        "osgi.command.function=nodes", "osgi.command.function=vendor"})
public final class PerfCommands {

    private final PerfManager manager;
    private final PerfTool tool;

    @Activate
    public PerfCommands(@Reference PerfManager manager,
            @Reference(target = "(component.name=org.infiniscope.perf.internal.PerfTool)") org.infiniscope.console.ConsoleTool tool) {
        this.manager = manager;
        this.tool = (PerfTool) tool;
    }

    /** @return the last sweep and how many ports are known, with errors, saturated or unreachable */
    public String status() {
        var ports = manager.ports();
        long errors = ports.stream().filter(p -> p.errorDelta() > 0).count();
        long saturated = ports.stream().filter(p -> !p.saturated().isEmpty()).count();
        long down = ports.stream().filter(p -> !p.reachable()).count();
        return manager.lastSweep().map(PerfReport::summary).orElse("No sweep yet\n") + String.format(Locale.ROOT,
                "%d ports: %d with new errors, %d saturated, %d unreachable; %d rules broken%n", ports.size(), errors,
                saturated, down, manager.events().size());
    }

    /** Sweeps the default fabric. */
    public String sweep() throws UsageException, InterruptedException {
        return sweep(tool.defaultFabric());
    }

    /** Sweeps a fabric. */
    public String sweep(String fabric) throws UsageException, InterruptedException {
        try {
            return PerfReport.summary(tool.access().sweep(fabric, manager, PollOptions.DEFAULT));
        } catch (FabricAccess.Failure e) {
            return "perf:sweep: " + e.getMessage() + "\n";
        }
    }

    /** @return the ten most utilised ports */
    public String top() {
        return top("utilisation", 10);
    }

    /** @return the {@code n} ports highest in a metric (utilisation, xmit_bytes, rcv_bytes, congestion, errors) */
    public String top(String metric, int n) {
        Metric m;
        try {
            m = Metric.valueOf(metric.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return "perf:top: no metric '" + metric
                    + "' (utilisation, xmit_bytes, rcv_bytes, congestion, errors, symbol_ber, fec_ber)\n";
        }
        StringBuilder out = new StringBuilder();
        for (PortStats s : manager.top(m, n)) {
            out.append(String.format(Locale.ROOT, "%-32s %4d %5d %s=%.3f%n", s.nodeName(), s.key().port(), s.lid(),
                    metric, m.of(s)));
        }
        return out.toString();
    }

    /** @return every link, its two ends together */
    public String links() {
        return PerfReport.links(manager.links());
    }

    /** @return every node, its ports summed */
    public String nodes() {
        return PerfReport.nodes(manager.nodes());
    }

    /** @return the rules broken in the last sweep */
    public String errors() {
        return PerfReport.events(manager.events());
    }

    /** @return every port in Prometheus' text format, as a scrape of {@code /metrics} would get it */
    public String metrics() throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        PerfMetrics.write(manager.ports(), PerfMetrics.writer(null), out);
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** @return what the vendors' counter sets read in the last sweep */
    public String vendor() {
        return VendorCounterText.table(manager.vendorCounters());
    }

    /** Forgets totals and history (not the hardware counters). */
    public String clear() {
        manager.clear();
        return "cleared\n";
    }
}
