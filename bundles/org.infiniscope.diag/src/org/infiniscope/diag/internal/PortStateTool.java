package org.infiniscope.diag.internal;

import java.util.Optional;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.audit.AuditedTool;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadTransport;
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
 * {@code portstate}: query a port's state, width and speed, or enable, disable, reset it or set its speeds and width,
 * as ibportstate. It refuses to take down the port it is attached through, its peer, or a port on the way to the SM,
 * unless {@code --force}.
 */
@Component(service = ConsoleTool.class)
public final class PortStateTool implements ConsoleTool, AuditedTool {

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public PortStateTool(BundleContext context) {
        this.defaultFabric = context.getProperty(SmpQueryTool.FABRIC_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    PortStateTool(String defaultFabric) {
        this.defaultFabric = defaultFabric;
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
        return "portstate";
    }

    @Override
    public String summary() {
        return "query, enable, disable or reset a port, or set its speed and width, as ibportstate";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope portstate [--fabric F] [-D] [-t TIMEOUT_MS] [--json] [--force] [-K] [-y KEY]
                       DEST PORT [OP...]
                  DEST          the node's LID, or with -D a directed route such as 0,1
                  PORT          the port number
                  OP            query (default), enable, disable, reset, on, off, down, arm, active,
                                speed N, espeed N, width N, vls N, mtu N, lid N, smlid N, lmc N,
                                fdr10 0|1 (Mellanox ExtendedPortInfo), mkey KEY, mkeylease N, mkeyprot N
                                (the M_Key fields: a switch's port 0 only)
                  --fabric F    sim[...], umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -D, --Direct  DEST is a directed route
                  -t, --timeout how long to wait for each of the 4 attempts of each SMP, in ms (default 1000)
                  -K, --show_keys  print the M_Key instead of <not displayed>
                  -y, --m_key KEY  the M_Key the SMPs carry (a port protected by its M_Key answers only with it)
                  --json        the same PortInfo fields as one JSON object
                  --force       disable, reset, off or down even the port this tool is attached through, its peer,
                                or a port on the route to the SM (refused otherwise: it would cut them off)""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        PortStateArgs args = PortStateArgs.parse(invocation.args());
        PrintWriter err = invocation.err();
        return ToolFabric.with(name(), args.fabric(), defaultFabric, channels, err, transport -> {
            SmaClient sma = TransportGetter.client(transport, args.timeout(), args.mKey());
            PortState state = new PortState(sma, surroundings(transport, sma, args.timeout(), err), err);
            try {
                state.run(args);
            } catch (PortState.Refused e) {
                err.println("infiniscope portstate: " + e.getMessage());
                return ExitStatus.FAILURE;
            } finally {
                if (!args.json()) {
                    invocation.out().print(state.text());
                    invocation.out().flush();
                }
            }
            if (args.json()) {
                invocation.out().print(state.json());
            }
            return ExitStatus.OK;
        });
    }

    static PortState.Surroundings surroundings(MadTransport transport, SmaClient sma, Duration timeout,
            PrintWriter err) {
        return new PortState.Surroundings() {
            @Override
            public List<PortStateGuard.Guarded> guarded() throws QueryException {
                LocalPort local = local();
                NodeInfo self = nodeInfo(sma, Destination.directed(List.of(0)));
                long peerNode = 0;
                int peerPort = 0;
                try {
                    NodeInfo peer = nodeInfo(sma, Destination.directed(List.of(0, local.portNumber())));
                    peerNode = peer.nodeGuid();
                    peerPort = peer.localPortNum();
                } catch (QueryException e) {
                    // no peer answers: nothing beyond the local port to guard on this link
                }
                List<Trace.PathPort> smRoute = List.of();
                if (local.smLid() != 0 && local.lid() != 0) {
                    Trace trace = new Trace(sma, true);
                    try {
                        trace.run(local.lid(), local.smLid());
                        smRoute = trace.route();
                    } catch (QueryException e) {
                        err.println("infiniscope portstate: cannot trace the route to the SM at LID " + local.smLid()
                                + " (" + e.getMessage() + "); only this port's own link is guarded");
                    }
                }
                return PortStateGuard.guarded(self.nodeGuid(), local.portNumber(), peerNode, peerPort, local.smLid(),
                        smRoute);
            }

            @Override
            public List<Integer> pathTo(int lid) throws QueryException {
                return new Trace(sma, true).pathTo(lid);
            }

            @Override
            public int localLid() throws QueryException {
                return local().lid();
            }

            private LocalPort local() throws QueryException {
                try {
                    return transport.localPort();
                } catch (IOException e) {
                    throw new QueryException("cannot read the local port: " + e.getMessage());
                }
            }
        };
    }

    private static NodeInfo nodeInfo(SmaClient sma, Destination at) throws QueryException {
        try {
            return Smp.decodeAttribute(sma.get(at, NodeInfo.ATTRIBUTE_ID, 0), NodeInfo.CODEC);
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException("malformed NodeInfo from " + at.describe() + ": " + e.getMessage());
        }
    }

    /** A run that names an operation or a value to set changes the port; {@code query} and none only read. */
    @Override
    public Optional<String> auditedAction(List<String> args) {
        List<String> positional = new java.util.ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (List.of("--fabric", "-t", "--timeout", "-y", "--m_key").contains(arg)) {
                i++;
            } else if (!arg.startsWith("-") || arg.length() > 1 && Character.isDigit(arg.charAt(1))) {
                positional.add(arg);
            }
        }
        return positional.size() > 2 && !positional.get(2).equals("query")
                ? Optional.of("portstate " + positional.get(2))
                : Optional.empty();
    }
}
