package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;

/** The topology shows the fabric as a laid-out graph: switches, hosts and the links between them, coloured by health. */
public final class TopologyPart {

    @PostConstruct
    public void create(Composite parent) {
        EmptyState.create(parent,
                "The topology shows the fabric as a laid-out graph: switches, hosts and the links between them, coloured by health.");
    }
}
