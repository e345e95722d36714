package org.infiniscope.diag.internal;

import java.util.List;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.audit.AuditedTool;
import org.infiniscope.diag.counters.CounterQueryException;
import org.infiniscope.diag.counters.PortCountersService;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.MadFormatException;
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
 * {@code perfquery}: the PortCounters or PortCountersExtended of a port, printed as infiniband-diags' perfquery prints
 * them, and their reset. The fabric comes from {@code --fabric}, else from the launcher's, as for smpquery.
 */
@Component(service = ConsoleTool.class)
public final class PerfQueryTool implements ConsoleTool, AuditedTool {

    private final String defaultFabric;
    private final PortCountersService counters;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public PerfQueryTool(BundleContext context, @Reference PortCountersService counters) {
        this(context.getProperty(SmpQueryTool.FABRIC_PROPERTY), counters);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    PerfQueryTool(String defaultFabric, PortCountersService counters) {
        this.defaultFabric = defaultFabric;
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
        return "perfquery";
    }

    @Override
    public String summary() {
        return "read or reset a port's performance counters (PortCounters, -x PortCountersExtended), as perfquery";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope perfquery [--fabric F] [-x|-T] [-a] [-r|-R] [-t TIMEOUT_MS] [--json] [LID|-G GUID [PORT]]
                  LID           the destination; default: the local port (and its port number)
                  -G GUID       the destination by port GUID, its LID asked of the SA
                  PORT          the port to read (default 0; 255 with -a)
                  --fabric F    sim[:...], umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -x, --extended         PortCountersExtended (64-bit counters)
                  -T, --extended_speeds  PortExtendedSpeedsCounters of a port running FDR or faster (FEC, per lane)
                  -a, --all_ports        all ports: AllPortSelect, or each port read and summed when the agent lacks it
                  -r, --reset_after_read reset the counters after reading them
                  -R, --Reset_only       only reset the counters
                  -t, --timeout          how long to wait for each of the 4 attempts, in ms (default 1000)
                  --json                 the same fields as one JSON object""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        PerfQueryArgs args = PerfQueryArgs.parse(invocation.args());
        PrintWriter err = invocation.err();
        String fabric = args.fabric() != null ? args.fabric() : defaultFabric;
        if (fabric == null || fabric.isBlank()) {
            throw new UsageException("no fabric: give --fabric " + FabricChannels.CHOICES
                    + " (or set INFINISCOPE_FABRIC for ./infiniscope)");
        }
        Optional<ChannelProvider> provider = channels.providerFor(fabric);
        if (provider.isEmpty()) {
            if (FabricChannels.isSimulator(fabric)) {
                err.println("infiniscope perfquery: fabric '" + fabric + "': no provider for 'sim' is installed"
                        + " (the embedded simulator comes with org.infiniscope.sim); use " + FabricChannels.CHOICES);
                return ExitStatus.UNAVAILABLE;
            }
            throw new UsageException("unknown fabric '" + fabric + "': expected " + FabricChannels.CHOICES
                    + " (no installed provider handles it)");
        }
        MadChannel channel;
        try {
            channel = provider.get().open(fabric);
        } catch (IOException e) {
            err.println("infiniscope perfquery: cannot open fabric '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        try (MadTransport transport = start(channel)) {
            int lid = args.lid();
            int port = args.port();
            if (args.guid() != 0) {
                lid = GuidResolver.lid(transport, transport.localPort(), args.guid(), args.timeout());
            }
            if (lid == 0) {
                LocalPort local = transport.localPort();
                if (local.lid() == 0) {
                    err.println("infiniscope perfquery: the local port " + local.caName() + " port "
                            + local.portNumber() + " has no LID yet (no SM has brought the subnet up): give a LID");
                    return ExitStatus.FAILURE;
                }
                lid = local.lid();
                port = local.portNumber(); // even with -a, as perfquery
            } else if (port < 0) {
                port = args.allPorts() ? PerfCounters.ALL_PORTS : 0;
            }
            PerfQuery.NodePorts nodePorts = target -> range(transport, target, args);
            new PerfQuery(counters.over(transport, args.timeout()), nodePorts, invocation.out(), err).run(args, lid,
                    port);
            return ExitStatus.OK;
        } catch (IOException e) {
            err.println("infiniscope perfquery: cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (CounterQueryException | QueryException e) {
            invocation.out().flush();
            err.println("infiniscope perfquery: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
    }

    /** NodeInfo (and a switch's SwitchInfo) by LID-routed SMPs, as perfquery when it emulates AllPortSelect. */
    private static int[] range(MadTransport transport, int lid, PerfQueryArgs args) throws QueryException {
        TransportGetter smps = new TransportGetter(transport, Destination.lid(lid), args.timeout());
        try {
            NodeInfo node = Smp.decode(smps.get(NodeInfo.ATTRIBUTE_ID, 0)).attribute(NodeInfo.CODEC);
            if (node.numPorts() == 0) {
                throw new QueryException("smp query nodeinfo: num ports invalid");
            }
            int first = 1;
            if (node.nodeType() == NodeInfo.TYPE_SWITCH) {
                SwitchInfo info = Smp.decode(smps.get(SwitchInfo.ATTRIBUTE_ID, 0)).attribute(SwitchInfo.CODEC);
                first = info.enhancedPort0() ? 0 : 1;
            }
            return new int[]{first, node.numPorts()};
        } catch (MadFormatException e) {
            throw new QueryException("smp query nodeinfo: malformed answer: " + e.getMessage());
        } catch (QueryException e) {
            throw new QueryException("smp query nodeinfo failed: " + e.getMessage());
        }
    }

    private static MadTransport start(MadChannel channel) throws IOException {
        try {
            return MadTransports.over(channel, TransportConfig.DEFAULT);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** {@code -r} and {@code -R} reset counters. */
    @Override
    public Optional<String> auditedAction(List<String> args) {
        return args.stream().anyMatch(a -> List.of("-r", "--reset_after_read", "-R", "--Reset_only").contains(a))
                ? Optional.of("perfquery reset")
                : Optional.empty();
    }
}
