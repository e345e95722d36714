package org.infiniscope.model.internal;

import org.infiniscope.discovery.DiscoveredLink;
import org.infiniscope.model.Link;
import org.infiniscope.model.Port;

/** A link's identity: its two ends by node GUID and port number, the smaller end first. */
record LinkKey(long guidA, int portA, long guidB, int portB) {

    static LinkKey of(long guidA, int portA, long guidB, int portB) {
        boolean swap = Long.compareUnsigned(guidA, guidB) > 0 || guidA == guidB && portA > portB;
        return swap ? new LinkKey(guidB, portB, guidA, portA) : new LinkKey(guidA, portA, guidB, portB);
    }

    static LinkKey of(DiscoveredLink link) {
        return of(link.nodeA(), link.portA(), link.nodeB(), link.portB());
    }

    static LinkKey of(Link link) {
        Port a = link.getEndA();
        Port b = link.getEndB();
        return of(a.getNode() == null ? 0 : a.getNode().getNodeGuid(), a.getNumber(),
                b.getNode() == null ? 0 : b.getNode().getNodeGuid(), b.getNumber());
    }
}
