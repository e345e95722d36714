package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * File › Open Fabric: a topology file opens and the explorer and status bar show it; a malformed file shows an error
 * dialog naming its line and changes nothing; the start connects to the runtime's fabric.
 */
class FabricConnectionUiTest {

    private FabricUi ui;

    @BeforeEach
    void window() {
        ui = new FabricUi();
    }

    @Test
    void theGuiConnectsAtStartToTheRuntimesFabric() {
        // the runtime's fabric is the built-in simulated one: 4 leaves, 2 spines, 32 hosts; another test class may
        // have opened another fabric since, so look at the events of the start
        ui.bot.waitFor("the start's connection",
                () -> ui.events().stream().anyMatch(e -> e.startsWith("connection: connected to sim: "))
                        ? Boolean.TRUE
                        : null,
                FabricUi.LONG);
        List<String> events = ui.bot.call(ui::events);
        assertTrue(events.stream().anyMatch(e -> e.equals("connection: connected to sim: 38 nodes")),
                events.toString());
    }

    @Test
    void aTopologyFileOpensFromTheDialog() throws Exception {
        Path file = FabricUi.fabric("ft2-16.net");
        ui.connect("sim", 38);
        Shell dialog = openDialog();
        ui.choose(dialog, "open.topology");
        Text path = ui.widget(dialog, Text.class, "open.topology");
        ui.bot.run(() -> path.setText(file.toString()));
        ui.bot.screenshot(dialog, "open-fabric");
        ui.press(dialog, "Open");
        ui.bot.waitUntil("the dialog to close", dialog::isDisposed);
        ui.waitForNodes(22);
        Label status = ui.widget(Label.class, "status.text");
        ui.bot.waitUntil("the status bar to name the fabric",
                () -> status.getText().equals("sim:" + file + ": 22 nodes"));
        assertEquals("sim:" + file, FabricUi.connection().state().fabric());
        ui.bot.screenshot(ui.window, "fabric-ft2-16");
    }

    @Test
    void aMalformedTopologyFileShowsItsLineAndChangesNothing() throws Exception {
        Path good = FabricUi.fabric("ft2-16.net");
        Path bad = FabricUi.fabric("bad-port.net");
        ui.connect("sim:" + good, 22);
        long sweeps = FabricUi.connection().state().sweeps();
        Shell dialog = openDialog();
        ui.choose(dialog, "open.topology");
        Text path = ui.widget(dialog, Text.class, "open.topology");
        ui.bot.run(() -> path.setText(bad.toString()));
        ui.press(dialog, "Open");
        Shell error = ui.bot.shell("Cannot open the fabric");
        try {
            List<String> labels = ui.bot
                    .call(() -> UiBot.findAll(error, Label.class, l -> true).stream().map(Label::getText).toList());
            assertTrue(
                    labels.stream().anyMatch(t -> t.contains(bad + ":5: port 12 of \"leaf001\" is beyond its 8 ports")),
                    "the dialog names the file, the line and the fault: " + labels);
            ui.bot.screenshot(error, "open-fabric-malformed");
        } finally {
            ui.press(error, "OK");
        }
        ui.bot.waitUntil("the error dialog to close", error::isDisposed);
        ConnectionState s = FabricUi.connection().state();
        assertEquals("sim:" + good, s.fabric(), "the fabric connected before stays");
        assertEquals(ConnectionState.Phase.CONNECTED, s.phase());
        assertTrue(s.sweeps() >= sweeps);
        ui.waitForNodes(22);
    }

    @Test
    void theDialogListsTheKindsOfFabricAndCancelChangesNothing() throws Exception {
        Shell dialog = openDialog();
        List<String> radios = ui.bot.call(() -> UiBot
                .findAll(dialog, Button.class,
                        b -> b.getData(FabricUi.WIDGET_ID) instanceof String id && id.startsWith("open.")
                                && (b.getStyle() & org.eclipse.swt.SWT.RADIO) != 0)
                .stream().map(Button::getText).toList());
        assertEquals(List.of("The built-in simulated fabric (32 hosts)", "A generated simulated fabric",
                "A simulated fabric from a topology file", "This host's InfiniBand port (umad)",
                "A saved snapshot of a fabric"), radios);
        String before = FabricUi.connection().state().fabric();
        ui.press(dialog, "Cancel");
        ui.bot.waitUntil("the dialog to close", dialog::isDisposed);
        assertEquals(before, FabricUi.connection().state().fabric());
    }

    @Test
    void theStatusBarCancelsAConnectionAndTheFabricStays() throws Exception {
        Path good = FabricUi.fabric("ft2-16.net");
        ui.connect("sim:" + good, 22);
        Button cancel = ui.widget(Button.class, "status.cancel");
        var future = FabricUi.connection().connect("sim:ft3:24");
        ui.bot.waitFor("the Cancel button while it connects",
                () -> cancel.isVisible() || future.isDone() ? Boolean.TRUE : null, FabricUi.LONG);
        ui.bot.run(() -> cancel.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event()));
        ui.bot.waitFor("the connection to stop", () -> future.isDone() ? Boolean.TRUE : null, FabricUi.LONG);
        assertTrue(future.isCancelled(), "cancelled, not finished: the sweep of 4,176 nodes takes longer than a click");
        ui.bot.waitFor("the state to settle", () -> FabricUi.connection().state().busy() ? null : Boolean.TRUE,
                FabricUi.LONG);
        assertEquals("sim:" + good, FabricUi.connection().state().fabric());
        ui.waitForNodes(22);
        assertTrue(!ui.bot.call(cancel::isVisible), "no Cancel once nothing runs");
    }

    private Shell openDialog() {
        MenuItem open = ui.bot.menuItem(ui.window, "File", "Open Fabric…");
        ui.bot.clickLater(open);
        return ui.bot.shell("Open Fabric");
    }
}
