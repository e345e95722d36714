package org.infiniscope.discovery.internal;

import java.util.List;
import java.util.Locale;

import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;

/**
 * {@code ibnetdiscover --diff}: the differences between a cached fabric (lines marked {@code <}) and the current one
 * ({@code >}), in the topology file's lines, by switches, then CAs, then routers. For each type: every node of the
 * cached fabric that the current one lacks, with all its linked ports; for a node in both, the node line of each
 * side when its LID or description differs, the port count of each when that differs, else each port whose
 * connection or LID differs; then every node the current fabric has and the cache lacks. {@code --diffcheck} picks
 * the checks: {@code sw}, {@code ca}, {@code router} (which node types), {@code port} (connections), {@code lid},
 * {@code nodedesc}; by default sw, ca, router and port.
 */
final class IbnetdiscoverDiff {

    static final int SWITCH = 0x01, CA = 0x02, ROUTER = 0x04, PORT = 0x08, LID = 0x10, NODEDESC = 0x20;
    static final int DEFAULT = SWITCH | CA | ROUTER | PORT;

    private IbnetdiscoverDiff() {
    }

    /** @return the checks of a {@code --diffcheck} list, as ibnetdiscover reads it (case-insensitive keys) */
    static int checks(String keys) throws UsageException {
        int flags = 0;
        for (String key : keys.split(",")) {
            if (key.isEmpty()) {
                continue; // strtok skips empty fields
            }
            flags |= switch (key.toLowerCase(Locale.ROOT)) {
                case "sw" -> SWITCH;
                case "ca" -> CA;
                case "router" -> ROUTER;
                case "port" -> PORT;
                case "lid" -> LID;
                case "nodedesc" -> NODEDESC;
                default -> throw new UsageException(
                        "invalid diff check key: " + key + " (expected sw, ca, router, port, lid, nodedesc)");
            };
        }
        return flags;
    }

    static String diff(FabricSnapshot cached, FabricSnapshot current, int flags, NodeNameMap names) {
        IbnetdiscoverText before = new IbnetdiscoverText(cached, names);
        IbnetdiscoverText now = new IbnetdiscoverText(current, names);
        StringBuilder out = new StringBuilder();
        int[][] types = {{SWITCH, DiscoveredNode.SWITCH}, {CA, DiscoveredNode.CA}, {ROUTER, DiscoveredNode.ROUTER}};
        for (int[] type : types) {
            if ((flags & type[0]) == 0) {
                continue;
            }
            for (DiscoveredNode node : before.typeList(type[1])) {
                node(node, before, now, flags, "< ", "> ", out);
            }
            // the other way round only finds nodes the cache lacks: the checks of nodes in both are done
            int existence = flags & ~(PORT | LID | NODEDESC);
            for (DiscoveredNode node : now.typeList(type[1])) {
                node(node, now, before, existence, "> ", "< ", out);
            }
        }
        return out.toString();
    }

    private static void node(DiscoveredNode one, IbnetdiscoverText first, IbnetdiscoverText second, int flags,
            String firstPrefix, String secondPrefix, StringBuilder out) {
        DiscoveredNode other = second.node(one.nodeGuid());
        if (other == null) {
            first.header(one, firstPrefix, firstPrefix, false, out);
            for (int p = 1; p <= one.portCount(); p++) {
                first.port(one, p, firstPrefix, out);
            }
            return;
        }
        if ((flags & (PORT | LID | NODEDESC)) == 0) {
            return;
        }
        boolean[] header = {false};
        if ((flags & LID) != 0 && smaLid(one) != smaLid(other)
                || (flags & NODEDESC) != 0 && !one.description().equals(other.description())) {
            first.header(one, "", firstPrefix, false, out);
            second.detail(other, secondPrefix, out);
            out.append('\n');
            header[0] = true;
        }
        if (one.portCount() != other.portCount()) {
            header(one, first, header, out);
            out.append(String.format("%snumports = %d\n", firstPrefix, one.portCount()));
            out.append(String.format("%snumports = %d\n", secondPrefix, other.portCount()));
            return;
        }
        if ((flags & (PORT | LID)) != 0) {
            ports(one, other, first, second, flags, firstPrefix, secondPrefix, header, out);
        }
    }

    private static void ports(DiscoveredNode one, DiscoveredNode other, IbnetdiscoverText first,
            IbnetdiscoverText second, int flags, String firstPrefix, String secondPrefix, boolean[] header,
            StringBuilder out) {
        for (int p = 1; p <= one.portCount(); p++) {
            DiscoveredPort a = IbnetdiscoverText.present(one, p);
            DiscoveredPort b = IbnetdiscoverText.present(other, p);
            FabricSnapshot.End peerA = a == null ? null : first.peer(one, p).orElse(null);
            FabricSnapshot.End peerB = b == null ? null : second.peer(other, p).orElse(null);
            boolean outA = false, outB = false;
            if ((flags & PORT) != 0) {
                if (a != null && b == null || a != null && peerA != null && peerB == null) {
                    outA = true;
                } else if (a == null && b != null || b != null && peerA == null && peerB != null) {
                    outB = true;
                } else if (a != null && (a.portGuid() != b.portGuid()
                        || peerA != null && peerB != null && peerGuid(first, peerA) != peerGuid(second, peerB))) {
                    outA = outB = true;
                }
            }
            if ((flags & LID) != 0 && a != null && b != null
                    && IbnetdiscoverText.baseLid(one, a) != IbnetdiscoverText.baseLid(other, b)) {
                outA = outB = true;
            }
            if ((flags & PORT) != 0 && peerA != null && peerB != null) {
                DiscoveredNode nodeA = first.node(peerA.peer());
                DiscoveredNode nodeB = second.node(peerB.peer());
                if ((flags & NODEDESC) != 0 && !nodeA.description().equals(nodeB.description())) {
                    outA = outB = true;
                }
                if ((flags & LID) != 0 && peerLid(nodeA, peerA) != peerLid(nodeB, peerB)) {
                    outA = outB = true;
                }
            }
            // a port with no peer has no line to print (ibnetdiscover itself would crash on one)
            if (outA) {
                header(one, first, header, out);
                first.port(one, p, firstPrefix, out);
            }
            if (outB) {
                header(one, first, header, out);
                second.port(other, p, secondPrefix, out);
            }
        }
    }

    private static void header(DiscoveredNode node, IbnetdiscoverText text, boolean[] printed, StringBuilder out) {
        if (!printed[0]) {
            text.header(node, "", "", false, out);
            printed[0] = true;
        }
    }

    /** libibnetdisc's smalid: a switch's port 0 LID; 0 for a CA or router. */
    private static int smaLid(DiscoveredNode node) {
        return node.isSwitch() ? IbnetdiscoverText.lid(node, 0) : 0;
    }

    /** The GUID of the peer port: a switch's port 0 GUID, else the port's own. */
    private static long peerGuid(IbnetdiscoverText text, FabricSnapshot.End end) {
        DiscoveredNode peer = text.node(end.peer());
        return IbnetdiscoverText.portGuid(peer, peer.isSwitch() ? 0 : end.peerPort());
    }

    private static int peerLid(DiscoveredNode peer, FabricSnapshot.End end) {
        DiscoveredPort port = peer.port(end.peerPort()).orElse(null);
        return port == null ? 0 : IbnetdiscoverText.baseLid(peer, port);
    }

    static List<String> keys() {
        return List.of("sw", "ca", "router", "port", "lid", "nodedesc");
    }
}
