package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;

import org.eclipse.swt.widgets.Composite;

/** The port counters of the selection, polled by the performance manager, as numbers and as charts. */
public final class CountersPart {

    @PostConstruct
    public void create(Composite parent) {
        EmptyState.create(parent,
                "The port counters of the selection, polled by the performance manager, as numbers and as charts.");
    }
}
