package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;

/** The fabric explorer lists the subnet's switches, channel adapters and routers, with their ports and links. */
public final class FabricExplorerPart {

    @PostConstruct
    public void create(Composite parent) {
        EmptyState.create(parent,
                "The fabric explorer lists the subnet's switches, channel adapters and routers, with their ports and links.");
    }
}
