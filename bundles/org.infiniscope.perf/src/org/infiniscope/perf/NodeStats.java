package org.infiniscope.perf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node's ports summed: the per-node roll-up of {@link PortStats}.
 *
 * @param nodeGuid the node GUID
 * @param nodeName its description
 * @param isSwitch whether it is a switch
 * @param ports how many of its ports are read
 * @param unreachablePorts how many of them did not answer in the last sweep
 * @param xmitBytesPerSecond octets a second its ports sent
 * @param rcvBytesPerSecond octets a second its ports received
 * @param maxUtilisation its busiest port's utilisation
 * @param errorDelta errors its ports counted in the last sweep
 * @param errorTotal errors its ports counted since the manager first read them
 * @param maxXmitWaitRatio its most congested port's XmitWait ratio
 */
public record NodeStats(long nodeGuid, String nodeName, boolean isSwitch, int ports, int unreachablePorts,
        double xmitBytesPerSecond, double rcvBytesPerSecond, double maxUtilisation, long errorDelta, long errorTotal,
        double maxXmitWaitRatio) {

    /** @return the nodes of these ports, in the order of their first port */
    public static List<NodeStats> of(List<PortStats> ports) {
        Map<Long, List<PortStats>> byNode = new LinkedHashMap<>();
        for (PortStats p : ports) {
            byNode.computeIfAbsent(p.key().nodeGuid(), k -> new ArrayList<>()).add(p);
        }
        List<NodeStats> nodes = new ArrayList<>(byNode.size());
        for (List<PortStats> list : byNode.values()) {
            PortStats first = list.get(0);
            int down = 0;
            double xmit = 0, rcv = 0, util = 0, wait = 0;
            long errors = 0, total = 0;
            for (PortStats p : list) {
                down += p.reachable() ? 0 : 1;
                xmit += p.xmitBytesPerSecond();
                rcv += p.rcvBytesPerSecond();
                util = Math.max(util, p.utilisation());
                wait = Math.max(wait, p.xmitWaitRatio());
                errors += p.errorDelta();
                for (Counter c : Counter.values()) {
                    total += c.isError() ? p.total(c) : 0;
                }
            }
            nodes.add(new NodeStats(first.key().nodeGuid(), first.nodeName(), first.isSwitch(), list.size(), down, xmit,
                    rcv, util, errors, total, wait));
        }
        return List.copyOf(nodes);
    }
}
