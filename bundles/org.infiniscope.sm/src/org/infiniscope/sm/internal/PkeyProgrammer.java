package org.infiniscope.sm.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.PartitionPort;
import org.infiniscope.sm.partition.PartitionsFile;
import org.infiniscope.sm.partition.PkeyCalculator;
import org.infiniscope.sm.partition.PkeyOptions.Enforcement;
import org.infiniscope.sm.partition.PkeyTables;
import org.infiniscope.sm.partition.PkeyTables.SwitchPortKey;
import org.infiniscope.sm.partition.PkeyTables.SwitchPortTable;

/**
 * Writes the P_Key tables {@link PkeyCalculator} computes: every end port's blocks (CA and router ports, switches'
 * port 0), the blocks of the switch ports facing end ports and their PortInfo enforcement bits, each only where it
 * differs from what the port holds (as read once, then as written). A switch port whose enforcement is set is armed by
 * the same Set when its link is up.
 */
final class PkeyProgrammer {

    private static final int BLOCK = PKeyTable.PER_BLOCK;

    private final PkeyCalculator calculator;
    /** Each end port's whole table as last read or written, by port GUID. */
    private final Map<Long, int[]> endTables = new HashMap<>();
    /** The blocks of each switch port facing an end port, as last read or written. */
    private final Map<SwitchPortKey, int[]> switchTables = new HashMap<>();
    private PkeyTables last;
    private List<PartitionPort> lastPorts = List.of();
    int blocksWritten, blocksRead, enforcementSets;
    /** Blocks of end ports' tables read here, beyond what the sweep read (a table longer than one block). */
    int endBlocksRead;

    PkeyProgrammer(PkeyCalculator calculator) {
        this.calculator = calculator;
    }

    /** @return the tables of the last computation, null before the first */
    PkeyTables last() {
        return last;
    }

    /** @return the end ports of the last computation */
    List<PartitionPort> lastPorts() {
        return lastPorts;
    }

    private record Endport(SmNode node, int port, boolean self) {
        long guid() {
            return node.portGuid(port);
        }

        int[] route() {
            return node.routeTo(port);
        }
    }

    void program(Smps smps, SweptFabric fabric, PartitionsFile file, List<String> problems)
            throws InterruptedException {
        List<Endport> endports = endports(fabric);
        readUnknown(smps, endports, problems);
        List<PartitionPort> ports = new ArrayList<>();
        for (Endport e : endports) {
            int[] held = endTables.get(e.guid());
            List<Integer> current = held == null ? List.of() : Arrays.stream(held).boxed().toList();
            ports.add(new PartitionPort(type(e.node), e.node.guid(), e.guid(), e.node.isSwitch() ? 0 : e.port,
                    e.node.info.partitionCap(), e.self, current, peer(fabric, e)));
        }
        PkeyTables tables = calculator.compute(file, ports);
        lastPorts = List.copyOf(ports);
        last = tables;
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (Endport e : endports) {
            PkeyTables.PortTable t = tables.endPorts().get(e.guid());
            if (t == null) {
                continue;
            }
            for (int d : t.dropped()) {
                problems.add(
                        String.format("P_Key 0x%04x does not fit in the table of port %d of %s", d, e.port, e.node));
            }
            all.addAll(writeBlocks(smps, e.route(), 0, endTables, e.guid(), t.pkeys(),
                    "port " + e.port + " of " + e.node, problems));
        }
        for (Map.Entry<SwitchPortKey, SwitchPortTable> s : tables.switchPorts().entrySet()) {
            Integer index = fabric.index.get(s.getKey().switchGuid());
            if (index == null) {
                continue;
            }
            SmNode sw = fabric.nodes.get(index);
            int p = s.getKey().portNumber();
            if (!s.getValue().pkeys().isEmpty()) {
                SwitchPortKey key = s.getKey();
                List<Integer> wanted = s.getValue().pkeys();
                String what = "port " + p + " of " + sw;
                boolean known;
                synchronized (this) {
                    known = switchTables.containsKey(key);
                }
                if (known) {
                    all.addAll(writeBlocks(smps, sw.route, p, switchTables, key, wanted, what, problems));
                } else {
                    // read first (once), then only the blocks that differ are written: each port on its own, so
                    // that the ports' reads are in flight together rather than one round trip after another
                    all.add(readAsync(smps, sw.route, p, (wanted.size() + BLOCK - 1) / BLOCK, switchTables, key,
                            problems, what)
                            .thenCompose(v -> CompletableFuture
                                    .allOf(writeBlocks(smps, sw.route, p, switchTables, key, wanted, what, problems)
                                            .toArray(CompletableFuture[]::new))));
                }
            }
            all.add(enforcement(smps, fabric, index, p, s.getValue().enforcement(), problems));
        }
        FabricReader.join(all);
        publish(endports, fabric);
    }

    /** No good partitions file yet: only the ports whose table holds no P_Key get the default partition. */
    void programEmptyOnly(Smps smps, SweptFabric fabric, List<String> problems) throws InterruptedException {
        List<CompletableFuture<?>> all = new ArrayList<>();
        List<Endport> endports = endports(fabric);
        for (Endport e : endports) {
            List<Integer> held = e.node.pKeys[e.port];
            if (held != null && held.isEmpty()) {
                List<Integer> wanted = new ArrayList<>(List.of(0xFFFF));
                while (wanted.size() < BLOCK) {
                    wanted.add(0);
                }
                endTables.remove(e.guid());
                all.addAll(writeBlocks(smps, e.route(), 0, endTables, e.guid(), wanted,
                        "port " + e.port + " of " + e.node, problems));
            }
        }
        FabricReader.join(all);
        publish(endports, fabric);
    }

    /** What the subnet shows: each end port's valid P_Keys as programmed. */
    private void publish(List<Endport> endports, SweptFabric fabric) {
        for (Endport e : endports) {
            int[] t = endTables.get(e.guid());
            if (t != null) {
                synchronized (e.node) {
                    e.node.pKeys[e.port] = Arrays.stream(t).filter(k -> (k & 0x7FFF) != 0).boxed().toList();
                }
            }
        }
        for (Map.Entry<SwitchPortKey, int[]> s : switchTables.entrySet()) {
            Integer index = fabric.index.get(s.getKey().switchGuid());
            SmNode sw = index == null ? null : fabric.nodes.get(index);
            int p = s.getKey().portNumber();
            if (sw != null && p < sw.pKeys.length) {
                sw.pKeys[p] = Arrays.stream(s.getValue()).filter(k -> (k & 0x7FFF) != 0).boxed().toList();
            }
        }
    }

    private static List<Endport> endports(SweptFabric fabric) {
        List<Endport> list = new ArrayList<>();
        for (int i = 0; i < fabric.nodes.size(); i++) {
            SmNode n = fabric.nodes.get(i);
            if (n.info == null) {
                continue;
            }
            for (int p = 0; p < n.ports.length; p++) {
                if (n.isEndport(p) && n.ports[p] != null && n.portGuid(p) != 0 && n.routeTo(p) != null) {
                    list.add(new Endport(n, p, i == fabric.localNode && p == fabric.localPort));
                }
            }
        }
        return list;
    }

    private static NodeType type(SmNode n) {
        return n.isSwitch() ? NodeType.SWITCH : n.info.nodeType() == 3 ? NodeType.ROUTER : NodeType.CA;
    }

    private static PartitionPort.SwitchPeer peer(SweptFabric fabric, Endport e) {
        if (e.node.isSwitch() || e.node.peerNode[e.port] < 0) {
            return null;
        }
        SmNode sw = fabric.nodes.get(e.node.peerNode[e.port]);
        if (!sw.isSwitch() || sw.switchInfo == null) {
            return null;
        }
        return new PartitionPort.SwitchPeer(sw.guid(), e.node.peerPort[e.port],
                sw.switchInfo.partitionEnforcementCap());
    }

    /**
     * Reads the whole table of each end port this SM does not know, and again of one whose block 0 no longer holds
     * what it was given (a port reset since).
     */
    private void readUnknown(Smps smps, List<Endport> endports, List<String> problems) throws InterruptedException {
        for (Endport e : endports) {
            int[] held = endTables.get(e.guid());
            List<Integer> block0 = e.node.pKeys[e.port];
            if (held != null && block0 != null
                    && !block0.equals(Arrays.stream(held, 0, BLOCK).filter(k -> (k & 0x7FFF) != 0).boxed().toList())) {
                endTables.remove(e.guid());
            }
        }
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (Endport e : endports) {
            boolean known;
            synchronized (this) { // reads started in this loop complete into the same map
                known = endTables.containsKey(e.guid());
            }
            if (!known) {
                int blocks = Math.max(1, (e.node.info.partitionCap() + BLOCK - 1) / BLOCK);
                int[] block0;
                synchronized (e.node) {
                    block0 = e.node.pKeyBlock0[e.port];
                }
                if (blocks == 1 && block0 != null && block0.length == BLOCK) {
                    synchronized (this) {
                        endTables.put(e.guid(), block0.clone()); // the whole table, read by this sweep already
                    }
                    continue;
                }
                endBlocksRead += blocks;
                all.add(readAsync(smps, e.route(), 0, blocks, endTables, e.guid(), problems,
                        "port " + e.port + " of " + e.node));
            }
        }
        FabricReader.join(all);
    }

    private <K> CompletableFuture<?> readAsync(Smps smps, int[] route, int port, int blocks, Map<K, int[]> into, K key,
            List<String> problems, String what) {
        int[] table = new int[blocks * BLOCK];
        List<CompletableFuture<?>> reads = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            int block = b;
            synchronized (this) {
                blocksRead++;
            }
            reads.add(smps.get(route, PKeyTable.CODEC, PKeyTable.modifier(b, port)).thenAccept(v -> {
                synchronized (table) {
                    for (int i = 0; i < BLOCK; i++) {
                        table[block * BLOCK + i] = v.pKeys().get(i);
                    }
                }
            }));
        }
        // a table that could not be read is written whole
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).handle((v, e) -> {
            if (e == null) {
                synchronized (this) {
                    into.put(key, table);
                }
            } else {
                problem(problems, "P_KeyTable of " + what, e);
            }
            return null;
        });
    }

    private <K> List<CompletableFuture<?>> writeBlocks(Smps smps, int[] route, int port, Map<K, int[]> memory, K key,
            List<Integer> wanted, String what, List<String> problems) {
        int[] held;
        int[] now;
        synchronized (this) { // reads and writes of other ports complete into the same map meanwhile
            held = memory.get(key);
            now = held == null ? new int[wanted.size()] : Arrays.copyOf(held, Math.max(held.length, wanted.size()));
            memory.put(key, now);
        }
        List<CompletableFuture<?>> sets = new ArrayList<>();
        for (int b = 0; b * BLOCK < wanted.size(); b++) {
            List<Integer> block = wanted.subList(b * BLOCK, b * BLOCK + BLOCK);
            if (held != null && held.length >= (b + 1) * BLOCK
                    && Arrays.stream(held, b * BLOCK, (b + 1) * BLOCK).boxed().toList().equals(block)) {
                continue;
            }
            int index = b;
            synchronized (this) {
                blocksWritten++;
            }
            sets.add(smps.set(route, PKeyTable.CODEC, PKeyTable.modifier(b, port), new PKeyTable(block))
                    .whenComplete((v, e) -> {
                        synchronized (this) {
                            if (v != null) {
                                for (int i = 0; i < BLOCK; i++) {
                                    now[index * BLOCK + i] = v.pKeys().get(i);
                                }
                            } else {
                                memory.remove(key); // read again next time
                                problem(problems, "P_KeyTable block " + index + " Set of " + what, e);
                            }
                        }
                    }));
        }
        return sets;
    }

    /**
     * Sets the enforcement bits of switch port {@code p} where they differ. A port in INIT whose link is up is armed by
     * the same Set, with the link parameters the activation phase gives it (as the programming phase arms the end
     * ports): activation then only makes it ACTIVE, one Set a port fewer. An ARMED port forwards no data, so arming
     * it before the LFTs are written is safe.
     */
    private CompletableFuture<?> enforcement(Smps smps, SweptFabric fabric, int index, int p, Enforcement wanted,
            List<String> problems) {
        SmNode sw = fabric.nodes.get(index);
        PortInfo read = p < sw.ports.length ? sw.ports[p] : null;
        if (read == null) {
            return CompletableFuture.completedFuture(null);
        }
        boolean in = wanted == Enforcement.IN || wanted == Enforcement.BOTH;
        boolean out = wanted == Enforcement.OUT || wanted == Enforcement.BOTH;
        if (read.partitionEnforcementInbound() == in && read.partitionEnforcementOutbound() == out) {
            return CompletableFuture.completedFuture(null);
        }
        synchronized (this) {
            enforcementSets++;
        }
        PortInfoBuilder b = PortSettings.base(read).partitionEnforcementInbound(in).partitionEnforcementOutbound(out);
        if (read.portState() == SweptFabric.INIT && fabric.linkUp(index, p)) {
            SmNode peerNode = fabric.nodes.get(sw.peerNode[p]);
            PortInfo peer;
            synchronized (peerNode) { // the programming phase's Set of the end port may be answered meanwhile
                peer = peerNode.ports[sw.peerPort[p]];
            }
            b = PortSettings.link(b, read, peer).portState(SweptFabric.ARMED);
        }
        PortInfo w = b.build();
        return smps.set(sw.route, PortInfo.CODEC, p, w).whenComplete((v, e) -> {
            if (v != null) {
                synchronized (sw) {
                    sw.ports[p] = v;
                }
            } else {
                problem(problems, "PortInfo (partition enforcement) Set of port " + p + " of " + sw, e);
            }
        });
    }

    private static void problem(List<String> problems, String what, Throwable e) {
        synchronized (problems) {
            problems.add(what + ": " + Smps.SmpException.of(e).getMessage());
        }
    }
}
