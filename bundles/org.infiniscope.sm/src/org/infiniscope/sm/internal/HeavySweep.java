package org.infiniscope.sm.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.internal.Guid2Lid.Range;
import org.infiniscope.sm.routing.RoutingException;
import org.infiniscope.sm.routing.RoutingRequest;
import org.infiniscope.sm.subnet.KnownSm;
import org.infiniscope.sm.subnet.Subnet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One heavy sweep: discovery, LIDs, routing, programming, activation, each phase timed and told to a listener, and
 * the {@link Subnet} it leaves. Between discovery and the LIDs the caller decides, from the other SMs found, whether
 * this SM goes on as master.
 */
final class HeavySweep {

    private static final Logger LOG = LoggerFactory.getLogger(HeavySweep.class);

    /** Decides after discovery whether this SM is the master: empty to go on, else why it stops. */
    @FunctionalInterface
    interface Election {
        Optional<String> decide(List<KnownSm> others, SweptFabric fabric);
    }

    /** What the sweep keeps for the next one. */
    static final class Memory {
        /** The LFTs as this SM last wrote or read them, by switch node GUID. */
        final Map<Long, byte[]> lfts = new java.util.concurrent.ConcurrentHashMap<>();
        /** The fabric of the last sweep, for light sweeps and polling. */
        volatile SweptFabric last;
    }

    private final Discovery discovery;
    private final Smps smps;
    private final SmSettings settings;
    private final RoutingEngines engines;
    private final PartitionPolicy partitions;
    private final Memory memory;
    private final BiConsumer<SmPhase, Duration> phases;
    final List<String> notes = new ArrayList<>();
    Programmer programmer;
    Activator activator;
    /** P_Key table blocks the partition policy wrote. */
    int pKeyBlocks;
    /** The fabric it swept, null when discovery failed. */
    SweptFabric fabric;

    HeavySweep(Discovery discovery, Smps smps, SmSettings settings, RoutingEngines engines, PartitionPolicy partitions,
            Memory memory, BiConsumer<SmPhase, Duration> phases) {
        this.discovery = discovery;
        this.smps = smps;
        this.settings = settings;
        this.engines = engines;
        this.partitions = partitions;
        this.memory = memory;
        this.phases = phases;
    }

    /**
     * @param sweep the number of this sweep
     * @param reregister whether the endports' clients are told to register again (the first sweep as master)
     * @param actCount this SM's activity count, for its own SMInfo in the subnet
     */
    SweepReport run(long sweep, boolean reregister, Election election, int actCount, int priority)
            throws InterruptedException {
        Map<SmPhase, Duration> took = new EnumMap<>(SmPhase.class);
        long start = System.nanoTime();
        long smpsBefore = smps.transport().statistics().sent();
        FabricSnapshot snapshot;
        SweepRecord record = new SweepRecord();
        try {
            snapshot = discovery.sweep(smps.transport(),
                    new SweepOptions(settings.window(), settings.timeout(), settings.retries(), settings.mKey()),
                    record);
        } catch (DiscoveryException e) {
            return failed(took, smpsBefore, "discovery failed: " + e.getMessage());
        }
        SweptFabric fabric = new SweptFabric(snapshot);
        this.fabric = fabric;
        FabricReader reader = new FabricReader(smps, record);
        List<KnownSm> others = reader.read(fabric);
        List<String> problems = new ArrayList<>(reader.problems());
        start = phase(took, SmPhase.DISCOVERY, start);
        Optional<String> standby = election.decide(others, fabric);
        if (standby.isPresent()) {
            memory.last = fabric;
            return new SweepReport(SweepKind.HEAVY, took, sent(smpsBefore), Optional.empty(), standby);
        }
        SmNode local = fabric.local();
        if (local.ports[fabric.localPort] == null) {
            return failed(took, smpsBefore,
                    "the SM's own port " + fabric.localPort + " could not be read: " + String.join("; ", problems));
        }
        try {
            assignLids(fabric);
        } catch (IOException e) {
            problems.add("guid2lid file " + settings.guid2lid() + ": " + e.getMessage());
        }
        start = phase(took, SmPhase.LIDS, start);
        int smLid = local.lid[local.isSwitch() ? 0 : fabric.localPort];
        if (smLid == 0) {
            return failed(took, smpsBefore, "no LID could be given to the SM's own port");
        }
        GraphBuilder.Built graph = GraphBuilder.build(fabric);
        RoutingEngines.Routed routed;
        try {
            routed = engines.route(settings.routing(), graph.graph(),
                    new RoutingRequest(java.util.Set.of(), 8, Map.of()),
                    partitions instanceof FabricPolicy p ? p.settings().routingTimeLimit() : Duration.ZERO);
        } catch (RoutingException e) {
            return failed(took, smpsBefore, e.getMessage());
        }
        notes.addAll(routed.fallbacks());
        start = phase(took, SmPhase.ROUTING, start);
        programmer = new Programmer(smps, settings, partitions, memory.lfts);
        // the P_Key tables (their reads, then their writes) go out while the PortInfo, SwitchInfo and LFT Sets are
        // in flight: they touch other attributes, and other ports' PortInfo (switch ports facing end ports)
        List<CompletableFuture<?>> programming = programmer.start(fabric, graph, routed.result(), smLid, reregister);
        List<String> pKeyProblems = List.of();
        if (partitions instanceof FabricPolicy policy) {
            int written = policy.pkeys().blocksWritten;
            pKeyProblems = policy.programPartitions(smps, fabric, notes);
            pKeyBlocks = policy.pkeys().blocksWritten - written;
        }
        FabricReader.join(programming);
        problems.addAll(programmer.problems());
        problems.addAll(pKeyProblems);
        start = phase(took, SmPhase.PROGRAMMING, start);
        activator = new Activator(smps);
        activator.activate(fabric);
        problems.addAll(activator.problems());
        if (partitions instanceof FabricPolicy policy) { // QoS masks its tables to the VLs activation set
            problems.addAll(policy.programQos(smps, fabric, routed.result(), notes));
        }
        phase(took, SmPhase.ACTIVATION, start);
        memory.last = fabric;
        long portGuid = local.portGuid(fabric.localPort);
        List<KnownSm> sms = new ArrayList<>(others);
        sms.add(0, new KnownSm(portGuid, smLid, new org.infiniscope.mad.smp.SmInfo(portGuid, 0, actCount, priority,
                org.infiniscope.mad.smp.SmInfo.MASTER)));
        Subnet subnet = SubnetBuilder.build(sweep, settings, fabric, graph, routed.result(), portGuid, smLid, sms);
        for (String p : problems) {
            LOG.warn("sweep {}: {}", sweep, p);
        }
        Optional<String> problem = problems.isEmpty()
                ? Optional.empty()
                : Optional.of(problems.size() + " SMPs failed, first: " + problems.get(0));
        return new SweepReport(SweepKind.HEAVY, took, sent(smpsBefore), Optional.of(subnet), problem);
    }

    private void assignLids(SweptFabric fabric) throws IOException {
        List<LidAssigner.Endport> endports = new ArrayList<>();
        List<int[]> where = new ArrayList<>();
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            for (int p = 0; p < n.ports.length; p++) {
                if (n.isEndport(p) && n.ports[p] != null) {
                    int lmc = n.isSwitch() ? 0 : settings.lmc();
                    endports.add(new LidAssigner.Endport(n.portGuid(p), n.ports[p].lid(), lmc));
                    where.add(new int[]{i, p});
                }
            }
        }
        List<String> fileProblems = new ArrayList<>();
        Map<Long, Range> file = Guid2Lid.read(settings.guid2lid(), fileProblems);
        notes.addAll(fileProblems);
        LidAssigner.Result r = LidAssigner.assign(endports, file);
        notes.addAll(r.notes());
        for (int k = 0; k < endports.size(); k++) {
            SmNode n = fabric.nodes.get(where.get(k)[0]);
            int p = where.get(k)[1];
            n.lid[p] = r.lids()[k];
            n.lmc[p] = endports.get(k).lmc();
        }
        if (settings.guid2lid() != null && !r.file().equals(file)) {
            Guid2Lid.write(settings.guid2lid(), r.file());
        }
    }

    private long phase(Map<SmPhase, Duration> took, SmPhase phase, long start) {
        long now = System.nanoTime();
        Duration d = Duration.ofNanos(now - start);
        took.put(phase, d);
        phases.accept(phase, d);
        return now;
    }

    private long sent(long before) {
        return smps.transport().statistics().sent() - before;
    }

    private SweepReport failed(Map<SmPhase, Duration> took, long smpsBefore, String why) {
        return new SweepReport(SweepKind.HEAVY, took, sent(smpsBefore), Optional.empty(), Optional.of(why));
    }
}
