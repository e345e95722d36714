package org.infiniscope.diag.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
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
 * {@code smpquery}: one SMA attribute of one node, printed as infiniband-diags' smpquery prints it. The fabric
 * comes from {@code --fabric}, else from the framework property {@value #FABRIC_PROPERTY} that the launcher sets
 * from its own {@code --fabric} or {@code INFINISCOPE_FABRIC}.
 */
@Component(service = ConsoleTool.class)
public final class SmpQueryTool implements ConsoleTool {

    /** The framework property holding the launcher's {@code --fabric}. */
    public static final String FABRIC_PROPERTY = "infiniscope.fabric";

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public SmpQueryTool(BundleContext context) {
        this.defaultFabric = context.getProperty(FABRIC_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    SmpQueryTool(String defaultFabric) {
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
        return "smpquery";
    }

    @Override
    public String summary() {
        return "query SMA attributes of a node (NodeInfo, PortInfo, P_Key and SL2VL tables...), as smpquery";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope smpquery [--fabric F] [-D] [-t TIMEOUT_MS] [--node-name-map FILE] [--json]
                       OP DEST [PORT]
                  OP            nodeinfo|ni, nodedesc|nd, portinfo|pi, switchinfo|si, pkeytable|pkeys,
                                sl2vltable|sl2vl, vlarbitration|vlarb, guidinfo|gi
                  DEST          a LID, or with -D a directed route from this port such as 0,1,3
                  PORT          the port of portinfo, pkeys, vlarb, and the output port of sl2vl (default 0)
                  --fabric F    umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -D, --Direct  DEST is a directed route
                  -t, --timeout how long to wait for each of the 4 attempts, in ms (default 1000)
                  --node-name-map FILE  names for nodes (nodedesc prints the node's): lines of GUID "name"
                                (default: /etc/rdma/ib-node-name-map when it exists)
                  --json        the same fields as one JSON object""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        SmpQueryArgs args = SmpQueryArgs.parse(invocation.args());
        PrintWriter err = invocation.err();
        String fabric = args.fabric() != null ? args.fabric() : defaultFabric;
        if (fabric == null || fabric.isBlank()) {
            throw new UsageException("no fabric: give --fabric " + FabricChannels.CHOICES
                    + " (or set INFINISCOPE_FABRIC for ./infiniscope)");
        }
        Optional<ChannelProvider> provider = channels.providerFor(fabric);
        if (provider.isEmpty()) {
            if (FabricChannels.isSimulator(fabric)) {
                err.println("infiniscope smpquery: fabric '" + fabric + "': no provider for 'sim' is installed yet"
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
            err.println("infiniscope smpquery: cannot open fabric '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        try (MadTransport transport = start(channel)) {
            String output = SmpQuery.run(args, new TransportGetter(transport, args.destination(), args.timeout()),
                    NodeNames.forTool(args.nodeNameMap()));
            invocation.out().print(output);
            return ExitStatus.OK;
        } catch (IOException e) {
            err.println("infiniscope smpquery: cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (QueryException e) {
            err.println("infiniscope smpquery: operation " + args.op().id() + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
    }

    /** The transport owns the channel once started; if it cannot start, the channel is still ours to close. */
    private static MadTransport start(MadChannel channel) throws IOException {
        try {
            return MadTransports.over(channel, TransportConfig.DEFAULT);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }
}
