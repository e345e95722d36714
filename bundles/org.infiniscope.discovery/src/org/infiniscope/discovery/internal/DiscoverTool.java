package org.infiniscope.discovery.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.console.json.Json;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricChange;
import org.infiniscope.discovery.FabricDiff;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;
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
 * {@code discover}: sweeps the fabric and prints it as ibnetdiscover does (the topology file, the
 * {@code -l/-H/-S/-R} lists, the {@code -p} ports report, {@code --diff} against a cache), or as JSON; reads and
 * writes ibnetdiscover's cache files ({@link IbnetdiscCache}). The fabric comes from {@code --fabric}, else from the framework property
 * {@value #FABRIC_PROPERTY} that the launcher sets.
 */
@Component(service = ConsoleTool.class)
public final class DiscoverTool implements ConsoleTool {

    /** The framework property holding the launcher's {@code --fabric}. */
    public static final String FABRIC_PROPERTY = "infiniscope.fabric";
    /**
     * The framework property holding the folder the launcher was started in: file arguments are relative to it, as
     * the JVM may run elsewhere (under umad2sim, in a scratch folder).
     */
    public static final String FOLDER_PROPERTY = "infiniscope.cwd";

    private final String defaultFabric;
    private final Discovery discovery;
    private String folder;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public DiscoverTool(BundleContext context, @Reference Discovery discovery) {
        this(context.getProperty(FABRIC_PROPERTY), discovery);
        this.folder = context.getProperty(FOLDER_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    DiscoverTool(String defaultFabric, Discovery discovery) {
        this.defaultFabric = defaultFabric;
        this.discovery = discovery;
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
        return "discover";
    }

    @Override
    public String summary() {
        return "discover the fabric by directed routes and print its topology, as ibnetdiscover";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope discover [--fabric F] [-l|-H|-S|-R|-p] [-g] [-m] [--node-name-map FILE]
                                            [--cache FILE] [--load-cache FILE] [--diff FILE [--diffcheck KEYS]]
                                            [-o N] [-t MS] [--retries N] [-y KEY] [--progress] [-s] [--json]
                                            [TOPOLOGY-FILE]
                  --fabric F            sim[:TOPOLOGY][@NODE[:PORT]], umad, umad:CA:PORT or ibsim:SOCKET[@NODE];
                                        default: the launcher's --fabric
                  -l, --list            list the nodes (CAs, switches, routers) instead of the topology
                  -H, -S, -R            list only CAs, switches or routers
                  -p, --ports           the ports report: a line per port with its peer
                  -g, --grouping        the topology grouped by chassis (fabrics without chassis only)
                  -m, --max_hops        add the longest route and the SMPs sent to the topology's header
                  --node-name-map FILE  names for nodes: lines of GUID "name", as the diags read them
                  --cache FILE          also write the fabric to FILE, in ibnetdiscover's cache format
                  --load-cache FILE     print a cache file (ours or ibnetdiscover's) instead of sweeping
                  --diff FILE           print only what differs from a cache file, as ibnetdiscover --diff
                  --diffcheck KEYS      what --diff compares: sw,ca,router,port,lid,nodedesc
                                        (default sw,ca,router,port)
                  -o N                  SMPs in flight (default 16)
                  -t MS                 time-out of each attempt in ms (default 1000)
                  --retries N           attempts after the first before a port is unreachable (default 3)
                  -y, --m_key K         the M_Key the SMPs carry (nodes protected by another key stay unread)
                  --progress            progress lines on standard error even when it is not a terminal
                  -s, --show            a line for each NodeInfo answer (route, new or known, type, GUID, port, LIDs,
                                        description as read so far), before the topology, as ibnetdiscover -s
                  --json                the snapshot as one JSON object (with --diff: the changes, as events)
                  TOPOLOGY-FILE         write the topology, list or diff there instead of standard output""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        DiscoverArgs args = DiscoverArgs.parse(invocation.args());
        PrintWriter err = invocation.err();
        String prefix = "infiniscope discover: ";
        NodeNameMap names = NodeNameMap.EMPTY;
        FabricSnapshot cached = null;
        try {
            names = NodeNameMap.open(args.nodeNameMap() == null ? null : Files2.resolve(folder, args.nodeNameMap()));
            if (args.diff() != null) {
                cached = IbnetdiscCache.read(Files2.resolve(folder, args.diff()));
            }
        } catch (IOException e) {
            err.println(prefix + "cannot read " + Files2.describe(e));
            return ExitStatus.FAILURE;
        } catch (NodeNameMapException | IbnetdiscCache.CacheException e) {
            err.println(prefix + e.getMessage());
            return ExitStatus.FAILURE;
        }
        FabricSnapshot snapshot;
        if (args.loadCache() != null) {
            try {
                snapshot = IbnetdiscCache.read(Files2.resolve(folder, args.loadCache()));
            } catch (IOException e) {
                err.println(prefix + "cannot read " + Files2.describe(e));
                return ExitStatus.FAILURE;
            } catch (IbnetdiscCache.CacheException e) {
                err.println(prefix + e.getMessage());
                return ExitStatus.FAILURE;
            }
        } else {
            snapshot = sweep(args, err, invocation.out(), invocation.property(ProgressLine.PROPERTY));
            if (snapshot == null) {
                return ExitStatus.FAILURE;
            }
        }
        if (args.grouping()) {
            Optional<String> chassis = chassis(snapshot);
            if (chassis.isPresent()) {
                err.println(prefix + "-g: " + chassis.get()
                        + ", which ibnetdiscover groups into a chassis; grouping chassis is not implemented");
                return ExitStatus.FAILURE;
            }
        }
        IbnetdiscoverText text = new IbnetdiscoverText(snapshot, names);
        String output;
        if (args.json() && cached != null) {
            output = Json.write(changes(FabricDiff.compare(cached, snapshot))) + "\n";
        } else if (args.json()) {
            output = Json.write(json(snapshot)) + "\n";
        } else if (args.ports()) {
            output = text.ports();
        } else if (!args.list().isEmpty()) {
            output = text.list(args.list());
        } else if (cached != null) {
            output = IbnetdiscoverDiff.diff(cached, snapshot, args.diffChecks(), names);
        } else {
            output = text.topology(IbnetdiscoverText.ctime(ZonedDateTime.now()), args.grouping(), args.maxHops());
        }
        try {
            // as ibnetdiscover: the ports report always goes to standard output
            if (args.output() != null && !args.ports()) {
                Files.writeString(Files2.resolve(folder, args.output()), output);
            } else {
                PrintWriter out = invocation.out();
                out.print(output);
                out.flush();
            }
            if (args.cache() != null) {
                IbnetdiscCache.write(snapshot, Files2.resolve(folder, args.cache()));
            }
        } catch (IOException e) {
            err.println(prefix + "cannot write " + Files2.describe(e));
            return ExitStatus.FAILURE;
        }
        return ExitStatus.OK;
    }

    /** Vendor IDs whose chassis libibnetdisc finds by their own rules: Voltaire, Topspin, SilverStorm, Xsigo. */
    private static final java.util.Set<Integer> CHASSIS_VENDORS = java.util.Set.of(0x08f1, 0x05ad, 0x066a, 0x1397);

    /**
     * @return why libibnetdisc would group some nodes into a chassis: a vendor with chassis rules of its own, or
     *         nodes that share a system image GUID; empty when -g prints every node as a non-chassis node
     */
    static Optional<String> chassis(FabricSnapshot snapshot) {
        Map<Long, DiscoveredNode> bySystemImage = new java.util.HashMap<>();
        for (DiscoveredNode n : snapshot.nodes()) {
            if (CHASSIS_VENDORS.contains(n.vendorId())) {
                return Optional.of(String.format("node 0x%016x has vendor ID 0x%x", n.nodeGuid(), n.vendorId()));
            }
            DiscoveredNode other = n.systemImageGuid() == 0 ? null : bySystemImage.putIfAbsent(n.systemImageGuid(), n);
            if (other != null) {
                return Optional.of(String.format("nodes 0x%016x and 0x%016x share system image GUID 0x%016x",
                        other.nodeGuid(), n.nodeGuid(), n.systemImageGuid()));
            }
        }
        return Optional.empty();
    }

    /** @return the sweep's snapshot, or null when it failed (and was reported) */
    /**
     * @param out where {@code -s} prints its lines (before the topology, as ibnetdiscover does, whatever the topology
     *        is written to)
     * @param progressProperty this run's {@code infiniscope.progress}
     */
    private FabricSnapshot sweep(DiscoverArgs args, PrintWriter err, PrintWriter out, String progressProperty)
            throws UsageException {
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
            err.println("infiniscope discover: cannot open fabric '" + fabric + "': " + e.getMessage());
            return null;
        }
        try (MadTransport transport = start(channel, args.options().window());
                ProgressLine progress = ProgressLine.of(name(), err, args.progress(), progressProperty)) {
            if (!args.show()) {
                return discovery.sweep(transport, args.options(), progress);
            }
            ShowTrace trace = new ShowTrace(progress);
            try {
                return discovery.sweep(transport, args.options(), trace);
            } finally {
                out.print(trace.text());
                out.flush();
            }
        } catch (IOException e) {
            err.println("infiniscope discover: cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
        } catch (DiscoveryException e) {
            err.println("infiniscope discover: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("infiniscope discover: interrupted");
        }
        return null;
    }

    /** The transport owns the channel once started; if it cannot start, the channel is still ours to close. */
    private static MadTransport start(MadChannel channel, int window) throws IOException {
        try {
            // directed-route SMPs all go to the permissive LID: the per-destination window must not throttle them
            return MadTransports.over(channel, new TransportConfig(window, window));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    static Map<String, Object> json(FabricSnapshot s) {
        List<Object> nodes = new ArrayList<>();
        for (DiscoveredNode n : s.nodes()) {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("type", switch (n.type()) {
                case DiscoveredNode.SWITCH -> "switch";
                case DiscoveredNode.CA -> "ca";
                default -> "router";
            });
            node.put("nodeGuid", hex(n.nodeGuid()));
            node.put("systemImageGuid", hex(n.systemImageGuid()));
            node.put("description", n.description());
            node.put("vendorId", hex(n.vendorId()));
            node.put("deviceId", hex(n.deviceId()));
            node.put("revision", hex(n.revision()));
            node.put("ports", n.portCount());
            if (n.isSwitch()) {
                node.put("enhancedPort0", n.enhancedPort0());
            }
            List<Object> ports = new ArrayList<>();
            for (DiscoveredPort p : n.ports()) {
                Map<String, Object> port = new LinkedHashMap<>();
                port.put("port", p.number());
                port.put("portGuid", hex(p.portGuid()));
                port.put("lid", p.lid());
                port.put("lmc", p.lmc());
                port.put("state", p.state());
                port.put("physicalState", p.physicalState());
                port.put("width", IbnetdiscoverText.widthText(p.widthActive()));
                port.put("speed", IbnetdiscoverText.rate(n, p).replaceFirst("^[0-9?]+x", ""));
                port.put("reachable", p.reachable());
                ports.add(port);
            }
            node.put("portInfo", ports);
            nodes.add(node);
        }
        List<Object> links = new ArrayList<>();
        for (DiscoveredLink l : s.links()) {
            Map<String, Object> link = new LinkedHashMap<>();
            link.put("a", hex(l.nodeA()));
            link.put("portA", l.portA());
            link.put("b", hex(l.nodeB()));
            link.put("portB", l.portB());
            links.add(link);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("localNodeGuid", hex(s.localNodeGuid()));
        json.put("localPort", s.localPort());
        json.put("nodes", nodes);
        json.put("links", links);
        return json;
    }

    /** {@code --diff --json}: the changes from the cache to now, as {@link FabricDiff} finds them. */
    static Map<String, Object> changes(List<FabricChange> changes) {
        List<Object> list = new ArrayList<>();
        for (FabricChange c : changes) {
            Map<String, Object> change = new LinkedHashMap<>();
            change.put("kind", c.kind().name());
            if (c.link() != null) {
                change.put("a", hex(c.link().nodeA()));
                change.put("portA", c.link().portA());
                change.put("b", hex(c.link().nodeB()));
                change.put("portB", c.link().portB());
            } else {
                change.put("node", hex(c.nodeGuid()));
                if (c.kind().name().startsWith("PORT")) {
                    change.put("port", c.port());
                }
                if (!c.fields().isEmpty()) {
                    change.put("fields", c.fields());
                }
            }
            list.add(change);
        }
        return Map.of("changes", list);
    }

    private static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }
}
