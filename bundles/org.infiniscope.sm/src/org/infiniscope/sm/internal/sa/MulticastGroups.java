package org.infiniscope.sm.internal.sa;

import static org.infiniscope.mad.sa.MCMemberRecord.Components.FLOW_LABEL;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.HOP_LIMIT;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.JOIN_STATE;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.MGID;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.MTU;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.MTU_SELECTOR;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.PACKET_LIFE_TIME;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.PORT_GID;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.P_KEY;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.Q_KEY;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.RATE;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.RATE_SELECTOR;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.SCOPE;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.SL;
import static org.infiniscope.mad.sa.MCMemberRecord.Components.TCLASS;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.subnet.Subnet.PortRef;

/**
 * The multicast groups the SA keeps (IBA 15.2.5.17): joins (SubnAdmSet) create a group and its MLID when a full
 * member asks with every component a group needs, or add a member; leaves (SubnAdmDelete) take membership bits away
 * and delete the group with its last member. Each change recomputes the group's spanning tree and hands its MFT port
 * masks to the {@link MulticastProgrammer}. Thread-safe; the programmer is called outside the lock.
 */
final class MulticastGroups {

    /** The components a join must give (IBA 15.4.2: MGID, PortGID, JoinState). */
    static final long JOIN_COMPONENTS = MGID | PORT_GID | JOIN_STATE;
    /** The further components a join that creates a group must give (as OpenSM requires). */
    static final long CREATE_COMPONENTS = JOIN_COMPONENTS | Q_KEY | P_KEY | TCLASS | FLOW_LABEL | SL;
    /** The first multicast LID. */
    static final int FIRST_MLID = 0xC000;
    /** The last multicast LID (0xFFFF is the permissive LID). */
    static final int LAST_MLID = 0xFFFE;
    /** The default packet life time of a group, as of a path. */
    private static final int GROUP_LIFE_TIME = 0x12;

    /** A group: the properties every member shares, and the members' join states by port GID. */
    private record Group(MCMemberRecord properties, Map<Gid, Integer> members) {
    }

    /** A change to hand to the programmer once the lock is released. */
    record Change(int mlid, Map<Long, Set<Integer>> masks) {
    }

    private final Map<Gid, Group> groups = new LinkedHashMap<>();
    private final TreeMap<Integer, Gid> mlids = new TreeMap<>();

    /**
     * A join.
     *
     * @param q the request's record
     * @param mask its component mask
     * @param requester the requester's port (null when unknown)
     * @param view the subnet
     * @param changes where the group's new MFT masks go
     * @return the member's record as the SA answers it
     */
    synchronized MCMemberRecord join(MCMemberRecord q, long mask, PortRef requester, SubnetView view,
            List<Change> changes) throws SaError {
        FieldLayout.MC_MEMBER.check(mask);
        if ((mask & JOIN_COMPONENTS) != JOIN_COMPONENTS) {
            throw SaError.sa(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS,
                    "a join gives MGID, PortGID and JoinState; the mask is 0x" + Long.toHexString(mask));
        }
        if (q.joinState() == 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "a join with JoinState 0");
        }
        PortRef member = member(q.portGid(), view);
        if (!q.proxyJoin() && (requester == null || requester.port().guid() != member.port().guid())) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID,
                    "PortGID " + q.portGid() + " is not the requester's port and the join is no proxy join");
        }
        if (!q.mgid().equals(Gid.ZERO) && !q.mgid().isMulticast()) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "MGID " + q.mgid() + " is not a multicast GID");
        }
        Group group = q.mgid().equals(Gid.ZERO) ? null : groups.get(q.mgid());
        if (group == null) {
            group = create(q, mask, member, view);
        } else {
            checkCompatible(group.properties, q, mask);
        }
        if (!hasPKey(member, group.properties.pKey())) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, String.format("port %s is not in the group's partition 0x%04x",
                    q.portGid(), group.properties.pKey()));
        }
        group.members.merge(q.portGid(), q.joinState(), (a, b) -> a | b);
        changes.add(new Change(group.properties.mlid(), masks(group, view)));
        return recordOf(group, q.portGid(), q.proxyJoin());
    }

    /** A leave: takes the request's JoinState bits (all, without the component) from the member. */
    synchronized MCMemberRecord leave(MCMemberRecord q, long mask, PortRef requester, SubnetView view,
            List<Change> changes) throws SaError {
        FieldLayout.MC_MEMBER.check(mask);
        if ((mask & (MGID | PORT_GID)) != (MGID | PORT_GID)) {
            throw SaError.sa(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS, "a leave gives MGID and PortGID");
        }
        Group group = groups.get(q.mgid());
        Integer state = group == null ? null : group.members.get(q.portGid());
        if (state == null) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "port " + q.portGid() + " is no member of " + q.mgid());
        }
        if (!q.proxyJoin() && (requester == null || requester.port().guid() != q.portGid().interfaceId())) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "only the member itself leaves, unless by proxy");
        }
        MCMemberRecord answer = recordOf(group, q.portGid(), q.proxyJoin());
        int left = (mask & JOIN_STATE) != 0 ? state & ~q.joinState() : 0;
        if (left == 0) {
            group.members.remove(q.portGid());
        } else {
            group.members.put(q.portGid(), left);
        }
        int mlid = group.properties.mlid();
        if (group.members.isEmpty()) {
            groups.remove(q.mgid());
            mlids.remove(mlid);
            changes.add(new Change(mlid, Map.of()));
        } else {
            changes.add(new Change(mlid, masks(group, view)));
        }
        return answer;
    }

    /** @return one record per member of every group, groups in creation order */
    synchronized List<MCMemberRecord> records() {
        List<MCMemberRecord> all = new ArrayList<>();
        for (Group g : groups.values()) {
            for (Gid port : g.members.keySet()) {
                all.add(recordOf(g, port, false));
            }
        }
        return all;
    }

    /**
     * @param view the subnet's view, asked for only when a group has members (building it for a large subnet takes
     *        a while: a sweep whose groups have no member yet, as after the first, reaches SUBNET UP without it)
     * @return every group's MFT masks on this subnet, by MLID: what the SM programs after a sweep
     */
    synchronized Map<Integer, Map<Long, Set<Integer>>> forwarding(java.util.function.Supplier<SubnetView> view) {
        Map<Integer, Map<Long, Set<Integer>>> all = new TreeMap<>();
        for (Group g : groups.values()) {
            all.put(g.properties.mlid(), g.members.isEmpty() ? Map.of() : masks(g, view.get()));
        }
        return all;
    }

    /**
     * Creates, before anyone joins, the groups a partitions file makes (as OpenSM does at SUBNET UP); a group that
     * exists already is left as it is.
     *
     * @return how many were created
     */
    synchronized int precreate(List<org.infiniscope.sm.partition.PrecreatedGroup> wanted) throws SaError {
        int created = 0;
        for (org.infiniscope.sm.partition.PrecreatedGroup g : wanted) {
            Gid mgid = Gid.read(g.mgid(), 0);
            if (groups.containsKey(mgid)) {
                continue;
            }
            int mlid = freeMlid();
            MCMemberRecord properties = new MCMemberRecord(mgid, Gid.ZERO, (int) g.qkey(), mlid, 2, g.mtu(), g.tclass(),
                    g.pkey(), 2, g.rate(), 2, GROUP_LIFE_TIME, g.sl(), g.flowLabel(), 0, g.scope(), 0, false);
            groups.put(mgid, new Group(properties, new LinkedHashMap<>()));
            mlids.put(mlid, mgid);
            created++;
        }
        return created;
    }

    private Group create(MCMemberRecord q, long mask, PortRef member, SubnetView view) throws SaError {
        if ((q.joinState() & MCMemberRecord.FULL_MEMBER) == 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "only a full member creates a group");
        }
        if ((mask & CREATE_COMPONENTS) != CREATE_COMPONENTS) {
            throw SaError.sa(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS,
                    String.format(
                            "creating a group takes MGID, PortGID, JoinState, Q_Key, P_Key, TClass, FlowLabel and SL;"
                                    + " the mask lacks 0x%x",
                            CREATE_COMPONENTS & ~mask));
        }
        if ((q.pKey() & 0x7FFF) == 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "P_Key 0 is invalid");
        }
        int mlid = freeMlid();
        int portMtu = LinkRates.portMtu(member.port().info());
        int mtu = (mask & MTU) != 0
                ? chosen(q.mtu(), (mask & MTU_SELECTOR) != 0 ? q.mtuSelector() : 2, portMtu)
                : portMtu;
        int portRate = LinkRates.codeAtMost(LinkRates.portMbps(member.port().info()));
        boolean largestRate = (mask & RATE_SELECTOR) != 0 && q.rateSelector() == 3;
        int rate = (mask & RATE) != 0 && !largestRate && LinkRates.mbps(q.rate()) > 0 ? q.rate() : portRate;
        if (mtu <= 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "the MTU asked for is not one the port carries");
        }
        int scope = (mask & SCOPE) != 0 ? q.scope() : 2;
        Gid mgid = q.mgid().equals(Gid.ZERO)
                // an SA-assigned MGID: IPoIB-like signature 0xA01B, the P_Key, the MLID
                ? new Gid(0xFF10_A01B_0000_0000L | (long) scope << 48 | (long) (q.pKey() & 0xFFFF) << 16, mlid)
                : q.mgid();
        MCMemberRecord properties = new MCMemberRecord(mgid, Gid.ZERO, q.qKey(), mlid, 2, mtu, q.tClass(), q.pKey(), 2,
                rate, 2, (mask & PACKET_LIFE_TIME) != 0 ? q.packetLifeTime() : GROUP_LIFE_TIME, q.sl(), q.flowLabel(),
                (mask & HOP_LIMIT) != 0 ? q.hopLimit() : 0, scope, 0, false);
        Group group = new Group(properties, new LinkedHashMap<>());
        groups.put(mgid, group);
        mlids.put(mlid, mgid);
        return group;
    }

    /** @return the MTU a selector allows on a port that carries {@code port}, -1 when none */
    private static int chosen(int asked, int selector, int port) {
        return switch (selector) {
            case 0 -> port > asked ? port : -1;
            case 1 -> Math.min(port, asked - 1) >= 1 ? Math.min(port, asked - 1) : -1;
            case 2 -> asked >= 1 && asked <= port ? asked : -1;
            default -> port;
        };
    }

    private int freeMlid() throws SaError {
        int mlid = FIRST_MLID;
        for (int used : mlids.keySet()) {
            if (used != mlid) {
                break;
            }
            mlid++;
        }
        if (mlid > LAST_MLID) {
            throw SaError.sa(SaStatus.ERR_NO_RESOURCES, "every multicast LID is taken");
        }
        return mlid;
    }

    /** A join of an existing group must not contradict its properties. */
    private static void checkCompatible(MCMemberRecord g, MCMemberRecord q, long mask) throws SaError {
        if ((mask & Q_KEY) != 0 && q.qKey() != g.qKey() || (mask & P_KEY) != 0 && q.pKey() != g.pKey()
                || (mask & SL) != 0 && q.sl() != g.sl() || (mask & TCLASS) != 0 && q.tClass() != g.tClass()
                || (mask & FLOW_LABEL) != 0 && q.flowLabel() != g.flowLabel()) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID,
                    "the join's Q_Key, P_Key, SL, TClass or FlowLabel differ from " + "those of group " + g.mgid());
        }
        if ((mask & MTU) != 0 && chosen(q.mtu(), (mask & MTU_SELECTOR) != 0 ? q.mtuSelector() : 2, g.mtu()) != g.mtu()
                && !((mask & MTU_SELECTOR) != 0 && q.mtuSelector() == 1 && g.mtu() < q.mtu())) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "the group's MTU does not meet the join's");
        }
    }

    private static PortRef member(Gid portGid, SubnetView view) throws SaError {
        if (!view.isLocal(portGid)) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID_GID, "PortGID " + portGid + " is not of this subnet");
        }
        Optional<PortRef> ref = view.subnet().byPortGuid(portGid.interfaceId());
        if (ref.isEmpty()) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID_GID, "PortGID " + portGid + " names no port of the subnet");
        }
        return ref.get();
    }

    private static boolean hasPKey(PortRef port, int pKey) {
        List<Integer> keys = port.port().pKeys();
        if (keys.isEmpty()) {
            return (pKey & 0x7FFF) == 0x7FFF;
        }
        return keys.stream().anyMatch(k -> (k & 0x7FFF) == (pKey & 0x7FFF));
    }

    private static MCMemberRecord recordOf(Group g, Gid port, boolean proxy) {
        MCMemberRecord p = g.properties;
        return new MCMemberRecord(p.mgid(), port, p.qKey(), p.mlid(), p.mtuSelector(), p.mtu(), p.tClass(), p.pKey(),
                p.rateSelector(), p.rate(), p.packetLifeTimeSelector(), p.packetLifeTime(), p.sl(), p.flowLabel(),
                p.hopLimit(), p.scope(), g.members.getOrDefault(port, 0), proxy);
    }

    private static Map<Long, Set<Integer>> masks(Group g, SubnetView view) {
        RoutingGraph graph = view.subnet().graph();
        List<Integer> endports = new ArrayList<>();
        for (Gid port : g.members.keySet()) {
            int e = view.endport(port.interfaceId());
            if (e != RoutingGraph.NONE) {
                endports.add(e);
            }
        }
        return SpanningTree.masks(graph, endports);
    }
}
