package org.infiniscope.ui.internal.parts;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/** What a fabric part shows while no fabric is connected: what will appear there, and why it is empty. */
final class EmptyState {

    /** The line every fabric part shows until a fabric service publishes a model. */
    static final String NO_FABRIC = "No fabric is connected.";

    private EmptyState() {
    }

    static Composite create(Composite parent, String purpose) {
        Composite area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().margins(12, 12).applyTo(area);
        Label state = new Label(area, SWT.WRAP);
        state.setText(NO_FABRIC);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(state);
        Label explanation = new Label(area, SWT.WRAP);
        explanation.setText(purpose);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(explanation);
        return area;
    }
}
