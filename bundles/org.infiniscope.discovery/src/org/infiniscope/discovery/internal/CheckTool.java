package org.infiniscope.discovery.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.console.json.Json;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.CablingPlan;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.CheckOptions;
import org.infiniscope.discovery.check.CheckReport;
import org.infiniscope.discovery.check.FabricChecker;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.topology.NetFiles;
import org.infiniscope.topology.TopologyFormatException;
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
 * {@code check}: sweeps the fabric and runs the fabric checks on it (duplicate GUIDs and LIDs, degraded links, ports
 * stuck in Init or Armed, a cabling plan), as operators run ibdiagnet. Exits 0 when every check passes, 1 when one
 * fails, 2 on bad arguments or an unreadable plan.
 */
@Component(service = ConsoleTool.class)
public final class CheckTool implements ConsoleTool {

    private final String defaultFabric;
    private final Discovery discovery;
    private final FabricChecker checker;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public CheckTool(BundleContext context, @Reference Discovery discovery, @Reference FabricChecker checker) {
        this(context.getProperty(DiscoverTool.FABRIC_PROPERTY), discovery, checker);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    CheckTool(String defaultFabric, Discovery discovery, FabricChecker checker) {
        this.defaultFabric = defaultFabric;
        this.discovery = discovery;
        this.checker = checker;
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
        return "check";
    }

    @Override
    public String summary() {
        return "check the fabric: duplicate GUIDs and LIDs, degraded links, stuck ports, a cabling plan (as ibdiagnet)";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope check [--fabric F] [--checks dup,speed,stuck,plan] [--plan FILE [--by-guid]]
                                         [--wait SECONDS] [--json] [-o N] [-t MS] [--retries N]
                  --checks LIST  the checks to run (default: dup,speed,stuck, and plan when --plan is given)
                                   dup    duplicate node GUIDs, port GUIDs and LIDs (LMC ranges included)
                                   speed  links below the width or speed both ends support
                                   stuck  ports in Init or Armed while their physical link is up
                                   plan   missing, extra and mis-cabled links against --plan
                  --plan FILE    the cabling plan: a topology file (ibnetdiscover's output, or a net file)
                  --by-guid      match the plan's nodes by node GUID instead of by name (NodeDescription)
                  --wait S       sweep again after S seconds: only ports still in Init or Armed are stuck
                  --json         the findings as one JSON object
                  --fabric F     sim[:TOPOLOGY][@NODE[:PORT]], umad, umad:CA:PORT or ibsim:SOCKET[@NODE];
                                 default: the launcher's --fabric
                  -o N           SMPs in flight (default 16)
                  -t MS          time-out of each attempt in ms (default 1000)
                  --retries N    attempts after the first before a port is unreachable (default 3)
                exit status: 0 every check passed, 1 a check failed (or the sweep did), 2 bad arguments or plan""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        CheckArgs args = CheckArgs.parse(invocation.args());
        PrintWriter err = invocation.err();
        String prefix = "infiniscope check: ";
        // the node-name map joins here when it is read: names by node GUID for the fabric and the plan alike
        Map<Long, String> nodeNames = Map.of();
        Optional<CablingPlan> plan = Optional.empty();
        if (args.plan() != null) {
            try {
                plan = Optional.of(CablingPlans.of(NetFiles.read(args.plan()), nodeNames));
            } catch (IOException | TopologyFormatException e) {
                err.println(prefix + "cannot read the plan " + args.plan() + ": " + e.getMessage());
                err.flush();
                return ExitStatus.USAGE;
            }
        }
        CheckOptions options = new CheckOptions(args.checks(), plan, args.byGuid(), nodeNames);
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
        MadChannel channel;
        try {
            channel = provider.get().open(fabric);
        } catch (IOException e) {
            err.println(prefix + "cannot open fabric '" + fabric + "': " + e.getMessage());
            err.flush();
            return ExitStatus.FAILURE;
        }
        CheckReport report;
        FabricSnapshot shown;
        int window = args.options().window();
        MadTransport transport;
        try {
            // directed-route SMPs all go to the permissive LID: the per-destination window must not throttle them
            transport = MadTransports.over(channel, new TransportConfig(window, window));
        } catch (IOException | RuntimeException e) {
            channel.close();
            err.println(prefix + "cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
            err.flush();
            return ExitStatus.FAILURE;
        }
        try (transport) {
            FabricSnapshot first = discovery.sweep(transport, args.options());
            shown = first;
            if (args.waitSeconds() > 0) {
                // the grace period the user asked for: nothing to wait on but time
                new CountDownLatch(1).await(args.waitSeconds(), TimeUnit.SECONDS);
                shown = discovery.sweep(transport, args.options());
                report = checker.check(first, shown, options);
            } else {
                report = checker.check(first, options);
            }
            if (args.checks().contains(Check.DUP)) {
                List<Finding> folded = FoldedGuids.probe(shown, transport, args.options(), new CheckNames(nodeNames));
                report = report.with(folded);
            }
        } catch (DiscoveryException e) {
            err.println(prefix + e.getMessage());
            err.flush();
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(prefix + "interrupted");
            err.flush();
            return ExitStatus.FAILURE;
        }
        PrintWriter out = invocation.out();
        if (args.json()) {
            out.println(Json.write(CheckText.json(report, shown)));
        } else {
            out.print(CheckText.text(report, shown));
        }
        out.flush();
        return report.failed() ? ExitStatus.FAILURE : ExitStatus.OK;
    }
}
