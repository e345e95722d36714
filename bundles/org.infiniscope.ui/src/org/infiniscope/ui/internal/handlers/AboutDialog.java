package org.infiniscope.ui.internal.handlers;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.console.CommandService;
import org.infiniscope.ui.UiIds;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** The About dialog: product, version, and what it runs on. */
final class AboutDialog extends Dialog {

    /** The dialog's title, which the UI tests look for. */
    static final String TITLE = "About " + UiIds.PRODUCT_NAME;

    private final CommandService commands;

    AboutDialog(Shell parent, CommandService commands) {
        super(parent);
        this.commands = commands;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText(TITLE);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        Label name = new Label(area, SWT.NONE);
        name.setText(UiIds.PRODUCT_NAME);
        name.setFont(JFaceResources.getHeaderFont());
        Label version = new Label(area, SWT.NONE);
        version.setText("Version " + version());
        Label description = new Label(area, SWT.WRAP);
        description.setText("A management console for InfiniBand fabrics: topology, counters, subnet manager,\n"
                + "queue pairs and firmware of a whole subnet, on the desktop and headless.");
        Bundle framework = FrameworkUtil.getBundle(getClass()).getBundleContext().getBundle(0);
        Label runtime = new Label(area, SWT.NONE);
        runtime.setText("Java " + System.getProperty("java.runtime.version") + " · " + framework.getSymbolicName() + " "
                + framework.getVersion());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(description);
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.OK_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    private String version() {
        return commands != null ? commands.version() : FrameworkUtil.getBundle(getClass()).getVersion().toString();
    }
}
