package org.infiniscope.sm.internal.partition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.QosOptions;
import org.infiniscope.sm.partition.QosOptions.PortType;
import org.infiniscope.sm.partition.QosPort;
import org.infiniscope.sm.partition.QosTables;
import org.infiniscope.sm.partition.QosTables.PortKey;
import org.infiniscope.sm.partition.QosTables.Sl2VlKey;
import org.infiniscope.sm.partition.QosTables.VlWeight;

/**
 * The SL2VL and VL arbitration tables of OpenSM 3.3.23's simple QoS (osm_qos.c, read to learn the rules, not copied):
 * a switch's external ports that are not Down get the {@code swe} set, every input port to each of them an SL2VL
 * table (when port 0 supports SL mapping); a switch's port 0 gets the {@code sw0} set only when it is enhanced; CA
 * ports {@code ca}, router ports {@code rtr}. VLs are masked to each port's OperationalVLs (VL15 stays 15); a port
 * with one data VL gets no VL arbitration. The routing engine's own SL2VL (DFSSSP, LASH, torus-2QoS) and
 * {@code use_optimized_slvl} are not modelled: OpenSM's defaults (minhop, not optimized).
 */
public final class QosManager {

    private static final int BLOCK = 32;

    private QosManager() {
    }

    /** @return the tables, none when QoS is off */
    public static QosTables compute(QosOptions options, Collection<QosPort> ports) {
        Map<Sl2VlKey, List<Integer>> sl2vl = new LinkedHashMap<>();
        Map<PortKey, List<VlWeight>> low = new HashMap<>();
        Map<PortKey, List<VlWeight>> high = new HashMap<>();
        Map<PortKey, Integer> highLimit = new HashMap<>();
        if (!options.enabled()) {
            return new QosTables(sl2vl, low, high, highLimit);
        }
        Map<Long, Map<Integer, QosPort>> switches = new LinkedHashMap<>();
        for (QosPort port : ports) {
            if (port.nodeType() == NodeType.SWITCH) {
                switches.computeIfAbsent(port.nodeGuid(), g -> new java.util.TreeMap<>()).put(port.portNumber(), port);
            } else {
                QosOptions.Resolved set = options
                        .resolve(port.nodeType() == NodeType.ROUTER ? PortType.RTR : PortType.CA);
                endPort(port, set, sl2vl, low, high, highLimit);
            }
        }
        QosOptions.Resolved swe = options.resolve(PortType.SWE);
        QosOptions.Resolved sw0 = options.resolve(PortType.SW0);
        for (Map<Integer, QosPort> sw : switches.values()) {
            QosPort port0 = sw.get(0);
            boolean enhanced = port0 != null && port0.enhancedPort0();
            int count = sw.keySet().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
            for (QosPort port : sw.values()) {
                if (port.portNumber() == 0 || port.down()) {
                    continue;
                }
                vlArb(port, swe, low, high, highLimit);
            }
            if (port0 != null && port0.slMapping()) {
                for (QosPort out : sw.values()) {
                    if ((out.portNumber() == 0 && !enhanced) || out.down()) {
                        continue;
                    }
                    for (int in = 0; in < count; in++) {
                        sl2vl.put(new Sl2VlKey(out.nodeGuid(), in, out.portNumber()), masked(swe.sl2vl(), out));
                    }
                }
            }
            if (enhanced) {
                endPort(port0, sw0, sl2vl, low, high, highLimit);
            }
        }
        return new QosTables(sl2vl, low, high, highLimit);
    }

    private static void endPort(QosPort port, QosOptions.Resolved set, Map<Sl2VlKey, List<Integer>> sl2vl,
            Map<PortKey, List<VlWeight>> low, Map<PortKey, List<VlWeight>> high, Map<PortKey, Integer> highLimit) {
        vlArb(port, set, low, high, highLimit);
        if (port.slMapping()) {
            sl2vl.put(new Sl2VlKey(port.nodeGuid(), 0, 0), masked(set.sl2vl(), port));
        }
    }

    private static void vlArb(QosPort port, QosOptions.Resolved set, Map<PortKey, List<VlWeight>> low,
            Map<PortKey, List<VlWeight>> high, Map<PortKey, Integer> highLimit) {
        PortKey key = new PortKey(port.nodeGuid(), port.portNumber());
        if (port.vlCap() == 1) {
            highLimit.put(key, 0);
            return;
        }
        highLimit.put(key, set.highLimit());
        int mask = vlMask(port.operationalVls());
        if (port.vlArbLowCap() > 0) {
            low.put(key, table(set.vlarbLow(), port.vlArbLowCap(), mask));
        }
        if (port.vlArbHighCap() > 0) {
            high.put(key, table(set.vlarbHigh(), port.vlArbHighCap(), mask));
        }
    }

    /**
     * The {@code cap} entries a port's table holds after OpenSM's writes: the first block takes the first
     * min(cap, 32) pairs; a second block, when cap exceeds 32, takes cap % 32 of the pairs from the 33rd on (so none
     * at a cap of 64, as OpenSM computes it), the rest of each block 0:0. Each VL is taken modulo 15, then masked.
     */
    private static List<VlWeight> table(List<QosOptions.VlWeight> pairs, int cap, int mask) {
        List<VlWeight> table = new ArrayList<>(cap);
        for (int i = 0; i < cap; i++) {
            int block = i / BLOCK;
            int length = block == 0 ? Math.min(cap, BLOCK) : cap % BLOCK;
            QosOptions.VlWeight pair = i < pairs.size() && i % BLOCK < length ? pairs.get(i) : null;
            table.add(pair == null ? new VlWeight(0, 0) : new VlWeight((pair.vl() % 15) & mask, pair.weight()));
        }
        return table;
    }

    private static List<Integer> masked(List<Integer> sl2vl, QosPort out) {
        int mask = vlMask(out.operationalVls());
        return sl2vl.stream().map(vl -> vl == 15 ? 15 : vl & mask).toList();
    }

    /** OpenSM's mask from the encoded OperationalVLs: 1 → 0, 2 → 1, 3 → 3, 4 → 7, 5 → 15. */
    static int vlMask(int operationalVls) {
        return operationalVls <= 0 ? 0 : (1 << (operationalVls - 1)) - 1;
    }
}
