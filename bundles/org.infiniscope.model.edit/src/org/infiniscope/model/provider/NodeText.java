package org.infiniscope.model.provider;

import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;

/** Readable names of nodes and links. */
public final class NodeText {

    private NodeText() {
    }

    /** @return the node's description, or its GUID when it has none */
    public static String name(Node node) {
        String description = node.getDescription();
        return description == null || description.isBlank() ? PortText.guid(node.getNodeGuid()) : description;
    }

    /** @return "leaf001 (Switch, LID 12)" or "h00001 (CA)" */
    public static String label(Node node) {
        StringBuilder text = new StringBuilder(name(node)).append(" (").append(node.getType().getLiteral());
        if (node.getLid() != 0) {
            text.append(", LID ").append(node.getLid());
        }
        return text.append(')').toString();
    }

    /** @return "leaf001 port 3 - spine001 port 1 (4X HDR)" */
    public static String label(Link link) {
        Port a = link.getEndA();
        Port b = link.getEndB();
        if (a == null || b == null) {
            return "link";
        }
        StringBuilder text = new StringBuilder(end(a)).append(" - ").append(end(b));
        String width = PortText.width(a.getWidthActive());
        String speed = PortText.speed(a.getSpeedActive(), a.getSpeedExtActive());
        String rate = (width + " " + speed).strip();
        if (!rate.isEmpty()) {
            text.append(" (").append(rate).append(')');
        }
        return text.toString();
    }

    private static String end(Port port) {
        return (port.getNode() == null ? "?" : name(port.getNode())) + " port " + port.getNumber();
    }
}
