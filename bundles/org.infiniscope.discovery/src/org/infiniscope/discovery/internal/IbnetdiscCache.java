package org.infiniscope.discovery.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * libibnetdisc's fabric cache, the file of {@code ibnetdiscover --cache} and {@code --load-cache}, so that either tool
 * reads what the other wrote. Little-endian throughout:
 *
 * <pre>
 * header  u32 magic 0x8FE7832B, u32 version 1, u32 node count, u32 port count, u64 from-node GUID, u32 max hops
 * node    u16 SMA LID, u8 SMA LMC, u8 EnhancedPort0, 64 bytes SwitchInfo, u64 node GUID, u8 type, u8 NumPorts,
 *         64 bytes NodeInfo, 64 bytes NodeDescription, u8 n, n x (u64 port GUID, u8 port number)
 * port    u64 port GUID, u8 port number, u8 external port number, u16 base LID, u8 LMC, 64 bytes PortInfo,
 *         u64 node GUID, u8 has-peer, u64 peer port GUID, u8 peer port number
 * </pre>
 *
 * Attributes are stored in their wire form (big-endian, as the SMA sends them). Nodes come last found first, as
 * libibnetdisc keeps its node list; ports are keyed by (port GUID, port number). What a snapshot has and the format
 * has not: a port that never answered (it is left out; a port read but whose peer did not answer is kept as read,
 * reachable again when loaded) and the SwitchInfo beyond EnhancedPort0 (written as zeros; neither tool prints it).
 * Reading checks the magic, the version, every length and every reference, and names the byte offset of what is
 * wrong.
 */
final class IbnetdiscCache {

    static final int MAGIC = 0x8FE7832B;
    static final int VERSION = 1;
    private static final int DATA = 64;
    private static final int MAX_NODES = 1 << 20;

    private IbnetdiscCache() {
    }

    /** A cache file that cannot be read. */
    static final class CacheException extends Exception {
        private static final long serialVersionUID = 1L;

        CacheException(String message) {
            super(message);
        }
    }

    /** Writes the snapshot to a file, replacing it only once the whole file is written. */
    static void write(FabricSnapshot s, Path file) throws IOException {
        byte[] bytes = encode(s);
        Path parent = file.toAbsolutePath().getParent();
        Path temp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
        try {
            Files.write(temp, bytes);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    static byte[] encode(FabricSnapshot s) {
        Map<Long, DiscoveredNode> byGuid = s.nodesByGuid();
        Map<Long, List<FabricSnapshot.End>> ends = s.ends();
        List<DiscoveredNode> nodes = s.nodes().reversed();
        int ports = 0;
        int size = 28;
        for (DiscoveredNode n : nodes) {
            List<DiscoveredPort> stored = stored(n);
            ports += stored.size();
            size += 15 + 3 * DATA + 9 * stored.size() + (31 + DATA) * stored.size();
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        int maxHops = IbnetdiscoverText.maxHops(s);
        out.putInt(MAGIC).putInt(VERSION).putInt(nodes.size()).putInt(ports).putLong(s.localNodeGuid()).putInt(maxHops);
        for (DiscoveredNode n : nodes) {
            DiscoveredPort p0 = n.isSwitch() ? n.port(0).orElse(null) : null;
            out.putShort((short) (p0 == null ? 0 : p0.lid())).put((byte) (p0 == null ? 0 : p0.lmc()))
                    .put((byte) (n.enhancedPort0() ? 1 : 0));
            out.put(new byte[DATA]);
            out.putLong(n.nodeGuid()).put((byte) n.type()).put((byte) n.portCount());
            out.put(nodeInfo(n, s));
            byte[] desc = new byte[DATA];
            NodeDescription.CODEC.encode(new NodeDescription(n.description()), desc, 0);
            out.put(desc);
            List<DiscoveredPort> stored = stored(n);
            out.put((byte) stored.size());
            for (DiscoveredPort p : stored) {
                out.putLong(p.portGuid()).put((byte) p.number());
            }
        }
        for (DiscoveredNode n : nodes) {
            for (DiscoveredPort p : stored(n)) {
                DiscoveredPort base = n.isSwitch() ? n.port(0).orElse(p) : p;
                out.putLong(p.portGuid()).put((byte) p.number()).put((byte) 0).putShort((short) base.lid())
                        .put((byte) base.lmc());
                byte[] info = new byte[DATA];
                PortInfo.CODEC.encode(portInfo(p), info, 0);
                out.put(info);
                out.putLong(n.nodeGuid());
                FabricSnapshot.End end = ends.getOrDefault(n.nodeGuid(), List.of()).stream()
                        .filter(e -> e.port() == p.number()).findFirst().orElse(null);
                DiscoveredNode peer = end == null ? null : byGuid.get(end.peer());
                if (peer != null) {
                    long peerGuid = peer.port(peer.isSwitch() ? 0 : end.peerPort()).map(DiscoveredPort::portGuid)
                            .orElse(0L);
                    out.put((byte) 1).putLong(peerGuid).put((byte) end.peerPort());
                } else {
                    out.put((byte) 0).putLong(0).put((byte) 0);
                }
            }
        }
        return out.array();
    }

    /** The ports that were read: a port that never answered has nothing to store. */
    private static List<DiscoveredPort> stored(DiscoveredNode n) {
        return n.ports().stream().filter(p -> p.reachable() || p.state() != 0).toList();
    }

    private static byte[] nodeInfo(DiscoveredNode n, FabricSnapshot s) {
        boolean local = n.nodeGuid() == s.localNodeGuid();
        int port = n.isSwitch()
                ? (local ? s.localPort() : 0)
                : local ? s.localPort() : n.ports().isEmpty() ? 0 : n.ports().get(0).number();
        long portGuid = n.port(n.isSwitch() ? 0 : port).map(DiscoveredPort::portGuid).orElse(0L);
        byte[] info = new byte[DATA];
        NodeInfo.CODEC.encode(new NodeInfo(1, 1, n.type(), n.portCount(), n.systemImageGuid(), n.nodeGuid(), portGuid,
                0, n.deviceId(), n.revision(), port, n.vendorId()), info, 0);
        return info;
    }

    private static PortInfo portInfo(DiscoveredPort p) {
        return new PortInfoBuilder().lid(p.lid()).lmc(p.lmc()).capabilityMask(p.capabilityMask())
                .localPortNum(p.number()).portState(p.state()).portPhysicalState(p.physicalState())
                .linkWidthActive(p.widthActive()).linkSpeedActive(p.speedActive())
                .linkSpeedExtActive(p.speedExtActive()).linkWidthSupported(p.widthSupported())
                .linkSpeedSupported(p.speedSupported()).linkSpeedExtSupported(p.speedExtSupported())
                .linkWidthEnabled(p.widthEnabled()).linkSpeedEnabled(p.speedEnabled())
                .linkSpeedExtEnabled(p.speedExtEnabled()).neighborMtu(p.neighborMtu()).mtuCap(p.mtuCap())
                .gidPrefix(p.gidPrefix()).masterSmLid(p.masterSmLid()).build();
    }

    /** Reads a cache file, checking it whole. */
    static FabricSnapshot read(Path file) throws IOException, CacheException {
        return decode(Files.readAllBytes(file), file.toString());
    }

    private record PortKey(long guid, int number) {
    }

    private record StoredPort(DiscoveredPort port, long nodeGuid, boolean hasPeer, PortKey peer) {
    }

    static FabricSnapshot decode(byte[] bytes, String source) throws CacheException {
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int magic = bytes.length >= 4 ? in.getInt(0) : 0;
        if (magic != MAGIC) {
            throw new CacheException(String.format("%s: not an ibnetdiscover cache (magic 0x%08x, expected 0x%08x)",
                    source, magic, MAGIC));
        }
        need(in, 28, source, "the header");
        in.getInt();
        int version = in.getInt();
        if (version != VERSION) {
            throw new CacheException(source + ": cache version " + version + ", only version " + VERSION + " is known");
        }
        long nodeCount = Integer.toUnsignedLong(in.getInt());
        long portCount = Integer.toUnsignedLong(in.getInt());
        long from = in.getLong();
        in.getInt(); // max hops: the routes are computed again from the links
        if (nodeCount == 0 || nodeCount > MAX_NODES || portCount > MAX_NODES * 256L) {
            throw new CacheException(source + ": implausible counts: " + nodeCount + " nodes, " + portCount + " ports");
        }
        List<DiscoveredNode> fileOrder = new ArrayList<>();
        Map<Long, List<PortKey>> keys = new HashMap<>();
        Map<Long, Integer> localPorts = new HashMap<>();
        try {
            for (long i = 0; i < nodeCount; i++) {
                int at = in.position();
                need(in, 15 + 3 * DATA, source, "node " + i);
                in.getShort();
                in.get();
                boolean enhanced = in.get() != 0;
                in.position(in.position() + DATA);
                long guid = in.getLong();
                int type = in.get() & 0xff;
                int numPorts = in.get() & 0xff;
                byte[] raw = new byte[DATA];
                in.get(raw);
                NodeInfo info = NodeInfo.CODEC.decode(raw, 0);
                in.get(raw);
                String desc = NodeDescription.CODEC.decode(raw, 0).text();
                int stored = in.get() & 0xff;
                need(in, 9 * stored, source, "the port keys of node " + i);
                List<PortKey> nodeKeys = new ArrayList<>();
                for (int k = 0; k < stored; k++) {
                    nodeKeys.add(new PortKey(in.getLong(), in.get() & 0xff));
                }
                if (info.nodeGuid() != guid || type < 1 || type > 3) {
                    throw new CacheException(String.format(
                            "%s: node at byte %d: GUID 0x%x, type %d and its NodeInfo" + " (GUID 0x%x) do not agree",
                            source, at, guid, type, info.nodeGuid()));
                }
                if (keys.put(guid, nodeKeys) != null) {
                    throw new CacheException(String.format("%s: node 0x%016x twice (byte %d)", source, guid, at));
                }
                localPorts.put(guid, info.localPortNum());
                fileOrder.add(new DiscoveredNode(type, guid, info.systemImageGuid(), desc, info.vendorId(),
                        info.deviceId(), info.revision(), numPorts, enhanced, List.of(), List.of()));
            }
            Map<PortKey, StoredPort> ports = new HashMap<>();
            for (long i = 0; i < portCount; i++) {
                int at = in.position();
                need(in, 31 + DATA, source, "port " + i);
                long guid = in.getLong();
                int number = in.get() & 0xff;
                in.get(); // external port number: chassis grouping only
                in.getShort(); // base LID and LMC: as the PortInfo says, but for a switch's external ports
                in.get();
                byte[] raw = new byte[DATA];
                in.get(raw);
                PortInfo p = PortInfo.CODEC.decode(raw, 0);
                long nodeGuid = in.getLong();
                boolean hasPeer = in.get() != 0;
                PortKey peer = new PortKey(in.getLong(), in.get() & 0xff);
                DiscoveredPort port = NodeBuilder.raw(number, guid, p);
                if (ports.put(new PortKey(guid, number), new StoredPort(port, nodeGuid, hasPeer, peer)) != null) {
                    throw new CacheException(
                            String.format("%s: port 0x%016x[%d] twice (byte %d)", source, guid, number, at));
                }
            }
            if (in.hasRemaining()) {
                throw new CacheException(
                        source + ": " + in.remaining() + " bytes after the last port (byte " + in.position() + ")");
            }
            return snapshot(fileOrder, keys, ports, from, localPorts, source);
        } catch (MadFormatException e) {
            throw new CacheException(source + ": byte " + in.position() + ": " + e.getMessage());
        }
    }

    private static FabricSnapshot snapshot(List<DiscoveredNode> fileOrder, Map<Long, List<PortKey>> keys,
            Map<PortKey, StoredPort> ports, long from, Map<Long, Integer> localPorts, String source)
            throws CacheException {
        List<DiscoveredNode> nodes = new ArrayList<>();
        Set<PortKey> owned = new HashSet<>();
        for (DiscoveredNode n : fileOrder.reversed()) {
            List<DiscoveredPort> list = new ArrayList<>();
            for (PortKey key : keys.get(n.nodeGuid())) {
                StoredPort p = ports.get(key);
                if (p == null || p.nodeGuid() != n.nodeGuid() || !owned.add(key)) {
                    throw new CacheException(String.format("%s: node 0x%016x lists port 0x%016x[%d], which %s", source,
                            n.nodeGuid(), key.guid(), key.number(),
                            p == null ? "is not in the file" : "belongs to another node or is listed twice"));
                }
                list.add(p.port());
            }
            list.sort(java.util.Comparator.comparingInt(DiscoveredPort::number));
            nodes.add(new DiscoveredNode(n.type(), n.nodeGuid(), n.systemImageGuid(), n.description(), n.vendorId(),
                    n.deviceId(), n.revision(), n.portCount(), n.enhancedPort0(),
                    NodeBuilder.announced(n.type() == DiscoveredNode.SWITCH, list), List.of()));
        }
        if (!keys.containsKey(from)) {
            throw new CacheException(String.format("%s: the from node 0x%016x is not in the file", source, from));
        }
        List<DiscoveredLink> links = new ArrayList<>();
        Set<PortKey> linked = new HashSet<>();
        for (DiscoveredNode n : nodes) {
            for (PortKey key : keys.get(n.nodeGuid())) {
                StoredPort p = ports.get(key);
                if (!p.hasPeer()) {
                    continue;
                }
                StoredPort peer = ports.get(p.peer());
                if (peer == null || !keys.containsKey(peer.nodeGuid())) {
                    throw new CacheException(String.format(
                            "%s: port 0x%016x[%d] is linked to port 0x%016x[%d], which is not in the file", source,
                            key.guid(), key.number(), p.peer().guid(), p.peer().number()));
                }
                if (!peer.hasPeer() || !peer.peer().equals(key)) {
                    throw new CacheException(String.format(
                            "%s: port 0x%016x[%d] is linked to port 0x%016x[%d], which is not linked back to it",
                            source, key.guid(), key.number(), p.peer().guid(), p.peer().number()));
                }
                if (linked.contains(key)) {
                    continue;
                }
                linked.add(key);
                linked.add(p.peer());
                links.add(new DiscoveredLink(n.nodeGuid(), key.number(), peer.nodeGuid(), p.peer().number()));
            }
        }
        return Snapshots.ordered(nodes, links, from, localPorts.get(from), 0, false);
    }

    private static void need(ByteBuffer in, int bytes, String source, String what) throws CacheException {
        if (in.remaining() < bytes) {
            throw new CacheException(
                    source + ": the file ends inside " + what + " (byte " + in.position() + " of " + in.limit() + ")");
        }
    }
}
