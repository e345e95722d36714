package org.infiniscope.model.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;

/**
 * A saved fabric model as the snapshot that would have made it, so that loading one goes through the same update
 * by identity as a sweep. What a model does not keep (the routes the sweep took, its local port) is left empty.
 */
final class SavedFabrics {

    private SavedFabrics() {
    }

    static FabricSnapshot snapshot(Fabric fabric) {
        List<DiscoveredNode> nodes = new ArrayList<>(fabric.getNodes().size());
        for (Node n : fabric.getNodes()) {
            List<DiscoveredPort> ports = new ArrayList<>(n.getPorts().size());
            for (Port p : n.getPorts()) {
                ports.add(new DiscoveredPort(p.getNumber(), p.getPortGuid(), p.getLid(), p.getLmc(),
                        p.getState().getValue(), p.getPhysicalState().getValue(), p.getWidthActive(),
                        p.getSpeedActive(), p.getSpeedExtActive(), p.getCapabilityMask(), p.isReachable(),
                        p.getWidthSupported(), p.getSpeedSupported(), p.getSpeedExtSupported(), p.getWidthEnabled(),
                        p.getSpeedEnabled(), p.getSpeedExtEnabled(), ModelUpdater.mtuCode(p.getMtu()),
                        ModelUpdater.mtuCode(p.getMaxMtu()), fabric.getSubnetPrefix(), fabric.getSmLid()));
            }
            nodes.add(new DiscoveredNode(n.getType().getValue(), n.getNodeGuid(), n.getSystemImageGuid(),
                    n.getDescription() == null ? "" : n.getDescription(), n.getVendorId(), n.getDeviceId(),
                    n.getRevision(), n.getNumberOfPorts(), n.isEnhancedPort0(), ports, List.of()));
        }
        List<DiscoveredLink> links = new ArrayList<>(fabric.getLinks().size());
        for (Link l : fabric.getLinks()) {
            Port a = l.getEndA();
            Port b = l.getEndB();
            if (a != null && b != null && a.getNode() != null && b.getNode() != null) {
                links.add(new DiscoveredLink(a.getNode().getNodeGuid(), a.getNumber(), b.getNode().getNodeGuid(),
                        b.getNumber()));
            }
        }
        return new FabricSnapshot(nodes, links, 0, 0, 0);
    }
}
