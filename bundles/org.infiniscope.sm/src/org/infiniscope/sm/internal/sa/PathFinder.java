package org.infiniscope.sm.internal.sa;

import static org.infiniscope.mad.sa.PathRecord.Components.DGID;
import static org.infiniscope.mad.sa.PathRecord.Components.DLID;
import static org.infiniscope.mad.sa.PathRecord.Components.FLOW_LABEL;
import static org.infiniscope.mad.sa.PathRecord.Components.HOP_LIMIT;
import static org.infiniscope.mad.sa.PathRecord.Components.MTU;
import static org.infiniscope.mad.sa.PathRecord.Components.MTU_SELECTOR;
import static org.infiniscope.mad.sa.PathRecord.Components.NUMB_PATH;
import static org.infiniscope.mad.sa.PathRecord.Components.PACKET_LIFE_TIME;
import static org.infiniscope.mad.sa.PathRecord.Components.PACKET_LIFE_TIME_SELECTOR;
import static org.infiniscope.mad.sa.PathRecord.Components.P_KEY;
import static org.infiniscope.mad.sa.PathRecord.Components.QOS_CLASS;
import static org.infiniscope.mad.sa.PathRecord.Components.RATE;
import static org.infiniscope.mad.sa.PathRecord.Components.RATE_SELECTOR;
import static org.infiniscope.mad.sa.PathRecord.Components.RAW_TRAFFIC;
import static org.infiniscope.mad.sa.PathRecord.Components.REVERSIBLE;
import static org.infiniscope.mad.sa.PathRecord.Components.SERVICE_ID;
import static org.infiniscope.mad.sa.PathRecord.Components.SGID;
import static org.infiniscope.mad.sa.PathRecord.Components.SL;
import static org.infiniscope.mad.sa.PathRecord.Components.SLID;
import static org.infiniscope.mad.sa.PathRecord.Components.TCLASS;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.Subnet.PortRef;

/**
 * Answers PathRecord queries: the ports a request names (by GID or LID, or every port), each pair's path found by
 * following the switches' forwarding tables hop by hop from the source's LID to the destination's, its MTU and rate the
 * least of every link it crosses, its SL the routing's, its P_Key one both ends share. A pair without a route or
 * without a shared partition has no path.
 */
final class PathFinder {

    /** What a walk along the forwarding tables found. */
    record Walk(int hops, int mtu, int mbps) {
    }

    /** An endport of the subnet: its port, GUID and the LID to use. */
    private record End(PortRef ref, int lid) {
    }

    private static final int DEFAULT_PKEY = 0xFFFF;

    private final SubnetView view;
    private final Subnet subnet;
    private final RoutingGraph graph;
    private final RoutingResult routing;
    private final int packetLifeTime;

    PathFinder(SubnetView view, int packetLifeTime) {
        this.view = view;
        this.subnet = view.subnet();
        this.graph = subnet.graph();
        this.routing = subnet.routing();
        this.packetLifeTime = packetLifeTime;
    }

    /**
     * @param request the template
     * @param mask the components it gives
     * @param limit the most records to return (a table's size bound)
     * @return the paths that match, source by source
     * @throws SaError for a malformed request (a multicast or foreign source GID, a bad selector)
     */
    List<PathRecord> find(PathRecord request, long mask, int limit) throws SaError {
        FieldLayout.PATH.check(mask);
        if ((mask & RAW_TRAFFIC) != 0 && request.rawTraffic()) {
            return List.of(); // raw datagrams need no path record from the SA
        }
        List<End> sources = ends(request.sgid(), request.slid(), mask & SGID, mask & SLID, "SGID");
        List<End> destinations = ends(request.dgid(), request.dlid(), mask & DGID, mask & DLID, "DGID");
        int numbPath = (mask & NUMB_PATH) != 0 ? request.numbPath() : 0;
        List<PathRecord> found = new ArrayList<>();
        for (End src : sources) {
            for (End dst : destinations) {
                int perPair = 0;
                for (int slid : lids(src, numbPath)) {
                    for (int dlid : lids(dst, numbPath)) {
                        if (numbPath > 0 && perPair >= numbPath || found.size() >= limit) {
                            break;
                        }
                        Optional<PathRecord> path = path(request, mask, src.ref, slid, dst.ref, dlid);
                        if (path.isPresent()) {
                            found.add(path.get());
                            perPair++;
                        }
                    }
                }
                if (found.size() >= limit) {
                    return found;
                }
            }
        }
        return found;
    }

    /** @return the ports named by a GID and/or a LID, every endport with a LID when neither is given */
    private List<End> ends(Gid gid, int lid, long gidGiven, long lidGiven, String what) throws SaError {
        PortRef byGid = null;
        if (gidGiven != 0) {
            if (gid.isMulticast()) {
                if (what.equals("SGID")) {
                    throw SaError.sa(SaStatus.ERR_REQ_INVALID_GID, "a multicast SGID " + gid);
                }
                return List.of(); // multicast paths come with the group (MCMemberRecord)
            }
            if (!view.isLocal(gid)) {
                throw SaError.sa(SaStatus.ERR_REQ_INVALID_GID, what + " " + gid + " is not of this subnet");
            }
            byGid = subnet.byPortGuid(gid.interfaceId()).orElse(null);
            if (byGid == null) {
                throw SaError.sa(SaStatus.ERR_REQ_INVALID_GID, what + " " + gid + " names no port of the subnet");
            }
        }
        if (lidGiven != 0) {
            Optional<PortRef> byLid = subnet.byLid(lid);
            if (byLid.isEmpty() || byGid != null && byGid.port().guid() != byLid.get().port().guid()) {
                return List.of();
            }
            return List.of(new End(byLid.get(), lid));
        }
        if (byGid != null) {
            return byGid.port().info().lid() == 0 ? List.of() : List.of(new End(byGid, 0));
        }
        List<End> all = new ArrayList<>();
        for (var node : subnet.nodes()) {
            for (var port : node.ports()) {
                boolean endport = !node.isSwitch() || port.number() == 0;
                if (endport && port.info().lid() > 0) {
                    all.add(new End(new PortRef(node, port), 0));
                }
            }
        }
        return all;
    }

    /** @return the LIDs to try of an end: the one asked for, else its base LID, else all its LMC LIDs for NumbPath */
    private static int[] lids(End end, int numbPath) {
        if (end.lid != 0) {
            return new int[]{end.lid};
        }
        PortInfo info = end.ref.port().info();
        int count = numbPath > 1 ? 1 << info.lmc() : 1;
        int[] lids = new int[count];
        for (int i = 0; i < count; i++) {
            lids[i] = info.lid() + i;
        }
        return lids;
    }

    private Optional<PathRecord> path(PathRecord q, long mask, PortRef src, int slid, PortRef dst, int dlid) {
        Optional<Walk> walk = walk(src, slid, dlid);
        if (walk.isEmpty()) {
            return Optional.empty();
        }
        boolean reversible = walk(dst, dlid, slid).isPresent();
        if ((mask & REVERSIBLE) != 0 && q.reversible() && !reversible) {
            return Optional.empty();
        }
        int pKey = sharedPKey(src, dst, (mask & P_KEY) != 0 ? q.pKey() : -1);
        if (pKey < 0) {
            return Optional.empty();
        }
        int sl = routing.sl(slid, dlid);
        if ((mask & SL) != 0 && q.sl() != sl) {
            return Optional.empty();
        }
        int mtu = selectMtu(walk.get().mtu(), mask, q);
        int rate = selectRate(walk.get().mbps(), mask, q);
        // a port's path to itself crosses no link: no time in the fabric, as OpenSM answers
        int life = selectLifeTime(walk.get().hops() == 0 ? 0 : packetLifeTime, mask, q);
        if (mtu == 0 || rate == 0 || life < 0) {
            return Optional.empty();
        }
        return Optional.of(new PathRecord((mask & SERVICE_ID) != 0 ? q.serviceId() : 0, view.gid(dst.port().guid()),
                view.gid(src.port().guid()), dlid, slid, false, (mask & FLOW_LABEL) != 0 ? q.flowLabel() : 0,
                (mask & HOP_LIMIT) != 0 ? q.hopLimit() : 0, (mask & TCLASS) != 0 ? q.tClass() : 0, reversible, 0, pKey,
                (mask & QOS_CLASS) != 0 ? q.qosClass() : 0, sl, 2, mtu, 2, rate, 2, life, 0));
    }

    /**
     * Follows the forwarding tables from the port {@code from} (whose LID is {@code slid}) towards {@code dlid}. The
     * MTU is the least of both ends' MTU capabilities (a switch's port 0 for a switch) and of every link's neighbour
     * MTU; the rate the least of every link's, and of the ends' where they have one; hops count the links crossed.
     *
     * @return the hops and the least MTU and rate on the way, empty when a table has no route, a link leads nowhere,
     *         the route loops or ends at another port
     */
    Optional<Walk> walk(PortRef from, int slid, int dlid) {
        Optional<PortRef> to = subnet.byLid(dlid);
        if (to.isEmpty()) {
            return Optional.empty();
        }
        int target = view.endport(to.get().port().guid());
        int e = view.endport(from.port().guid());
        if (e == RoutingGraph.NONE || target == RoutingGraph.NONE) {
            return Optional.empty();
        }
        PortInfo first = from.port().info();
        PortInfo last = to.get().port().info();
        Limits limits = new Limits(first);
        if (e == target) {
            return Optional.of(limits.walk(0));
        }
        int s = graph.endportSwitch(e);
        if (s == RoutingGraph.NONE) {
            return Optional.empty();
        }
        int hops = 0;
        if (!graph.isSwitchEndport(e)) {
            limits.link(first);
            hops = 1;
        }
        for (int n = 0; n <= graph.switchCount(); n++) {
            int p = s < routing.switchCount() ? routing.port(s, dlid) : RoutingResult.NO_ROUTE;
            if (p == RoutingResult.NO_ROUTE || p > graph.portCount(s)) {
                return Optional.empty();
            }
            if (p == 0) {
                return graph.switchEndport(s) == target ? Optional.of(limits.end(last).walk(hops)) : Optional.empty();
            }
            PortInfo out = view.switchPort(s, p);
            if (out != null) {
                limits.link(out);
            }
            hops++;
            int next = graph.peerSwitch(s, p);
            if (next == RoutingGraph.NONE) {
                return graph.portEndport(s, p) == target ? Optional.of(limits.end(last).walk(hops)) : Optional.empty();
            }
            s = next;
        }
        return Optional.empty(); // the tables loop
    }

    /** The least MTU and rate met so far. */
    private static final class Limits {
        int mtu;
        int mbps = Integer.MAX_VALUE;

        Limits(PortInfo source) {
            mtu = source.mtuCap();
            rate(source);
        }

        /** A link crossed out of a port: its neighbour MTU and its rate. */
        void link(PortInfo out) {
            mtu = Math.min(mtu, LinkRates.portMtu(out));
            rate(out);
        }

        /** The destination port: its MTU capability and its rate, when it has one. */
        Limits end(PortInfo port) {
            mtu = Math.min(mtu, port.mtuCap());
            rate(port);
            return this;
        }

        private void rate(PortInfo port) {
            int r = LinkRates.portMbps(port);
            if (r > 0) {
                mbps = Math.min(mbps, r);
            }
        }

        Walk walk(int hops) {
            return new Walk(hops, mtu, mbps == Integer.MAX_VALUE ? 0 : mbps);
        }
    }

    /**
     * @param wanted the P_Key the request names, or -1
     * @return a P_Key in both ends' tables with at least one full member, or -1 when they share none
     */
    private int sharedPKey(PortRef src, PortRef dst, int wanted) {
        List<Integer> a = pKeys(src);
        List<Integer> b = pKeys(dst);
        for (int ka : a) {
            if ((ka & 0x7FFF) == 0 || wanted >= 0 && (ka & 0x7FFF) != (wanted & 0x7FFF)) {
                continue;
            }
            for (int kb : b) {
                if ((kb & 0x7FFF) == (ka & 0x7FFF) && ((ka | kb) & 0x8000) != 0) {
                    return ka;
                }
            }
        }
        return -1;
    }

    /** @return a port's P_Keys; a port without a table is in the default partition */
    private static List<Integer> pKeys(PortRef ref) {
        List<Integer> keys = ref.port().pKeys();
        return keys.isEmpty() ? List.of(DEFAULT_PKEY) : keys;
    }

    /** @return the MTU to answer: within what the path carries and what the selector asks, 0 when none is */
    private static int selectMtu(int path, long mask, PathRecord q) {
        if ((mask & MTU) == 0) {
            return path;
        }
        int selector = (mask & MTU_SELECTOR) != 0 ? q.mtuSelector() : 2;
        return switch (selector) {
            case 0 -> path > q.mtu() ? path : 0;
            case 1 -> Math.min(path, q.mtu() - 1) >= 1 ? Math.min(path, q.mtu() - 1) : 0;
            case 2 -> q.mtu() >= 1 && q.mtu() <= path ? q.mtu() : 0;
            default -> path;
        };
    }

    /** @return the rate code to answer, 0 when the path cannot meet the request */
    private static int selectRate(int pathMbps, long mask, PathRecord q) {
        int pathCode = LinkRates.codeAtMost(pathMbps);
        if ((mask & RATE) == 0 || pathCode == 0) {
            return pathCode;
        }
        int asked = LinkRates.mbps(q.rate());
        int selector = (mask & RATE_SELECTOR) != 0 ? q.rateSelector() : 2;
        return switch (selector) {
            case 0 -> LinkRates.mbps(pathCode) > asked ? pathCode : 0;
            case 1 -> LinkRates.mbps(pathCode) < asked ? pathCode : LinkRates.codeBelow(asked);
            case 2 -> asked > 0 && asked <= LinkRates.mbps(pathCode) ? q.rate() : 0;
            default -> pathCode;
        };
    }

    /** @return the PacketLifeTime to answer, -1 when the request's bound cannot be met */
    private static int selectLifeTime(int packetLifeTime, long mask, PathRecord q) {
        if ((mask & PACKET_LIFE_TIME) == 0) {
            return packetLifeTime;
        }
        int asked = q.packetLifeTime();
        int selector = (mask & PACKET_LIFE_TIME_SELECTOR) != 0 ? q.packetLifeTimeSelector() : 2;
        return switch (selector) {
            case 0 -> Math.max(packetLifeTime, asked + 1) <= 63 ? Math.max(packetLifeTime, asked + 1) : -1;
            case 1 -> packetLifeTime < asked ? packetLifeTime : -1;
            case 2 -> asked >= packetLifeTime ? asked : -1;
            default -> packetLifeTime;
        };
    }
}
