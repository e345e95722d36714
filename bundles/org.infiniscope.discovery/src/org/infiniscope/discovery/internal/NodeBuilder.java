package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SwitchInfo;

/** What a sweep knows of one node so far; guarded by the sweep. */
final class NodeBuilder {

    private final NodeInfo info;
    private int[] route;
    private String description = "";
    private boolean enhancedPort0;
    /** Port GUIDs by port number: a CA's from the NodeInfo read through each port. */
    private final Map<Integer, Long> portGuids = new TreeMap<>();
    private final Map<Integer, DiscoveredPort> ports = new TreeMap<>();

    NodeBuilder(NodeInfo info, int[] route) {
        this.info = info;
        this.route = route.clone();
    }

    boolean isSwitch() {
        return info.nodeType() == NodeInfo.TYPE_SWITCH;
    }

    long guid() {
        return info.nodeGuid();
    }

    boolean hasPort(int port) {
        return portGuids.containsKey(port) || ports.containsKey(port);
    }

    void expect(int port, long portGuid) {
        portGuids.put(port, portGuid);
    }

    void description(String text) {
        description = text;
    }

    /** @return the node description read so far, empty before its answer */
    String description() {
        return description;
    }

    /** @return the port read so far, or null */
    DiscoveredPort knownPort(int number) {
        return ports.get(number);
    }

    void switchInfo(SwitchInfo switchInfo) {
        enhancedPort0 = switchInfo.enhancedPort0();
    }

    void port(int number, PortInfo p) {
        long portGuid = isSwitch() ? info.portGuid() : portGuids.getOrDefault(number, 0L);
        ports.put(number, raw(number, portGuid, p));
    }

    /**
     * A port as its PortInfo reads, the one place a sweep, a re-sweep and a cache turn PortInfo into a
     * {@link DiscoveredPort}: the extended speeds count only where the port's CapabilityMask announces them (a CA's
     * port, a switch's port 0; a switch's external ports go through {@link #announced}).
     */
    static DiscoveredPort read(int number, long portGuid, PortInfo p) {
        return announced(raw(number, portGuid, p), p.capabilityMask());
    }

    /** A port as its PortInfo reads, the extended speeds as they are, whatever announces them. */
    static DiscoveredPort raw(int number, long portGuid, PortInfo p) {
        return new DiscoveredPort(number, portGuid, p.lid(), p.lmc(), p.portState(), p.portPhysicalState(),
                p.linkWidthActive(), p.linkSpeedActive(), p.linkSpeedExtActive(), p.capabilityMask(), true,
                p.linkWidthSupported(), p.linkSpeedSupported(), p.linkSpeedExtSupported(), p.linkWidthEnabled(),
                p.linkSpeedEnabled(), p.linkSpeedExtEnabled(), p.neighborMtu(), p.mtuCap(), p.gidPrefix(),
                p.masterSmLid());
    }

    /**
     * @param mask the CapabilityMask that speaks for the port
     * @return the port, its active and enabled extended speeds cleared unless the mask has
     *         IsExtendedSpeedsSupported (those fields are reserved then)
     */
    static DiscoveredPort announced(DiscoveredPort k, int mask) {
        if ((mask & PortInfo.CAP_EXTENDED_SPEEDS) != 0 || k.speedExtActive() == 0 && k.speedExtEnabled() == 0) {
            return k;
        }
        return new DiscoveredPort(k.number(), k.portGuid(), k.lid(), k.lmc(), k.state(), k.physicalState(),
                k.widthActive(), k.speedActive(), 0, k.capabilityMask(), k.reachable(), k.widthSupported(),
                k.speedSupported(), k.speedExtSupported(), k.widthEnabled(), k.speedEnabled(), 0, k.neighborMtu(),
                k.mtuCap(), k.gidPrefix(), k.masterSmLid());
    }

    /**
     * A node's ports with the extended speeds each is announced with: a switch's all by port 0's CapabilityMask (its
     * external ports' is reserved, IBA 14.2.5.6; libibnetdisc reads them so), a CA's or router's each by its own.
     *
     * @param ports read by {@link #raw}, or already announced
     */
    static List<DiscoveredPort> announced(boolean isSwitch, java.util.Collection<DiscoveredPort> ports) {
        int port0 = ports.stream().filter(p -> p.number() == 0).mapToInt(DiscoveredPort::capabilityMask).findFirst()
                .orElse(0);
        return ports.stream().map(p -> announced(p, isSwitch ? port0 : p.capabilityMask())).toList();
    }

    /** The port did not answer, or the node behind it did not. */
    void unreachable(int number) {
        DiscoveredPort known = ports.get(number);
        long portGuid = isSwitch() ? info.portGuid() : portGuids.getOrDefault(number, 0L);
        ports.put(number,
                known != null
                        ? known.unreachable()
                        : new DiscoveredPort(number, portGuid, 0, 0, 0, 0, 0, 0, 0, 0, false));
    }

    /** The node behind the port answered after all (the sweep's second pass): the port is reachable again. */
    void reached(int number) {
        DiscoveredPort k = ports.get(number);
        if (k != null && !k.reachable() && k.state() != 0) {
            ports.put(number, new DiscoveredPort(k.number(), k.portGuid(), k.lid(), k.lmc(), k.state(),
                    k.physicalState(), k.widthActive(), k.speedActive(), k.speedExtActive(), k.capabilityMask(), true,
                    k.widthSupported(), k.speedSupported(), k.speedExtSupported(), k.widthEnabled(), k.speedEnabled(),
                    k.speedExtEnabled(), k.neighborMtu(), k.mtuCap(), k.gidPrefix(), k.masterSmLid()));
        }
    }

    /** @return the directed route the node was first reached by, or the one that answered since */
    int[] route() {
        return route.clone();
    }

    /** The node answered by another route, its first one having gone silent (a cable pulled on it). */
    void route(int[] working) {
        route = working.clone();
    }

    DiscoveredNode build() {
        List<Integer> path = new ArrayList<>();
        for (int hop : route) {
            path.add(hop);
        }
        return new DiscoveredNode(info.nodeType(), info.nodeGuid(), info.systemImageGuid(), description,
                info.vendorId(), info.deviceId(), info.revision(), info.numPorts(), enhancedPort0,
                announced(isSwitch(), ports.values()), path);
    }
}
