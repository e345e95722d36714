package org.infiniscope.perf.internal;

import java.time.Duration;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.perf.LinkStats;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.SweepSummary;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** {@code perf}: one sweep of every port's counters, printed as a table or JSON. */
@Component(service = ConsoleTool.class)
public final class PerfTool implements ConsoleTool {

    /** The framework property the launcher puts {@code --fabric} in. */
    static final String FABRIC_PROPERTY = "infiniscope.fabric";

    private final String defaultFabric;
    private final PerfManager manager;
    private final FabricAccess access;

    @Activate
    public PerfTool(BundleContext context, @Reference Discovery discovery, @Reference PerfManager manager) {
        this(context.getProperty(FABRIC_PROPERTY), discovery, manager);
    }

    PerfTool(String defaultFabric, Discovery discovery, PerfManager manager) {
        this.defaultFabric = defaultFabric;
        this.manager = manager;
        this.access = new FabricAccess(discovery);
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        access.add(provider, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        access.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests: a provider with ranking 0. */
    void provide(ChannelProvider provider, long serviceId) {
        access.add(provider, 0, serviceId);
    }

    FabricAccess access() {
        return access;
    }

    String defaultFabric() {
        return defaultFabric;
    }

    @Override
    public String name() {
        return "perf";
    }

    @Override
    public String summary() {
        return "sweep every port's performance counters once: 64-bit totals, errors, utilisation";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope perf [--fabric F] [--json] [--links | --nodes] [--top METRIC [-n N]] [-o WINDOW]
                                        [-t MS] [--reset-near-saturation] [--shared]
                  --fabric F              sim, umad, umad:CA:PORT or ibsim:SOCKET[@NODE]
                  --json                  one JSON object: the sweep, every port, the rules broken (and the
                                          links or nodes when asked for)
                  --links                 one line a link, its two ends together (rates each way, errors, BER)
                  --nodes                 one line a node, its ports summed
                  --top METRIC            the ports (with --links: links) highest in METRIC: utilisation,
                                          xmit_bytes, rcv_bytes, congestion, errors, symbol_ber, fec_ber
                  -n N                    how many --top lists (default 10)
                  -o WINDOW               PMA queries in flight (default 64)
                  -t MS                   time-out of each attempt in ms (default 1000)
                  --reset-near-saturation clear a port's PortCounters when one passes 3/4 of its maximum
                  --shared                sweep the runtime's own performance manager (the one its poller,
                                          perf:status, /metrics and the REST API read) and print its totals and
                                          rates since its last sweep; without it the command reads the counters
                                          into a manager of its own and prints them as they are now
                Exit status 1 when a node did not answer.""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        String fabric = defaultFabric;
        boolean json = false;
        int window = PollOptions.DEFAULT.inFlight();
        Duration timeout = PollOptions.DEFAULT.timeout();
        boolean reset = false;
        boolean sharedManager = false;
        boolean links = false;
        boolean nodes = false;
        Metric top = null;
        int n = 10;
        List<String> args = invocation.args();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fabric" -> fabric = value(args, ++i, a);
                case "--json" -> json = true;
                case "-o" -> window = positive(value(args, ++i, a), a);
                case "-t" -> timeout = Duration.ofMillis(positive(value(args, ++i, a), a));
                case "--reset-near-saturation" -> reset = true;
                case "--shared" -> sharedManager = true;
                case "--links" -> links = true;
                case "--nodes" -> nodes = true;
                case "--top" -> top = metric(value(args, ++i, a));
                case "-n" -> n = positive(value(args, ++i, a), a);
                default -> throw new UsageException("unknown argument '" + a + "'");
            }
        }
        if (links && nodes) {
            throw new UsageException("--links and --nodes go one at a time");
        }
        if (nodes && top != null) {
            throw new UsageException("--top lists ports or links, not nodes");
        }
        PollOptions options = new PollOptions(window, timeout, reset);
        // a manager of this command's own: it prints the counters as they are read now, the same in a runtime of its
        // own, in the one-shot daemon (which serves many commands from one runtime) and in the shell; the shared
        // manager stays the poller's and perf:sweep's
        PerfManager run = !sharedManager && manager instanceof PerfManagerImpl shared
                ? shared.forOneCommand()
                : manager;
        SweepSummary summary;
        try {
            summary = access.sweep(fabric, run, options);
        } catch (FabricAccess.Failure e) {
            invocation.err().println("infiniscope perf: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            invocation.err().println("infiniscope perf: interrupted");
            return ExitStatus.FAILURE;
        }
        if (json) {
            List<LinkStats> linkList = top != null && links ? run.topLinks(top, n) : links ? run.links() : null;
            List<PortStats> ports = top != null && !links ? run.top(top, n) : run.ports();
            invocation.out().print(PerfReport.json(summary, ports, run.events(), linkList, nodes ? run.nodes() : null));
        } else {
            if (top != null && links) {
                invocation.out().print(PerfReport.links(run.topLinks(top, n)));
            } else if (top != null) {
                invocation.out().print(PerfReport.top(top, run.top(top, n)));
            } else if (links) {
                invocation.out().print(PerfReport.links(run.links()));
            } else if (nodes) {
                invocation.out().print(PerfReport.nodes(run.nodes()));
            } else {
                invocation.out().print(PerfReport.table(run.ports()));
                invocation.out().print(VendorCounterText.table(run.vendorCounters()));
            }
            invocation.out().print(PerfReport.summary(summary));
        }
        invocation.out().flush();
        return summary.unreachable().isEmpty() ? ExitStatus.OK : ExitStatus.FAILURE;
    }

    static Metric metric(String name) throws UsageException {
        try {
            return Metric.valueOf(name.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("no metric '" + name + "': utilisation, xmit_bytes, rcv_bytes, congestion,"
                    + " errors, symbol_ber or fec_ber");
        }
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int positive(String text, String option) throws UsageException {
        try {
            int v = Integer.parseInt(text);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " takes a number above 0, not '" + text + "'");
    }
}
