package org.infiniscope.diag.internal;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
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
 * {@code route}: a switch's unicast forwarding table (LFT) with the destination of each LID, printed as
 * infiniband-diags' ibroute prints it.
 */
@Component(service = ConsoleTool.class)
public final class RouteTool implements ConsoleTool {

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public RouteTool(BundleContext context) {
        this.defaultFabric = context.getProperty(SmpQueryTool.FABRIC_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    RouteTool(String defaultFabric) {
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
        return "route";
    }

    @Override
    public String summary() {
        return "dump a switch's unicast forwarding table with each destination, as ibroute";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope route [--fabric F] [-D] [-a] [-n] [-M] [-t TIMEOUT_MS] [--node-name-map FILE] [--json]
                       DEST [STARTLID [ENDLID]]
                  DEST          the switch's LID, or with -D a directed route such as 0,1
                  STARTLID      the first LID to dump (default 0)
                  ENDLID        the last LID to dump (default: the switch's LinearFDBTop)
                  --fabric F    umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -D, --Direct  DEST is a directed route
                  -a, --all     every LID in the range, even those without a valid out port
                  -n, --no_dests  do not resolve the destinations (with -M: the port masks in hexadecimal)
                  -M, --Multicast the multicast forwarding table (MLIDs from 0xC000) instead
                  -t, --timeout how long to wait for each of the switch's answers, in ms (default 1000)
                  --node-name-map FILE  names for nodes: lines of GUID "name", as the diags read them
                                (default: /etc/rdma/ib-node-name-map when it exists)
                  --json        the same table as one JSON object""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        RouteArgs args = RouteArgs.parse(invocation.args());
        return ToolFabric.with(name(), args.fabric(), defaultFabric, channels, invocation.err(), transport -> {
            String output = new Route(args, (to, timeout) -> new TransportGetter(transport, to, timeout),
                    invocation.err(), NodeNames.forTool(args.nodeNameMap())).run();
            invocation.out().print(output);
            return ExitStatus.OK;
        });
    }
}
