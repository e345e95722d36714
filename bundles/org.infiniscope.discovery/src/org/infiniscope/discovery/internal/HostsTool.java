package org.infiniscope.discovery.internal;

import java.util.Map;
import java.util.Set;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;
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

/** {@code hosts}: sweep the fabric and list its CAs, as ibhosts. */
@Component(service = ConsoleTool.class)
public final class HostsTool extends SnapshotTool {

    @Activate
    public HostsTool(BundleContext context, @Reference Discovery discovery) {
        super(context.getProperty(DiscoverTool.FABRIC_PROPERTY), context.getProperty(DiscoverTool.FOLDER_PROPERTY),
                discovery);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    HostsTool(String defaultFabric, Discovery discovery) {
        super(defaultFabric, discovery);
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        provide(provider, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        withdraw((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Override
    public String name() {
        return "hosts";
    }

    @Override
    public String summary() {
        return "sweep the fabric and list its CAs, as ibhosts";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope hosts [--fabric F] [--node-name-map FILE] [-o N] [-t MS] [--retries N]
                  --node-name-map FILE  names for nodes: lines of GUID "name", as the diags read them
                  --fabric F     sim[:TOPOLOGY][@NODE[:PORT]], umad, umad:CA:PORT or ibsim:SOCKET[@NODE];
                                 default: the launcher's --fabric
                  -o N           SMPs in flight (default 16)
                  -t MS          time-out of each attempt in ms (default 1000)
                  --retries N    attempts after the first before a port is unreachable (default 3)
                  -y, --m_key K  the M_Key the SMPs carry (nodes protected by another key stay unread)
                  --progress     progress lines on standard error even when it is not a terminal""";
    }

    @Override
    Map<String, String> flags() {
        return Map.of();
    }

    @Override
    String print(FabricSnapshot snapshot, Set<String> flags, NodeNameMap names) {
        return DiagsText.hosts(snapshot, names);
    }
}
