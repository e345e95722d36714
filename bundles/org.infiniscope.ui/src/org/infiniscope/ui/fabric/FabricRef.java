package org.infiniscope.ui.fabric;

/**
 * An element of the fabric by identity, as the views select and show it: a node by its node GUID, a port by its
 * node and number, a link by its two ends. A reference stays valid across re-sweeps as long as the element exists
 * (the fabric model keeps objects by the same identity), so a view resolves it against the model it shows and
 * never keeps model objects.
 */
public sealed interface FabricRef permits FabricRef.NodeRef, FabricRef.PortRef, FabricRef.LinkRef {

    /** @return the node the element belongs to (for a link, its first end's node) */
    long nodeGuid();

    /** A node (switch, CA or router). */
    record NodeRef(long nodeGuid) implements FabricRef {
    }

    /** A port of a node (0 is a switch's management port). */
    record PortRef(long nodeGuid, int port) implements FabricRef {

        public PortRef {
            if (port < 0 || port > 254) {
                throw new IllegalArgumentException("a port number is 0..254, not " + port);
            }
        }

        /** @return the node the port belongs to */
        public NodeRef node() {
            return new NodeRef(nodeGuid);
        }
    }

    /** A link between two ports, its ends in a canonical order (lower node GUID first, then lower port). */
    record LinkRef(PortRef a, PortRef b) implements FabricRef {

        public LinkRef {
            if (a == null || b == null) {
                throw new IllegalArgumentException("a link has two ends");
            }
            if (Long.compareUnsigned(a.nodeGuid(), b.nodeGuid()) > 0
                    || (a.nodeGuid() == b.nodeGuid() && a.port() > b.port())) {
                PortRef t = a;
                a = b;
                b = t;
            }
        }

        @Override
        public long nodeGuid() {
            return a.nodeGuid();
        }
    }
}
