package org.infiniscope.diag.internal;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.LocalPort;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** {@code trace}: the LID-routed path between two ports, hop by hop from the switches' LFTs, as ibtracert. */
@Component(service = ConsoleTool.class)
public final class TraceTool implements ConsoleTool {

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public TraceTool(BundleContext context) {
        this.defaultFabric = context.getProperty(SmpQueryTool.FABRIC_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    TraceTool(String defaultFabric) {
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
        return "trace";
    }

    @Override
    public String summary() {
        return "trace the LID-routed path between two ports through the switches' forwarding tables, as ibtracert";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope trace [--fabric F] [-n] [-G] [-t TIMEOUT_MS] [--node-name-map FILE] [--json] SRC DST
                  SRC, DST      the LIDs of the two ports (with -G their port GUIDs)
                  --fabric F    sim[...], umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -n, --no_info the simple format: GUIDs and port numbers only
                  -G, --Guid    SRC and DST are port GUIDs, resolved to LIDs by the SA
                  --node-name-map FILE  names for nodes: lines of GUID "name", as the diags read them
                  -t, --timeout how long to wait for each of the 4 attempts of each SMP, in ms (default 1000)
                  --json        the same path as one JSON object
                The path is read by directed routes from this port; a hop without a valid, active out port ends it
                with ibtracert's message and exit status 1.""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        TraceArgs args = TraceArgs.parse(invocation.args());
        NodeNames names;
        try {
            // relative to the folder ./infiniscope was started in (the JVM may run in a scratch folder)
            names = NodeNames.load(System.getProperty(ErrorsTool.CWD_PROPERTY), args.nodeNameMap());
        } catch (java.io.IOException e) {
            invocation.err().println("infiniscope trace: cannot read the node-name map: " + e.getMessage());
            return org.infiniscope.console.ExitStatus.FAILURE;
        } catch (org.infiniscope.discovery.NodeNameMapException e) {
            invocation.err().println("infiniscope trace: " + e.getMessage());
            return org.infiniscope.console.ExitStatus.FAILURE;
        }
        return ToolFabric.with(name(), args.fabric(), defaultFabric, channels, invocation.err(), transport -> {
            int source = (int) args.source();
            int destination = (int) args.destination();
            LocalPort local;
            try {
                local = transport.localPort();
            } catch (java.io.IOException e) {
                throw new QueryException("cannot read the local port: " + e.getMessage());
            }
            if (local.lid() == 0) {
                throw new QueryException("this port has no LID: no SM has configured the fabric, and a trace follows"
                        + " the forwarding tables an SM programs");
            }
            if (args.guids()) {
                source = GuidResolver.lid(transport, local, args.source(), args.timeout());
                destination = GuidResolver.lid(transport, local, args.destination(), args.timeout());
            }
            Trace trace = new Trace(TransportGetter.client(transport, args.timeout()), args.simple(), names);
            try {
                trace.run(source, destination);
            } finally {
                if (!args.json()) {
                    invocation.out().print(trace.text());
                    invocation.out().flush();
                }
            }
            if (args.json()) {
                invocation.out().print(trace.json());
            }
            return ExitStatus.OK;
        });
    }
}
