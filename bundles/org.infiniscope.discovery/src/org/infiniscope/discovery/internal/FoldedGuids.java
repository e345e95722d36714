package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.discovery.check.Location;
import org.infiniscope.discovery.check.Severity;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * Node GUIDs that a sweep folded together. A sweep keys nodes by GUID: a second node with a GUID already seen is
 * taken for the first, and the link to it is dropped when the first's port is already linked elsewhere. What is left
 * is a port that is up, answered, and has no link. Asking by directed route what answers behind each such port finds
 * the duplicate: a node whose GUID the snapshot already holds for a node reached another way.
 */
final class FoldedGuids {

    private FoldedGuids() {
    }

    static List<Finding> probe(FabricSnapshot s, MadTransport transport, SweepOptions options, CheckNames names)
            throws InterruptedException {
        Map<Long, DiscoveredNode> nodes = s.nodesByGuid();
        Set<String> linked = new HashSet<>();
        s.links().forEach(l -> {
            linked.add(l.nodeA() + ":" + l.portA());
            linked.add(l.nodeB() + ":" + l.portB());
        });
        List<Finding> findings = new ArrayList<>();
        for (DiscoveredNode n : s.nodes()) {
            boolean local = n.nodeGuid() == s.localNodeGuid();
            for (DiscoveredPort p : n.ports()) {
                boolean forwards = n.isSwitch() ? p.number() > 0 : local && p.number() == s.localPort();
                if (!forwards || !p.reachable() || !p.isUp() || linked.contains(n.nodeGuid() + ":" + p.number())
                        || n.route().size() + 1 > Smp.MAX_HOPS) {
                    continue;
                }
                int[] route = new int[n.route().size() + 1];
                for (int i = 0; i < n.route().size(); i++) {
                    route[i] = n.route().get(i);
                }
                route[route.length - 1] = p.number();
                NodeInfo info = get(transport, options, route, NodeInfo.ATTRIBUTE_ID,
                        mad -> Smp.decodeAttribute(mad, NodeInfo.CODEC));
                if (info == null) {
                    continue;
                }
                DiscoveredNode first = nodes.get(info.nodeGuid());
                if (first == null) {
                    continue; // a node the sweep lost, not a duplicate
                }
                NodeDescription desc = get(transport, options, route, NodeDescription.ATTRIBUTE_ID,
                        mad -> Smp.decodeAttribute(mad, NodeDescription.CODEC));
                Location behind = names.at(n, p.number());
                String other = desc == null || desc.text().isBlank() ? "a node" : "\"" + desc.text() + "\"";
                findings.add(new Finding(Check.DUP, Severity.ERROR, "duplicate-node-guid",
                        "node GUID " + CheckNames.guid(info.nodeGuid()) + " of " + names.at(first)
                                + " is also carried by " + other + " behind " + behind + " (its port "
                                + info.localPortNum() + ", route " + Arrays.toString(route) + ")",
                        List.of(names.at(first), behind)));
            }
        }
        return findings;
    }

    @FunctionalInterface
    private interface Decoder<T> {
        T decode(byte[] mad) throws MadFormatException;
    }

    /** @return the attribute read by directed route, or null when it did not answer or answered with an error */
    private static <T> T get(MadTransport transport, SweepOptions options, int[] route, int attribute,
            Decoder<T> decoder) throws InterruptedException {
        Smp smp = Smp.directedRoute(Method.GET, 0, attribute, 0, 0, route, new byte[0]);
        try {
            MadResponse response = transport.send(
                    new MadRequest(smp.encode(), MadAddress.directedRoute(), options.timeout(), options.retries()))
                    .get();
            byte[] mad = response.mad();
            var header = Smp.validate(mad);
            if (header.method() != Method.GET_RESP || (header.status() & ~MadStatus.DIRECTION) != 0) {
                return null;
            }
            return decoder.decode(mad);
        } catch (ExecutionException | MadFormatException | RuntimeException e) {
            return null; // lost or malformed: this port shows nothing more than the sweep saw
        }
    }
}
