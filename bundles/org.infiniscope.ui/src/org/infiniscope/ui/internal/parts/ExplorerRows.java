package org.infiniscope.ui.internal.parts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;
import org.infiniscope.model.provider.NodeText;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.internal.session.FabricView;

/**
 * The rows of the explorer for a view and its filters: nodes (switches first, then CAs, then routers, each by name)
 * with the ports the filters let through. A text matches a node's name, its node or a port GUID (hex, with or
 * without 0x) or a LID (decimal). With a port filter on, a node shows only its matching ports and is left out when
 * none match.
 */
final class ExplorerRows {

    /** The explorer's filters. */
    record Filter(String text, boolean downOnly, boolean errorsOnly) {
        static final Filter NONE = new Filter("", false, false);

        boolean isEmpty() {
            return text.isBlank() && !downOnly && !errorsOnly;
        }
    }

    /** A node and the ports shown under it. */
    record Row(Node node, List<Port> ports) {
    }

    private static final java.util.HexFormat HEX = java.util.HexFormat.of();

    private ExplorerRows() {
    }

    static List<Row> of(FabricView view, Filter filter, Set<FabricRef.PortRef> errors) {
        if (view.isEmpty()) {
            return List.of();
        }
        String text = filter.text().strip().toLowerCase(Locale.ROOT);
        String hex = text.startsWith("0x") ? text.substring(2) : text;
        int lid = text.matches("[0-9]{1,5}") ? Integer.parseInt(text) : -1;
        // decided once, not per node and port: thousands of them
        String nodeHex = hex.matches("[0-9a-f]+") ? hex : null;
        String portHex = hex.matches("[0-9a-f]{4,}") ? hex : null;
        boolean portFilter = filter.downOnly() || filter.errorsOnly();
        List<Row> rows = new ArrayList<>();
        for (Node n : view.fabric().getNodes()) {
            boolean nodeMatches = text.isEmpty() || matches(n, text, nodeHex, lid);
            List<Port> ports = new ArrayList<>(n.getPorts().size());
            for (Port p : n.getPorts()) {
                if (filter.downOnly() && !isDown(p)) {
                    continue;
                }
                if (filter.errorsOnly() && !errors.contains(FabricView.portRef(p))) {
                    continue;
                }
                if (!nodeMatches && !matches(p, portHex, lid)) {
                    continue;
                }
                ports.add(p);
            }
            if (portFilter || !nodeMatches) {
                if (!ports.isEmpty()) {
                    rows.add(new Row(n, List.copyOf(ports)));
                }
            } else {
                rows.add(new Row(n, List.copyOf(ports)));
            }
        }
        rows.sort((a, b) -> {
            int c = Integer.compare(order(a.node().getType()), order(b.node().getType()));
            return c != 0 ? c : NodeText.name(a.node()).compareTo(NodeText.name(b.node()));
        });
        return rows;
    }

    private static int order(NodeType type) {
        return switch (type) {
            case SWITCH -> 0;
            case CA -> 1;
            case ROUTER -> 2;
        };
    }

    /** @return whether a port is down: not Active/Armed/Initialize though cabled, or never read */
    static boolean isDown(Port p) {
        if (p.getNumber() == 0) {
            return false; // a switch's management port has no link
        }
        PortState s = p.getState();
        return !p.isReachable() || s == PortState.DOWN || s == PortState.UNKNOWN;
    }

    private static boolean matches(Node n, String text, String hex, int lid) {
        if (NodeText.name(n).toLowerCase(Locale.ROOT).contains(text)) {
            return true;
        }
        if (hex != null && HEX.toHexDigits(n.getNodeGuid()).contains(hex)) {
            return true;
        }
        return lid > 0 && n.getLid() == lid;
    }

    private static boolean matches(Port p, String hex, int lid) {
        if (lid > 0 && p.getLid() == lid) {
            return true;
        }
        return hex != null && HEX.toHexDigits(p.getPortGuid()).contains(hex);
    }
}
