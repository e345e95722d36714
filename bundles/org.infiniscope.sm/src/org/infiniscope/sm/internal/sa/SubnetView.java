package org.infiniscope.sm.internal.sa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.subnet.KnownSm;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetLink;
import org.infiniscope.sm.subnet.SubnetNode;
import org.infiniscope.sm.subnet.SubnetPort;

/**
 * What the SA derives from one {@link Subnet}, once: its records in the order the SM found the nodes, the endport
 * index of every port GUID in the routing graph, and each switch port's PortInfo by graph index. Immutable; the SA
 * builds a new one when the SM publishes a new subnet.
 */
final class SubnetView {

    private final Subnet subnet;
    private final List<NodeRecord> nodes = new ArrayList<>();
    private final List<PortInfoRecord> ports = new ArrayList<>();
    private final List<LinkRecord> links = new ArrayList<>();
    private final List<SwitchInfoRecord> switches = new ArrayList<>();
    private final List<LFTRecord> lfts = new ArrayList<>();
    private final List<SMInfoRecord> sms = new ArrayList<>();
    private final Map<Long, Integer> endports = new HashMap<>();
    private final PortInfo[][] switchPorts;

    SubnetView(Subnet subnet) {
        this.subnet = subnet;
        RoutingGraph graph = subnet.graph();
        for (int e = 0; e < graph.endportCount(); e++) {
            endports.put(graph.endportGuid(e), e);
        }
        switchPorts = new PortInfo[graph.switchCount()][];
        for (SubnetNode n : subnet.nodes()) {
            addNode(n);
            int s = n.isSwitch() ? graph.switchIndex(n.guid()) : RoutingGraph.NONE;
            if (s != RoutingGraph.NONE) {
                PortInfo[] infos = new PortInfo[graph.portCount(s) + 1];
                for (SubnetPort p : n.ports()) {
                    if (p.number() < infos.length) {
                        infos[p.number()] = p.info();
                    }
                }
                switchPorts[s] = infos;
                addLft(n, s);
            }
        }
        for (SubnetLink l : subnet.links()) {
            int a = lidOf(l.nodeA(), l.portA());
            int b = lidOf(l.nodeB(), l.portB());
            if (a > 0 && b > 0) {
                links.add(new LinkRecord(a, l.portA(), l.portB(), b));
                links.add(new LinkRecord(b, l.portB(), l.portA(), a));
            }
        }
        for (KnownSm sm : subnet.sms()) {
            SmInfo i = sm.info();
            sms.add(new SMInfoRecord(sm.lid(), new SmInfo(i.guid(), 0, i.actCount(), i.priority(), i.smState())));
        }
    }

    private void addNode(SubnetNode n) {
        NodeInfo ni = n.info();
        NodeDescription description = new NodeDescription(n.description());
        if (n.isSwitch()) {
            int lid = n.port(0).map(p -> p.info().lid()).orElse(0);
            if (lid > 0) {
                nodes.add(new NodeRecord(lid, withPort(ni, n.port(0).get().guid(), 0), description));
                if (n.switchInfo() != null) {
                    switches.add(new SwitchInfoRecord(lid, n.switchInfo()));
                }
            }
            for (SubnetPort p : n.ports()) {
                if (lid > 0) {
                    ports.add(new PortInfoRecord(lid, p.number(), 0, withoutMKey(p.info())));
                }
            }
            return;
        }
        for (SubnetPort p : n.ports()) {
            int lid = p.info().lid();
            if (lid > 0) {
                nodes.add(new NodeRecord(lid, withPort(ni, p.guid(), p.number()), description));
                ports.add(new PortInfoRecord(lid, p.number(), 0, withoutMKey(p.info())));
            }
        }
    }

    private void addLft(SubnetNode n, int s) {
        int lid = n.port(0).map(p -> p.info().lid()).orElse(0);
        if (lid == 0 || s >= subnet.routing().switchCount()) {
            return;
        }
        int length = subnet.routing().tableLength(s);
        for (int block = 0; block * LinearForwardingTable.PER_BLOCK < length; block++) {
            List<Integer> entries = new ArrayList<>(LinearForwardingTable.PER_BLOCK);
            for (int i = 0; i < LinearForwardingTable.PER_BLOCK; i++) {
                entries.add(subnet.routing().port(s, block * LinearForwardingTable.PER_BLOCK + i));
            }
            lfts.add(new LFTRecord(lid, block, new LinearForwardingTable(entries)));
        }
    }

    /** NodeInfo as read through one port: its PortGUID and LocalPortNum are that port's. */
    private static NodeInfo withPort(NodeInfo n, long portGuid, int port) {
        return new NodeInfo(n.baseVersion(), n.classVersion(), n.nodeType(), n.numPorts(), n.systemImageGuid(),
                n.nodeGuid(), portGuid, n.partitionCap(), n.deviceId(), n.revision(), port, n.vendorId());
    }

    /** The M_Key is a secret: the SA hands out zero, as OpenSM does to requesters it does not trust. */
    private static PortInfo withoutMKey(PortInfo info) {
        return info.mKey() == 0 ? info : PortInfoBuilder.from(info).mKey(0).build();
    }

    /** @return the LID by which the SA names a node's port: a switch's port-0 LID, a CA port's own */
    private int lidOf(long nodeGuid, int port) {
        return subnet.node(nodeGuid).map(n -> n.port(n.isSwitch() ? 0 : port).map(p -> p.info().lid()).orElse(0))
                .orElse(0);
    }

    Subnet subnet() {
        return subnet;
    }

    List<NodeRecord> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    List<PortInfoRecord> ports() {
        return Collections.unmodifiableList(ports);
    }

    List<LinkRecord> links() {
        return Collections.unmodifiableList(links);
    }

    List<SwitchInfoRecord> switches() {
        return Collections.unmodifiableList(switches);
    }

    List<LFTRecord> lfts() {
        return Collections.unmodifiableList(lfts);
    }

    List<SMInfoRecord> sms() {
        return Collections.unmodifiableList(sms);
    }

    /** @return the routing graph's endport of a port GUID, or {@link RoutingGraph#NONE} */
    int endport(long portGuid) {
        return endports.getOrDefault(portGuid, RoutingGraph.NONE);
    }

    /** @return the PortInfo of port {@code p} of graph switch {@code s}, or null when the SM has none */
    PortInfo switchPort(int s, int p) {
        PortInfo[] infos = switchPorts[s];
        return infos == null || p >= infos.length ? null : infos[p];
    }

    /** @return the port GID of a port GUID in this subnet */
    Gid gid(long portGuid) {
        return new Gid(subnet.subnetPrefix(), portGuid);
    }

    /** @return whether a GID names a port of this subnet by its prefix (the subnet's, or the link-local one) */
    boolean isLocal(Gid gid) {
        return gid.prefix() == subnet.subnetPrefix() || gid.prefix() == Gid.DEFAULT_PREFIX;
    }
}
