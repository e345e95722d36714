package org.infiniscope.ui.fabric;

import java.util.List;

/**
 * What the operator selected in any view, set with {@code ESelectionService.setSelection(FabricSelection)} and
 * received by the other views as the {@code IServiceConstants.ACTIVE_SELECTION} of the window. A view that sets the
 * selection ignores it when it comes back; every other view shows it (explorer: selects the items; topology:
 * highlights and reveals; properties: shows the first element's attributes; counters: charts the ports).
 *
 * @param items the selected elements, first the primary one; never empty
 * @param source the element ID of the part that selected them, so that it can ignore its own selection
 */
public record FabricSelection(List<FabricRef> items, String source) {

    public FabricSelection {
        items = List.copyOf(items);
        if (items.isEmpty()) {
            throw new IllegalArgumentException("a selection has at least one element");
        }
    }

    /** @return the first (primary) element */
    public FabricRef first() {
        return items.getFirst();
    }
}
