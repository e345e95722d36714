package org.infiniscope.diag.internal;

import org.infiniscope.diag.counters.Thresholds;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.Optional;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.diag.counters.PortCountersService;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMapException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code errors}: sweep the fabric, read every port's PortCounters and print those above threshold, as
 * ibqueryerrors; the exit status is 1 when a port has errors beyond threshold.
 */
@Component(service = ConsoleTool.class)
public final class ErrorsTool implements ConsoleTool {

    /** The framework property holding the folder the user ran {@code ./infiniscope} in. */
    static final String CWD_PROPERTY = "infiniscope.cwd";

    private final String defaultFabric;
    private final String cwd;
    private final Discovery discovery;
    private final PortCountersService counters;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public ErrorsTool(BundleContext context, @Reference Discovery discovery, @Reference PortCountersService counters) {
        this(context.getProperty(SmpQueryTool.FABRIC_PROPERTY), context.getProperty(CWD_PROPERTY), discovery, counters);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    ErrorsTool(String defaultFabric, String cwd, Discovery discovery, PortCountersService counters) {
        this.defaultFabric = defaultFabric;
        this.cwd = cwd;
        this.discovery = discovery;
        this.counters = counters;
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        channels.add(provider, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        channels.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests: a provider with ranking 0. */
    void provide(ChannelProvider provider, long serviceId) {
        channels.add(provider, 0, serviceId);
    }

    @Override
    public String name() {
        return "errors";
    }

    @Override
    public String summary() {
        return "sweep the fabric and report every port's error counters above threshold, as ibqueryerrors";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope errors [--fabric F] [-s LIST] [-c] [--threshold-file FILE] [--data] [-r] [--counters]
                                          [-k] [-K] [--switch] [--ca] [--router] [-o N] [-t MS] [--retries N] [--json]
                  -s, --suppress LIST     do not report these counters (comma-separated PortCounters names)
                  -c, --suppress-common   do not report PortRcvSwitchRelayErrors
                  --threshold-file FILE   NAME=VALUE lines: report a counter only above VALUE
                  --node-name-map FILE    names for nodes: lines of GUID "name", as the diags read them
                                          (default: /etc/infiniband-diags/error_thresholds when it exists)
                  --data                  also the data counters of ports with errors
                  -r, --report-port       the link of each port reported (width, speed, state, peer)
                  --counters              only the data counters, of every port
                  -k, --clear-errors      clear the error counters after reading them
                  -K, --clear-counts      clear the data counters after reading them
                  --switch, --ca, --router  only nodes of these types
                  --fabric F              sim[...], umad, umad:CA:PORT or ibsim:SOCKET[@NODE]
                  -o N                    SMPs in flight during the sweep (default 16)
                  -t MS                   time-out of each attempt in ms (default 1000)
                  --retries N             sweep retries before a port is unreachable (default 3)
                  --json                  the same report as one JSON object
                Exit status 1 when a port has errors beyond threshold.""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        ErrorsArgs args = ErrorsArgs.parse(invocation.args());
        PrintWriter err = invocation.err();
        Thresholds thresholds = thresholds(args, cwd, err);
        NodeNames names;
        try {
            names = NodeNames.load(cwd, args.nodeNameMap());
        } catch (IOException e) {
            err.println("infiniscope errors: cannot read the node-name map: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (NodeNameMapException e) {
            err.println("infiniscope errors: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        String fabric = args.fabric() != null ? args.fabric() : defaultFabric;
        if (fabric == null || fabric.isBlank()) {
            throw new UsageException("no fabric: give --fabric " + FabricChannels.CHOICES
                    + " (or set INFINISCOPE_FABRIC for ./infiniscope)");
        }
        Optional<ChannelProvider> provider = channels.providerFor(fabric);
        if (provider.isEmpty()) {
            throw new UsageException("unknown fabric '" + fabric + "': expected " + FabricChannels.CHOICES
                    + " (no installed provider handles it)");
        }
        String prefix = "infiniscope errors: ";
        MadChannel channel;
        try {
            channel = provider.get().open(fabric);
        } catch (IOException e) {
            err.println(prefix + "cannot open fabric '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        int window = args.sweep().window();
        MadTransport transport;
        try {
            // directed-route SMPs all go to the permissive LID: the per-destination window must not throttle them
            transport = MadTransports.over(channel, new TransportConfig(window, window));
        } catch (IOException | RuntimeException e) {
            channel.close();
            err.println(prefix + "cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        try (transport) {
            if (transport.localPort().lid() == 0) {
                err.println(prefix + "this port has no LID: no SM has configured the fabric, and the counters are"
                        + " read with LID-routed MADs");
                return ExitStatus.FAILURE;
            }
            FabricSnapshot snapshot = discovery.sweep(transport, args.sweep());
            // the PMA queries go out ahead, many in flight; the report is then written in ibqueryerrors' order
            PortCounterReader reader = Prefetch.of(counters.over(transport, args.timeout()), window, snapshot, args,
                    thresholds);
            Errors errors = new Errors(reader, args, thresholds, err, names);
            int bad = errors.run(snapshot);
            invocation.out().print(args.json() ? errors.json() : errors.text());
            invocation.out().flush();
            return bad != 0 ? ExitStatus.FAILURE : ExitStatus.OK;
        } catch (IOException e) {
            err.println(prefix + "cannot read the local port: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (DiscoveryException e) {
            err.println(prefix + "discover failed: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(prefix + "interrupted");
            return ExitStatus.FAILURE;
        }
    }

    /** The threshold file given (which must be readable), else ibqueryerrors' default when it exists. */
    private static Thresholds thresholds(ErrorsArgs args, String cwd, PrintWriter err) throws UsageException {
        Thresholds thresholds;
        if (args.thresholdFile() != null) {
            java.nio.file.Path file = cwd == null
                    ? args.thresholdFile()
                    : java.nio.file.Path.of(cwd).resolve(args.thresholdFile());
            try {
                thresholds = Thresholds.read(file);
            } catch (IOException e) {
                throw new UsageException("--threshold-file " + file + ": cannot read it ("
                        + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
            }
        } else if (Files.isReadable(Thresholds.DEFAULT_FILE)) {
            try {
                thresholds = Thresholds.read(Thresholds.DEFAULT_FILE);
            } catch (IOException e) {
                err.println(
                        "infiniscope errors: " + Thresholds.DEFAULT_FILE + ": " + e.getMessage() + "; no thresholds");
                thresholds = Thresholds.NONE;
            }
        } else {
            thresholds = Thresholds.NONE;
        }
        thresholds.warnings().forEach(w -> err.println("infiniscope errors: " + w));
        return thresholds;
    }
}
