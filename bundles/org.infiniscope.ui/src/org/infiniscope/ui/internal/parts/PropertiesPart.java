package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;

/** The properties of the node, port or link selected in the explorer or the topology. */
public final class PropertiesPart {

    @PostConstruct
    public void create(Composite parent) {
        EmptyState.create(parent, "The properties of the node, port or link selected in the explorer or the topology.");
    }
}
