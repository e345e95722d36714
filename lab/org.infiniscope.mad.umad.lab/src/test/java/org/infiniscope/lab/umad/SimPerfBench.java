package org.infiniscope.lab.umad;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.diag.internal.PortCountersComponent;
import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.internal.DiscoveryImpl;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.internal.PerfManagerImpl;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;

/**
 * The performance manager's sweep of every port of the embedded simulator, in one JVM, for
 * {@code bench/perf-vs-ibqueryerrors.sh}. The fabric first gets what an SM would give it, by directed-route SMPs
 * from the attach point: a LID per node in the order the discovery sweep found them, LFT entries along the sweep's
 * routes (out to every node, back to the attach point) and every link Active. Prints one line:
 * {@code sim-perf spec=S window=W ports=P queries=Q lids=L cold=C seconds=S heapMiB=H}: the first counter sweep, the
 * best later one, and the heap the manager holds after them (used heap after a full GC, before and after).
 */
public final class SimPerfBench {

    private final SimFabric fabric;
    private final SimFabric.AttachPoint at;
    private long tid = 0x7000_0000L;

    private SimPerfBench(SimFabric fabric) {
        this.fabric = fabric;
        this.at = fabric.defaultAttachPoint();
    }

    /** @param args the generator spec (default ft3:36), the window (64), the number of counter sweeps (3) */
    public static void main(String[] args) throws Exception {
        String spec = args.length > 0 ? args[0] : "ft3:36";
        int window = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int sweeps = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        SimFabric fabric = SimFabric.of(TopologySpec.parse(spec));
        SimPerfBench bench = new SimPerfBench(fabric);
        try (MadTransport transport = MadTransports.over(fabric.openChannel(bench.at),
                new TransportConfig(window, window))) {
            FabricSnapshot unlit = new DiscoveryImpl().sweep(transport,
                    new SweepOptions(window, Duration.ofSeconds(1), 3));
            long t0 = System.nanoTime();
            int lids = bench.configure(unlit);
            double configure = (System.nanoTime() - t0) / 1e9;
            FabricSnapshot snapshot = new DiscoveryImpl().sweep(transport,
                    new SweepOptions(window, Duration.ofSeconds(1), 3));
            MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
            long before = used(memory);
            PerfManagerImpl manager = new PerfManagerImpl(new PortCountersComponent(), 10);
            PollOptions options = new PollOptions(window, Duration.ofSeconds(1), false);
            double cold = 0;
            double best = Double.MAX_VALUE;
            SweepSummary summary = null;
            for (int i = 0; i < sweeps; i++) {
                summary = manager.sweep(transport, snapshot, options);
                double seconds = summary.elapsed().toNanos() / 1e9;
                cold = i == 0 ? seconds : cold;
                best = i == 0 && sweeps > 1 ? best : Math.min(best, seconds);
            }
            long after = used(memory);
            System.out.printf(
                    "sim-perf spec=%s window=%d ports=%d queries=%d lids=%d configure=%.2f cold=%.3f"
                            + " seconds=%.3f unreachable=%d heapMiB=%.1f%n",
                    spec, window, summary.ports(), summary.queries(), lids, configure, cold, best,
                    summary.unreachable().size(), (after - before) / 1048576.0);
            if (manager.ports().isEmpty()) {
                System.out.println(); // keeps the manager reachable until the last measurement
            }
        }
    }

    private static long used(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** @return the highest LID given */
    private int configure(FabricSnapshot snapshot) throws Exception {
        Map<Long, Integer> lids = new HashMap<>();
        Map<Long, int[]> routes = new HashMap<>();
        Map<Long, DiscoveredNode> nodes = new HashMap<>();
        int lid = 1;
        for (DiscoveredNode node : snapshot.nodes()) {
            lids.put(node.nodeGuid(), lid++);
            routes.put(node.nodeGuid(), node.route().stream().mapToInt(Integer::intValue).toArray());
            nodes.put(node.nodeGuid(), node);
        }
        int top = lid - 1;
        Map<String, long[]> peers = new HashMap<>(); // "guid:port" -> {peer guid, peer port}
        for (DiscoveredLink l : snapshot.links()) {
            peers.put(l.nodeA() + ":" + l.portA(), new long[]{l.nodeB(), l.portB()});
            peers.put(l.nodeB() + ":" + l.portB(), new long[]{l.nodeA(), l.portA()});
        }
        long root = snapshot.localNodeGuid();
        int rootLid = lids.get(root);
        Map<Long, int[]> lfts = new HashMap<>();
        for (DiscoveredNode node : snapshot.nodes()) {
            int[] route = routes.get(node.nodeGuid());
            long at = root;
            for (int hop = 0; hop < route.length; hop++) {
                long[] peer = peers.get(at + ":" + route[hop]);
                if (nodes.get(at).isSwitch()) {
                    lfts.computeIfAbsent(at, k -> filled(top))[lids.get(node.nodeGuid())] = route[hop];
                }
                at = peer[0];
                if (nodes.get(at).isSwitch()) {
                    lfts.computeIfAbsent(at, k -> filled(top))[rootLid] = (int) peer[1];
                }
            }
            if (node.isSwitch()) {
                lfts.computeIfAbsent(node.nodeGuid(), k -> filled(top))[lids.get(node.nodeGuid())] = 0;
            }
        }
        for (DiscoveredNode node : snapshot.nodes()) {
            int[] path = routes.get(node.nodeGuid());
            PortInfo info = get(PortInfo.CODEC, PortInfo.ATTRIBUTE_ID, 0, path);
            set(PortInfo.CODEC, 0, PortInfoBuilder.from(info).lid(lids.get(node.nodeGuid())).masterSmLid(rootLid)
                    .portState(0).portPhysicalState(0).build(), path);
        }
        for (Map.Entry<Long, int[]> e : lfts.entrySet()) {
            int[] path = routes.get(e.getKey());
            int[] table = e.getValue();
            for (int block = 0; block * LinearForwardingTable.PER_BLOCK <= top; block++) {
                List<Integer> ports = new ArrayList<>(LinearForwardingTable.PER_BLOCK);
                boolean any = false;
                for (int i = 0; i < LinearForwardingTable.PER_BLOCK; i++) {
                    int l = block * LinearForwardingTable.PER_BLOCK + i;
                    int port = l <= top ? table[l] : LinearForwardingTable.NO_ROUTE;
                    any |= port != LinearForwardingTable.NO_ROUTE;
                    ports.add(port);
                }
                if (any) {
                    set(LinearForwardingTable.CODEC, block, new LinearForwardingTable(ports), path);
                }
            }
            SwitchInfo info = get(SwitchInfo.CODEC, SwitchInfo.ATTRIBUTE_ID, 0, path);
            set(SwitchInfo.CODEC, 0,
                    new SwitchInfo(info.linearFdbCap(), info.randomFdbCap(), info.multicastFdbCap(), top,
                            info.defaultPort(), info.defaultMulticastPrimaryPort(),
                            info.defaultMulticastNotPrimaryPort(), info.lifeTimeValue(), false,
                            info.optimizedSl2VlMapping(), info.lidsPerPort(), info.partitionEnforcementCap(),
                            info.inboundEnforcementCap(), info.outboundEnforcementCap(), info.filterRawInboundCap(),
                            info.filterRawOutboundCap(), info.enhancedPort0(), info.multicastFdbTop()),
                    path);
        }
        for (DiscoveredLink l : snapshot.links()) {
            activate(nodes.get(l.nodeA()), l.portA(), routes);
            activate(nodes.get(l.nodeB()), l.portB(), routes);
        }
        return top;
    }

    private static int[] filled(int top) {
        int[] table = new int[top + 1];
        Arrays.fill(table, LinearForwardingTable.NO_ROUTE);
        return table;
    }

    private void activate(DiscoveredNode node, int port, Map<Long, int[]> routes) throws Exception {
        int modifier = node.isSwitch() ? port : 0;
        int[] path = routes.get(node.nodeGuid());
        for (int state : new int[]{3, 4}) {
            PortInfo info = get(PortInfo.CODEC, PortInfo.ATTRIBUTE_ID, modifier, path);
            if (info.portState() == 4) {
                return;
            }
            set(PortInfo.CODEC, modifier, PortInfoBuilder.from(info).portState(state).portPhysicalState(0).build(),
                    path);
        }
    }

    private <T> T get(AttributeCodec<T> codec, int attribute, int modifier, int[] path) throws Exception {
        byte[] mad = Smp.directedRoute(Method.GET, tid++, attribute, modifier, 0, path, new byte[0]).encode();
        if (fabric.exchange(at, mad, mad.length, MadAddress.directedRoute()) == null) {
            throw new IllegalStateException("no answer to a Get of 0x" + Integer.toHexString(attribute));
        }
        return Smp.decode(mad).attribute(codec);
    }

    private <T> void set(AttributeCodec<T> codec, int modifier, T value, int[] path) throws Exception {
        byte[] data = new byte[Smp.DATA_LENGTH];
        codec.encode(value, data, 0);
        byte[] mad = Smp.directedRoute(Method.SET, tid++, codec.attributeId(), modifier, 0, path, data).encode();
        if (fabric.exchange(at, mad, mad.length, MadAddress.directedRoute()) == null
                || Smp.decode(mad).status() != MadStatus.OK) {
            throw new IllegalStateException("Set of " + codec + " failed");
        }
    }
}
