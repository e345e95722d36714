package org.infiniscope.ui.internal.session;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.Link;
import org.infiniscope.model.ModelChange;
import org.infiniscope.model.ModelChange.Kind;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;
import org.infiniscope.model.provider.NodeText;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.internal.session.FabricEvent.Severity;

/**
 * The events of a model update: nodes added or gone, links up or down, port states. Read in the model listener, where
 * the live objects (and removed ones, which keep their last values) may be read. A bulk change (a first sweep, a new
 * fabric) becomes one summary line instead of thousands.
 */
final class DeltaEvents {

    /** More elements of one kind than this in one update are summarized. */
    static final int BULK = 40;

    private DeltaEvents() {
    }

    static List<FabricEvent> of(FabricDelta delta, Instant time) {
        List<FabricEvent> events = new ArrayList<>();
        List<Node> added = delta.elements(Kind.ADDED, Node.class);
        List<Node> removed = delta.elements(Kind.REMOVED, Node.class);
        List<Link> linksAdded = delta.elements(Kind.ADDED, Link.class);
        List<Link> linksRemoved = delta.elements(Kind.REMOVED, Link.class);
        // a new fabric (its name changed: a first sweep, another fabric) or a bulk change: one line
        boolean renamed = delta.changes().stream()
                .anyMatch(c -> c.element() instanceof Fabric && c.changed(FabricPackage.Literals.FABRIC__NAME));
        if (renamed || added.size() > BULK || removed.size() > BULK) {
            events.add(new FabricEvent(time, Severity.INFO, "sweep", added.size() + " nodes added, " + removed.size()
                    + " gone, " + linksAdded.size() + " links up, " + linksRemoved.size() + " down", null));
            return events;
        }
        for (Node n : added) {
            events.add(new FabricEvent(time, Severity.INFO, "node added",
                    NodeText.name(n) + " (" + n.getType().getLiteral() + ")", new FabricRef.NodeRef(n.getNodeGuid())));
        }
        for (Node n : removed) {
            events.add(new FabricEvent(time, Severity.WARNING, "node gone", NodeText.name(n) + " no longer answers",
                    null));
        }
        for (Link l : linksRemoved) {
            events.add(new FabricEvent(time, Severity.ERROR, "link down", NodeText.label(l), endRef(l)));
        }
        if (linksAdded.size() > BULK) {
            events.add(new FabricEvent(time, Severity.INFO, "link up", linksAdded.size() + " links up", null));
        } else {
            for (Link l : linksAdded) {
                events.add(new FabricEvent(time, Severity.INFO, "link up", NodeText.label(l), endRef(l)));
            }
        }
        int states = 0;
        for (ModelChange c : delta.changes()) {
            if (c.kind() == Kind.CHANGED && c.element() instanceof Port p
                    && c.changed(FabricPackage.Literals.PORT__STATE) && p.getNode() != null) {
                if (++states > BULK) {
                    continue;
                }
                PortState s = p.getState();
                Severity severity = s == PortState.DOWN ? Severity.ERROR : Severity.INFO;
                events.add(new FabricEvent(time, severity, "port " + s.getLiteral().toLowerCase(java.util.Locale.ROOT),
                        NodeText.name(p.getNode()) + " port " + p.getNumber() + " is " + s.getLiteral(),
                        FabricView.portRef(p)));
            }
        }
        if (states > BULK) {
            events.add(new FabricEvent(time, Severity.INFO, "port states", states + " ports changed state", null));
        }
        return events;
    }

    /** @return the first end of a link that still has a node (a removed link's ends may be gone with it) */
    private static FabricRef endRef(Link l) {
        Port a = l.getEndA();
        Port b = l.getEndB();
        if (a != null && a.getNode() != null) {
            return FabricView.portRef(a);
        }
        return b != null && b.getNode() != null ? FabricView.portRef(b) : null;
    }
}
