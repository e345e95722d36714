package org.infiniscope.ui.topology.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.MessageBox;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.ui.topology.internal.draw.ColourMode;

/**
 * The topology part's toolbar: fit, fold hosts into leaves, what link colours say, find a node, and export the
 * picture through a file dialog. Each control carries its widget ID (the UI tests find it by that) and acts through
 * the part; the part shows in the fold box and the colours list what it was told otherwise.
 */
final class TopologyToolbar {

    private final TopologyPart part;
    private final Button aggregateButton;
    private final Combo modeCombo;

    /** Makes the toolbar, a row of the parent's grid. */
    TopologyToolbar(Composite parent, TopologyPart part) {
        this.part = part;
        Composite bar = new Composite(parent, SWT.NONE);
        GridLayoutFactory.swtDefaults().numColumns(5).margins(4, 2).applyTo(bar);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
        Button fit = button(bar, SWT.PUSH, "Fit", "topology.fit");
        fit.addListener(SWT.Selection, e -> part.fit());
        aggregateButton = button(bar, SWT.CHECK, "Fold hosts into leaves", "topology.aggregate");
        aggregateButton.addListener(SWT.Selection, e -> part.setAggregated(aggregateButton.getSelection()));
        modeCombo = new Combo(bar, SWT.READ_ONLY);
        for (ColourMode m : ColourMode.values()) {
            modeCombo.add(m.label());
        }
        modeCombo.select(0);
        modeCombo.setData(TopologyPart.WIDGET_ID, "topology.colours");
        modeCombo.setToolTipText("What link colours say");
        modeCombo.addListener(SWT.Selection, e -> part.setColourMode(modeCombo.getText()));
        Text find = new Text(bar, SWT.SEARCH | SWT.ICON_SEARCH);
        find.setMessage("Find name, GUID or LID");
        find.setData(TopologyPart.WIDGET_ID, "topology.find");
        GridDataFactory.swtDefaults().hint(180, SWT.DEFAULT).applyTo(find);
        find.addListener(SWT.DefaultSelection, e -> {
            if (!part.find(find.getText())) {
                part.noMatch(find.getText());
            }
        });
        Button export = button(bar, SWT.PUSH, "Export…", "topology.export");
        export.addListener(SWT.Selection, e -> exportWithDialog(bar));
    }

    private static Button button(Composite bar, int style, String text, String id) {
        Button b = new Button(bar, style);
        b.setText(text);
        b.setData(TopologyPart.WIDGET_ID, id);
        return b;
    }

    /** @return whether the fold box is checked */
    boolean aggregated() {
        return aggregateButton.getSelection();
    }

    /** Checks the fold box or not. */
    void showAggregated(boolean aggregated) {
        aggregateButton.setSelection(aggregated);
    }

    /** Selects a colour mode in the list. */
    void showMode(ColourMode mode) {
        modeCombo.select(mode.ordinal());
    }

    /** Asks for a file (PNG or SVG) and exports the picture to it; a failure is shown in a message box. */
    private void exportWithDialog(Composite bar) {
        if (!part.hasScene()) {
            return;
        }
        FileDialog dialog = new FileDialog(bar.getShell(), SWT.SAVE);
        dialog.setText("Export the topology");
        dialog.setFilterExtensions(new String[]{"*.png", "*.svg"});
        dialog.setFilterNames(new String[]{"PNG image", "SVG drawing"});
        dialog.setFileName("topology.png");
        dialog.setOverwrite(true);
        String file = dialog.open();
        if (file == null) {
            return;
        }
        try {
            part.export(Path.of(file));
            part.setMessage("Exported " + file);
        } catch (IOException e) {
            MessageBox box = new MessageBox(bar.getShell(), SWT.ICON_ERROR | SWT.OK);
            box.setText("Export failed");
            box.setMessage(e.getMessage());
            box.open();
        }
    }
}
