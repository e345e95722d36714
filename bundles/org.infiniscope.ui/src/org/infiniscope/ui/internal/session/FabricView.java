package org.infiniscope.ui.internal.session;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.ui.fabric.FabricRef;

/**
 * What the views show: a detached copy of the fabric model, taken after a sweep, with nodes indexed by GUID. It is
 * never changed, so the UI thread reads it freely (the live model is read only under its lock). A new sweep brings a
 * new view; references ({@link FabricRef}) carry selections across.
 *
 * @param fabric the copy, or null before the first sweep
 * @param generation counts the views, to tell a newer one
 */
public record FabricView(Fabric fabric, Map<Long, Node> nodes, long generation) {

    /** The view before any sweep. */
    public static final FabricView EMPTY = new FabricView(null, Map.of(), 0);

    /** Indexes a copy. */
    public static FabricView of(Fabric fabric, long generation) {
        Map<Long, Node> nodes = new HashMap<>(fabric.getNodes().size() * 2);
        for (Node n : fabric.getNodes()) {
            nodes.put(n.getNodeGuid(), n);
        }
        return new FabricView(fabric, Collections.unmodifiableMap(nodes), generation);
    }

    /** @return whether there is a fabric to show */
    public boolean isEmpty() {
        return fabric == null || fabric.getNodes().isEmpty();
    }

    /** @return the node, port or link a reference names in this view, or null when it is not there */
    public EObject resolve(FabricRef ref) {
        return switch (ref) {
            case FabricRef.NodeRef n -> nodes.get(n.nodeGuid());
            case FabricRef.PortRef p -> port(p);
            case FabricRef.LinkRef l -> {
                Port a = port(l.a());
                yield a == null ? null : a.getLink();
            }
        };
    }

    /** @return the port a reference names, or null */
    public Port port(FabricRef.PortRef ref) {
        Node node = nodes.get(ref.nodeGuid());
        if (node == null) {
            return null;
        }
        for (Port p : node.getPorts()) {
            if (p.getNumber() == ref.port()) {
                return p;
            }
        }
        return null;
    }

    /** @return the reference of a node, port or link of any view (or of the live model) */
    public static FabricRef refOf(EObject element) {
        return switch (element) {
            case Node n -> new FabricRef.NodeRef(n.getNodeGuid());
            case Port p -> portRef(p);
            case Link l -> new FabricRef.LinkRef(portRef(l.getEndA()), portRef(l.getEndB()));
            default -> null;
        };
    }

    /** @return a port's reference */
    public static FabricRef.PortRef portRef(Port p) {
        return new FabricRef.PortRef(p.getNode() == null ? 0 : p.getNode().getNodeGuid(), p.getNumber());
    }
}
