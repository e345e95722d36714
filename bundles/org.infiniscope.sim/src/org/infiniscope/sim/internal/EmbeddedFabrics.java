package org.infiniscope.sim.internal;

import java.io.IOException;
import java.util.Comparator;
import java.util.Optional;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.infiniscope.sim.SimBringUp;
import org.infiniscope.sim.adapter.BootRom;
import org.infiniscope.sim.adapter.FirmwareVersion;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Node;
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
 * The embedded simulated fabrics of a runtime, one per topology, built on first use and kept for the runtime's life:
 * the channels of {@code --fabric sim…} and the faults {@code simfault} injects meet in them. With the framework
 * property {@value #TRAFFIC_PROPERTY}{@code =true} (the GUI sets it) the built-in fabric carries traffic of its own
 * from the start ({@link #startTraffic}), so that its counters move; tools and tests see a quiet fabric.
 */
@Component(service = EmbeddedFabrics.class)
public final class EmbeddedFabrics {

    /** The framework property that makes the built-in fabric run traffic. */
    public static final String TRAFFIC_PROPERTY = "infiniscope.sim.traffic";

    private final Map<String, SimFabric> fabrics = new HashMap<>();
    private final boolean traffic;
    /** The topologies whose fabric has been handed to {@link #bringUp} once (it is tried once per runtime). */
    private final Set<String> broughtUp = ConcurrentHashMap.newKeySet();
    private volatile SimBringUp sm;
    private final Map<Long, RankedRom> bootRoms = new ConcurrentHashMap<>();

    private record RankedRom(BootRom rom, int ranking, long id) {
    }
    /** Who is told of each fabric built ({@link SimAgents} plugs the vendors' agents into it). */
    private final List<Consumer<SimFabric>> watchers = new CopyOnWriteArrayList<>();

    /** Fabrics without traffic (tests). */
    public EmbeddedFabrics() {
        this.traffic = false;
    }

    /** The fabrics of a runtime. */
    @Activate
    public EmbeddedFabrics(BundleContext context) {
        this.traffic = Boolean.parseBoolean(context.getProperty(TRAFFIC_PROPERTY));
    }

    /**
     * @param topology a generator specification or topology file, or empty for the built-in fabric
     * @param fabric the {@code --fabric} value it came from, for messages
     * @return the fabric of that topology, built on first use
     * @throws IOException when the topology cannot be read
     */
    public synchronized SimFabric fabric(String topology, String fabric) throws IOException {
        SimFabric sim = fabrics.get(topology);
        if (sim == null) {
            sim = SimFabric.of(SimChannelProvider.load(topology, fabric));
            // each node's adapter answers GeneralInfo, and boots what the installed boot ROM accepts
            org.infiniscope.sim.adapter.SimAdapters.attach(sim, installedRom);
            if (traffic && topology.isEmpty()) {
                startTraffic(sim);
            }
            fabrics.put(topology, sim);
            for (Consumer<SimFabric> w : watchers) {
                w.accept(sim);
            }
        }
        return sim;
    }

    /**
     * Tells a watcher of every fabric built so far and of each one built later, until the returned handle runs.
     *
     * @return what stops the watching
     */
    public synchronized Runnable watch(Consumer<SimFabric> watcher) {
        fabrics.values().forEach(watcher);
        watchers.add(watcher);
        return () -> watchers.remove(watcher);
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setBringUp(SimBringUp bringUp) {
        this.sm = bringUp;
    }

    void unsetBringUp(SimBringUp bringUp) {
        if (this.sm == bringUp) {
            this.sm = null;
        }
    }

    @Reference(service = BootRom.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addBootRom(ServiceReference<BootRom> reference, BootRom rom) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        bootRoms.put(id,
                new RankedRom(rom, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0, id));
    }

    void removeBootRom(ServiceReference<BootRom> reference) {
        bootRoms.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    private Optional<BootRom> bestRom() {
        return bootRoms.values().stream()
                .sorted(Comparator.comparingInt(RankedRom::ranking).reversed().thenComparingLong(RankedRom::id))
                .findFirst().map(RankedRom::rom);
    }

    /**
     * The adapters' boot ROM: the best installed one's checks and factory images, asked at each boot and at each
     * flash's first use; without one only factory firmware boots, and the flash reads erased.
     */
    private final BootRom installedRom = new BootRom() {
        @Override
        public Optional<FirmwareVersion> boot(int deviceId, byte[] slot) {
            return bestRom().flatMap(r -> r.boot(deviceId, slot));
        }

        @Override
        public byte[] factoryImage(int deviceId, long nodeGuid, FirmwareVersion factory) {
            return bestRom().map(r -> r.factoryImage(deviceId, nodeGuid, factory)).orElse(new byte[0]);
        }

        @Override
        public long baseGuid(int deviceId, byte[] slot) {
            return bestRom().map(r -> r.baseGuid(deviceId, slot)).orElse(0L);
        }
    };

    /** For tests: the service that brings a fabric up. */
    void bringUpWith(SimBringUp bringUp) {
        this.sm = bringUp;
    }

    /**
     * Brings the fabric of a topology up with the {@link SimBringUp} service, once per runtime, on the calling
     * thread (without this object's lock: the SM opens channels of its own). Without the service, nothing.
     *
     * @param topology as {@link #fabric}
     * @throws IOException when the SM could not bring it up
     */
    void bringUp(String topology) throws IOException {
        SimBringUp s = sm;
        if (s == null || !broughtUp.add(topology)) {
            return;
        }
        s.bringUp(topology.isEmpty() ? "sim" : "sim:" + topology);
    }

    /** @return whether {@link #bringUp} may still run an SM on the topology's fabric */
    boolean mayBringUp(String topology) {
        return sm != null && !broughtUp.contains(topology);
    }

    /**
     * Starts a flow from each host to the host half the fabric away (so most flows cross the spines), at 100 to 400
     * MB/s by the host's index: uneven, so the busiest ports stand out. Flows count once an SM has routed them.
     */
    static void startTraffic(SimFabric sim) {
        List<Node> hosts = sim.topology().nodes().stream().filter(n -> !n.isSwitch() && n.portCount() > 0).toList();
        int n = hosts.size();
        if (n < 2) {
            return;
        }
        for (int i = 0; i < n; i++) {
            Node to = hosts.get((i + n / 2) % n);
            if (to != hosts.get(i)) {
                sim.traffic().start(hosts.get(i).name(), to.name(), 100e6 * (1 + i % 4));
            }
        }
    }
}
