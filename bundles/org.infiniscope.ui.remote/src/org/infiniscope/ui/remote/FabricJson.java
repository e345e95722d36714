package org.infiniscope.ui.remote;

import java.time.Instant;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.ECollections;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricFactory;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The REST API's JSON made into the EMF model. The JSON mirrors the model, so each object is filled by reflection
 * over its attributes: a new attribute of the model comes along without a change here.
 */
final class FabricJson {

    private FabricJson() {
    }

    /** @return a fabric, detached, made of what the API answered (package-private for tests) */
    static Fabric toFabric(JsonNode summary, List<JsonNode> nodes, List<JsonNode> ports, List<JsonNode> links) {
        FabricFactory factory = FabricFactory.eINSTANCE;
        Fabric fabric = factory.createFabric();
        fill(fabric, summary);
        Map<String, Node> nodesById = new HashMap<>();
        for (JsonNode n : nodes) {
            Node node = factory.createNode();
            fill(node, n);
            nodesById.put(n.path("id").asText(), node);
            fabric.getNodes().add(node);
        }
        Map<String, Port> portsById = new HashMap<>();
        for (JsonNode p : ports) {
            Node node = nodesById.get(p.path("node").asText());
            if (node == null) {
                continue; // a node added between the pages: the next read has it
            }
            Port port = factory.createPort();
            fill(port, p);
            node.getPorts().add(port);
            portsById.put(p.path("id").asText(), port);
        }
        for (Node node : fabric.getNodes()) {
            ECollections.sort(node.getPorts(), Comparator.comparingInt(Port::getNumber));
        }
        for (JsonNode l : links) {
            Port a = portsById.get(l.path("endA").path("port").asText());
            Port b = portsById.get(l.path("endB").path("port").asText());
            if (a == null || b == null) {
                continue;
            }
            Link link = factory.createLink();
            fill(link, l);
            link.setEndA(a);
            link.setEndB(b);
            fabric.getLinks().add(link);
            a.setLink(link);
            b.setLink(link);
        }
        return fabric;
    }

    /** Sets every changeable attribute the JSON has under the attribute's name. */
    private static void fill(EObject object, JsonNode json) {
        for (EAttribute a : object.eClass().getEAllAttributes()) {
            JsonNode v = json.get(a.getName());
            if (v == null || v.isNull() || !a.isChangeable() || a.isDerived() || a.isMany()) {
                continue;
            }
            object.eSet(a, value(a.getEAttributeType(), v));
        }
    }

    /** @return a JSON value as the attribute's type holds it (a GUID may come as hex text, {@code 0x...}) */
    private static Object value(EDataType type, JsonNode v) {
        Class<?> c = type.getInstanceClass();
        if (c == long.class || c == Long.class) {
            String text = v.asText();
            return text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : v.asLong();
        }
        if (c == int.class || c == Integer.class) {
            return v.asInt();
        }
        if (c == boolean.class || c == Boolean.class) {
            return v.asBoolean();
        }
        if (c == Date.class) {
            return Date.from(Instant.parse(v.asText()));
        }
        return EcoreUtil.createFromString(type, v.asText());
    }
}
