package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.VlArbitrationTable;
import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.QosCalculator;
import org.infiniscope.sm.partition.QosOptions;
import org.infiniscope.sm.partition.QosPort;
import org.infiniscope.sm.partition.QosTables;
import org.infiniscope.sm.partition.QosTables.PortKey;
import org.infiniscope.sm.partition.QosTables.Sl2VlKey;
import org.infiniscope.sm.partition.QosTables.VlWeight;
import org.infiniscope.sm.routing.RoutingResult;

/**
 * Writes the SL2VL and VL arbitration tables and VLHighLimit of OpenSM's simple QoS ({@link QosCalculator}), each
 * only when it differs from what this SM last wrote there. A routing engine whose paths use more than one layer
 * (DFSSSP) needs SL {@code i} on VL {@code i}: its mapping replaces the QoS SL2VL tables on every port, as OpenSM's
 * engines replace them through their {@code update_sl2vl} hook, and is written even with QoS off (OpenSM would then
 * leave the ports' SL2VL as they were, which breaks the engine's deadlock freedom).
 */
final class QosProgrammer {

    /** IsSLMappingSupported in PortInfo's CapabilityMask. */
    static final int CAP_SL_MAPPING = 1 << 6;

    private record Written(long guid, int port, int attribute, int modifier) {
    }

    private final Map<Written, Object> written = new HashMap<>();
    int sl2vlSets, vlArbSets, highLimitSets;

    void program(Smps smps, SweptFabric fabric, QosOptions options, RoutingResult routes, List<String> problems,
            List<String> notes) throws InterruptedException {
        int layers = routes == null ? 1 : routes.layers();
        if (!options.enabled() && layers <= 1) {
            return;
        }
        Map<Long, SmNode> byGuid = new HashMap<>();
        List<QosPort> ports = new ArrayList<>();
        for (SmNode n : fabric.nodes) {
            if (n.info == null) {
                continue;
            }
            byGuid.put(n.guid(), n);
            PortInfo port0 = n.isSwitch() ? n.ports[0] : null;
            for (int p = 0; p < n.ports.length; p++) {
                PortInfo pi = n.ports[p];
                if (pi == null && n.isSwitch() && p > 0) {
                    // a port that is down was not read: OpenSM still writes the SL2VL tables from it as input port
                    ports.add(new QosPort(NodeType.SWITCH, n.guid(), p, 0, 0, 0, 0,
                            port0 != null && (port0.capabilityMask() & CAP_SL_MAPPING) != 0, true,
                            n.switchInfo != null && n.switchInfo.enhancedPort0()));
                    continue;
                }
                if (pi == null || !n.isSwitch() && p == 0) {
                    continue;
                }
                int caps = n.isSwitch() ? (port0 == null ? 0 : port0.capabilityMask()) : pi.capabilityMask();
                ports.add(new QosPort(
                        n.isSwitch() ? NodeType.SWITCH : n.info.nodeType() == 3 ? NodeType.ROUTER : NodeType.CA,
                        n.guid(), p, pi.vlCap(), pi.operationalVls(), pi.vlArbitrationHighCap(),
                        pi.vlArbitrationLowCap(), (caps & CAP_SL_MAPPING) != 0,
                        p != 0 && pi.portState() == SweptFabric.DOWN,
                        n.isSwitch() && n.switchInfo != null && n.switchInfo.enhancedPort0()));
            }
        }
        QosTables tables = options.enabled() ? QosCalculator.compute(options, ports) : null;
        Map<Sl2VlKey, List<Integer>> sl2vl;
        if (layers > 1) {
            if (options.enabled()) {
                notes.add("routing engine " + routes.engine() + " uses " + layers
                        + " layers: its SL to VL mapping replaces the qos SL2VL tables");
            }
            sl2vl = layered(ports, byGuid, layers);
        } else {
            sl2vl = tables.sl2vl();
        }
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (Map.Entry<Sl2VlKey, List<Integer>> e : sl2vl.entrySet()) {
            SmNode n = byGuid.get(e.getKey().nodeGuid());
            if (n == null) {
                continue;
            }
            if (n.isSwitch()) {
                int modifier = e.getKey().inPort() << 8 | e.getKey().outPort();
                all.add(sl2vl(smps, n, 0, n.route, modifier, e.getValue(), problems));
            } else {
                for (int p = 1; p < n.ports.length; p++) {
                    if (n.ports[p] != null && (n.ports[p].capabilityMask() & CAP_SL_MAPPING) != 0) {
                        all.add(sl2vl(smps, n, p, n.routeTo(p), 0, e.getValue(), problems));
                    }
                }
            }
        }
        if (tables != null) {
            vlArb(smps, byGuid, tables.vlArbLow(), VlArbitrationTable.LOW_0_31, all, problems);
            vlArb(smps, byGuid, tables.vlArbHigh(), VlArbitrationTable.HIGH_0_31, all, problems);
            for (Map.Entry<PortKey, Integer> e : tables.vlHighLimit().entrySet()) {
                SmNode n = byGuid.get(e.getKey().nodeGuid());
                int p = e.getKey().portNumber();
                if (n != null && p < n.ports.length && n.ports[p] != null) {
                    all.add(highLimit(smps, n, p, e.getValue(), problems));
                }
            }
        }
        FabricReader.join(all);
    }

    /** SL {@code i} on VL {@code i mod layers} (within the output port's operational VLs) on every port. */
    private static Map<Sl2VlKey, List<Integer>> layered(List<QosPort> ports, Map<Long, SmNode> byGuid, int layers) {
        Map<Sl2VlKey, List<Integer>> map = new LinkedHashMap<>();
        for (QosPort out : ports) {
            if (!out.slMapping() || out.down()) {
                continue;
            }
            int vls = Math.max(1, Math.min(layers, vlCount(out.operationalVls())));
            List<Integer> table = new ArrayList<>();
            for (int sl = 0; sl < Sl2VlTable.SLS; sl++) {
                table.add(sl % vls);
            }
            if (out.nodeType() != NodeType.SWITCH) {
                map.put(new Sl2VlKey(out.nodeGuid(), 0, 0), table);
            } else if (out.portNumber() == 0) {
                if (out.enhancedPort0()) {
                    map.put(new Sl2VlKey(out.nodeGuid(), 0, 0), table);
                }
            } else {
                SmNode n = byGuid.get(out.nodeGuid());
                for (int in = 0; in < n.ports.length; in++) {
                    map.put(new Sl2VlKey(out.nodeGuid(), in, out.portNumber()), table);
                }
            }
        }
        return map;
    }

    /** The number of data VLs an OperationalVLs (or VLCap) value gives. */
    static int vlCount(int encoded) {
        return switch (encoded) {
            case 1 -> 1;
            case 2 -> 2;
            case 3 -> 4;
            case 4 -> 8;
            case 5 -> 15;
            default -> 1;
        };
    }

    private CompletableFuture<?> sl2vl(Smps smps, SmNode n, int port, int[] route, int modifier, List<Integer> vls,
            List<String> problems) {
        Written key = new Written(n.guid(), port, Sl2VlTable.ATTRIBUTE_ID, modifier);
        if (vls.equals(memory(key))) {
            return CompletableFuture.completedFuture(null);
        }
        synchronized (this) {
            sl2vlSets++;
        }
        return smps.set(route, Sl2VlTable.CODEC, modifier, new Sl2VlTable(vls)).whenComplete(
                (v, e) -> remember(key, vls, e, problems, "SL2VLMappingTable Set (" + modifier + ") of " + n));
    }

    private void vlArb(Smps smps, Map<Long, SmNode> byGuid, Map<PortKey, List<VlWeight>> tables, int firstBlock,
            List<CompletableFuture<?>> all, List<String> problems) {
        for (Map.Entry<PortKey, List<VlWeight>> e : tables.entrySet()) {
            SmNode n = byGuid.get(e.getKey().nodeGuid());
            int p = e.getKey().portNumber();
            if (n == null || p >= n.ports.length || n.ports[p] == null) {
                continue;
            }
            List<VlWeight> entries = e.getValue();
            for (int b = 0; b * VlArbitrationTable.PER_BLOCK < entries.size() && b < 2; b++) {
                List<VlArbitrationTable.Entry> block = new ArrayList<>();
                for (int i = b * VlArbitrationTable.PER_BLOCK; i < (b + 1) * VlArbitrationTable.PER_BLOCK; i++) {
                    VlWeight w = i < entries.size() ? entries.get(i) : new VlWeight(0, 0);
                    block.add(new VlArbitrationTable.Entry(w.vl(), w.weight()));
                }
                int modifier = VlArbitrationTable.modifier(firstBlock + b, n.isSwitch() ? p : 0);
                Written key = new Written(n.guid(), p, VlArbitrationTable.ATTRIBUTE_ID, modifier);
                if (block.equals(memory(key))) {
                    continue;
                }
                synchronized (this) {
                    vlArbSets++;
                }
                all.add(smps.set(n.routeTo(p), VlArbitrationTable.CODEC, modifier, new VlArbitrationTable(block))
                        .whenComplete((v, x) -> remember(key, block, x, problems, "VLArbitrationTable Set ("
                                + Integer.toHexString(modifier) + ") of port " + p + " of " + n)));
            }
        }
    }

    private CompletableFuture<?> highLimit(Smps smps, SmNode n, int p, int limit, List<String> problems) {
        PortInfo read = n.ports[p];
        if (read.vlHighLimit() == limit) {
            return CompletableFuture.completedFuture(null);
        }
        synchronized (this) {
            highLimitSets++;
        }
        PortInfo w = PortSettings.base(read).vlHighLimit(limit).build();
        return smps.set(n.routeTo(p), PortInfo.CODEC, p, w).whenComplete((v, e) -> {
            if (v != null) {
                synchronized (n) {
                    n.ports[p] = v;
                }
            } else {
                remember(null, null, e, problems, "PortInfo (VLHighLimit) Set of port " + p + " of " + n);
            }
        });
    }

    private synchronized Object memory(Written key) {
        return written.get(key);
    }

    private synchronized void remember(Written key, Object value, Throwable e, List<String> problems, String what) {
        if (e == null && key != null) {
            written.put(key, value);
        } else if (e != null) {
            if (key != null) {
                written.remove(key);
            }
            synchronized (problems) {
                problems.add(what + ": " + Smps.SmpException.of(e).getMessage());
            }
        }
    }
}
