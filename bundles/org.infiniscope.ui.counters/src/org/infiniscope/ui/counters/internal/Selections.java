package org.infiniscope.ui.counters.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.FabricSelection;

/** Between the views' selection and the performance manager's ports. */
final class Selections {

    /** The most ports a view charts at once: more lines than that cannot be told apart. */
    static final int MAX_CHARTED = 4;

    private Selections() {
    }

    /**
     * @return the ports of a selection the manager knows, in selection order, at most {@link #MAX_CHARTED}: a port
     *         itself, a node's ports, a link's two ends
     */
    static List<PortKey> ports(FabricSelection selection, Map<PortKey, PortStats> known) {
        Set<PortKey> out = new LinkedHashSet<>();
        for (FabricRef ref : selection.items()) {
            switch (ref) {
                case FabricRef.PortRef p -> out.add(new PortKey(p.nodeGuid(), p.port()));
                case FabricRef.LinkRef l -> {
                    out.add(new PortKey(l.a().nodeGuid(), l.a().port()));
                    out.add(new PortKey(l.b().nodeGuid(), l.b().port()));
                }
                case FabricRef.NodeRef n ->
                    known.keySet().stream().filter(k -> k.nodeGuid() == n.nodeGuid()).forEach(out::add);
            }
        }
        List<PortKey> list = new ArrayList<>(out);
        return list.size() > MAX_CHARTED ? List.copyOf(list.subList(0, MAX_CHARTED)) : List.copyOf(list);
    }

    /**
     * Selects an element for the other views, as a user's click in {@code part} does: the part is activated first, so
     * that its selection becomes the window's.
     */
    static void select(EPartService parts, ESelectionService selection, MPart part, FabricRef ref) {
        if (parts.getActivePart() != part) {
            parts.activate(part, false);
        }
        selection.setSelection(new FabricSelection(List.of(ref), part.getElementId()));
    }
}
