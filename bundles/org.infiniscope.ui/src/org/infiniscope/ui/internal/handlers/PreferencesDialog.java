package org.infiniscope.ui.internal.handlers;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.ui.internal.parts.ConsolePart;
import org.infiniscope.ui.internal.session.UiPreferences;

/** File › Preferences: the GUI's defaults ({@link UiPreferences}), in a plain JFace dialog (no 3.x workbench). */
public final class PreferencesDialog extends Dialog {

    private final String runtimeFabric;
    private Text fabric;
    private Button connectOnStart;
    private Button resweepAfterAction;

    /** @param runtimeFabric what an empty default fabric means, for the hint */
    public PreferencesDialog(Shell parent, String runtimeFabric) {
        super(parent);
        this.runtimeFabric = runtimeFabric;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Preferences");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(area);
        Label l = new Label(area, SWT.NONE);
        l.setText("Default fabric:");
        fabric = new Text(area, SWT.BORDER | SWT.SINGLE);
        fabric.setData(ConsolePart.WIDGET_ID, "prefs.fabric");
        fabric.setMessage("empty: " + runtimeFabric);
        fabric.setText(UiPreferences.get(UiPreferences.DEFAULT_FABRIC, ""));
        GridDataFactory.fillDefaults().grab(true, false).hint(360, SWT.DEFAULT).applyTo(fabric);
        Label hint = new Label(area, SWT.WRAP);
        hint.setText("sim, sim:ft2:4:2:8, sim:FILE, umad, umad:CA:PORT or snapshot:FILE");
        GridDataFactory.fillDefaults().span(2, 1).applyTo(hint);
        connectOnStart = new Button(area, SWT.CHECK);
        connectOnStart.setText("Connect to the default fabric at start");
        connectOnStart.setData(ConsolePart.WIDGET_ID, "prefs.connectOnStart");
        connectOnStart.setSelection(UiPreferences.getBoolean(UiPreferences.CONNECT_ON_START, true));
        GridDataFactory.fillDefaults().span(2, 1).applyTo(connectOnStart);
        resweepAfterAction = new Button(area, SWT.CHECK);
        resweepAfterAction.setText("Sweep the fabric after a port action, to show its effect at once");
        resweepAfterAction.setData(ConsolePart.WIDGET_ID, "prefs.resweepAfterAction");
        resweepAfterAction.setSelection(UiPreferences.getBoolean(UiPreferences.RESWEEP_AFTER_ACTION, true));
        GridDataFactory.fillDefaults().span(2, 1).applyTo(resweepAfterAction);
        return area;
    }

    @Override
    protected void okPressed() {
        UiPreferences.put(UiPreferences.DEFAULT_FABRIC, fabric.getText().strip());
        UiPreferences.putBoolean(UiPreferences.CONNECT_ON_START, connectOnStart.getSelection());
        UiPreferences.putBoolean(UiPreferences.RESWEEP_AFTER_ACTION, resweepAfterAction.getSelection());
        UiPreferences.flush();
        super.okPressed();
    }
}
