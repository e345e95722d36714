package org.infiniscope.rest.internal;

import java.util.Date;

import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EObject;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.connection.ConnectionState;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The model as JSON, mirrored from the EMF model by reflection: every attribute of a node, port or link under its
 * model name ({@code nodeGuid}, {@code state}, {@code widthActive}…), enumerations by their literal, GUIDs and the
 * subnet prefix as {@code 0x} hex strings (JSON numbers cannot carry 64 bits), references as the IDs the API uses. A
 * new attribute of the model appears in the API without a change here. Called under the model's read lock.
 */
final class FabricJson {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final java.util.regex.Pattern SECRET = java.util.regex.Pattern.compile("(?i)key|password|secret");

    private FabricJson() {
    }

    /** @return an object's attributes */
    static ObjectNode attributes(EObject object) {
        ObjectNode json = F.objectNode();
        for (EAttribute a : object.eClass().getEAllAttributes()) {
            String name = a.getName();
            if (SECRET.matcher(name).find()) {
                continue; // the model holds no key today; one added later (an M_Key) must not reach a client
            }
            Object value = object.eGet(a);
            switch (value) {
                case null -> json.putNull(name);
                case Long l when name.endsWith("Guid") || name.equals("subnetPrefix") -> json.put(name, Ids.guid(l));
                case Long l -> json.put(name, l);
                case Integer i -> json.put(name, i);
                case Short s -> json.put(name, s);
                case Byte b -> json.put(name, b);
                case Boolean b -> json.put(name, b);
                case Double d -> json.put(name, d);
                case Float fl -> json.put(name, fl);
                case Date d -> json.put(name, d.toInstant().toString());
                case Enumerator e -> json.put(name, e.getLiteral());
                default -> json.put(name, value.toString());
            }
        }
        return json;
    }

    static ObjectNode node(Node node, boolean withPorts) {
        ObjectNode json = F.objectNode();
        json.put("id", Ids.guid(node.getNodeGuid()));
        json.setAll(attributes(node));
        if (withPorts) {
            ArrayNode ports = json.putArray("ports");
            node.getPorts().forEach(p -> ports.add(port(p)));
        } else {
            json.put("ports", node.getPorts().size());
        }
        return json;
    }

    static ObjectNode port(Port port) {
        ObjectNode json = F.objectNode();
        Node node = port.getNode();
        json.put("id", Ids.port(node == null ? 0 : node.getNodeGuid(), port.getNumber()));
        json.put("node", node == null ? null : Ids.guid(node.getNodeGuid()));
        json.setAll(attributes(port));
        Port remote = port.getRemotePort();
        if (remote != null && remote.getNode() != null) {
            json.put("remotePort", Ids.port(remote.getNode().getNodeGuid(), remote.getNumber()));
        } else {
            json.putNull("remotePort");
        }
        json.put("link", port.getLink() == null ? null : linkId(port.getLink()));
        return json;
    }

    static ObjectNode link(Link link) {
        ObjectNode json = F.objectNode();
        json.put("id", linkId(link));
        json.setAll(attributes(link));
        json.set("endA", end(link.getEndA()));
        json.set("endB", end(link.getEndB()));
        return json;
    }

    private static ObjectNode end(Port p) {
        ObjectNode json = F.objectNode();
        if (p == null || p.getNode() == null) {
            return json;
        }
        json.put("port", Ids.port(p.getNode().getNodeGuid(), p.getNumber()));
        json.put("node", Ids.guid(p.getNode().getNodeGuid()));
        json.put("description", p.getNode().getDescription());
        json.put("number", p.getNumber());
        return json;
    }

    static String linkId(Link link) {
        Port a = link.getEndA();
        Port b = link.getEndB();
        return portId(a) + "~" + portId(b);
    }

    private static String portId(Port p) {
        return p == null || p.getNode() == null ? "?" : Ids.port(p.getNode().getNodeGuid(), p.getNumber());
    }

    /** @return the fabric's summary: its attributes and counts */
    static ObjectNode summary(Fabric fabric) {
        ObjectNode json = F.objectNode();
        json.setAll(attributes(fabric));
        int switches = 0;
        int cas = 0;
        int ports = 0;
        int active = 0;
        for (Node n : fabric.getNodes()) {
            if (n.getType() == NodeType.SWITCH) {
                switches++;
            } else {
                cas++;
            }
            for (Port p : n.getPorts()) {
                ports++;
                if (p.getLink() != null) {
                    active++;
                }
            }
        }
        json.put("nodes", fabric.getNodes().size());
        json.put("switches", switches);
        json.put("channelAdapters", cas);
        json.put("ports", ports);
        json.put("linkedPorts", active);
        json.put("links", fabric.getLinks().size());
        return json;
    }

    static ObjectNode state(ConnectionState s) {
        ObjectNode json = F.objectNode();
        json.put("phase", s.phase().name());
        json.put("fabric", s.fabric());
        json.put("target", s.target());
        json.put("nodes", s.nodes());
        json.put("answered", s.answered());
        json.put("pending", s.pending());
        json.put("lastSweep", s.lastSweep() == null ? null : s.lastSweep().toString());
        json.put("sweeps", s.sweeps());
        json.put("message", s.message());
        json.put("description", s.describe());
        return json;
    }
}
