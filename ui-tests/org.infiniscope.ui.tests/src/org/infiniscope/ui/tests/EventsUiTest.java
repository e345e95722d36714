package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The events view: a cable pulled in the simulated fabric (simfault in the console) shows as a link down with its
 * time; double-clicking the event selects the port in the explorer and shows it in the properties.
 */
class EventsUiTest {

    private FabricUi ui;
    private Path file;

    @BeforeEach
    void fabric() throws Exception {
        ui = new FabricUi();
        file = FabricUi.fabric("ft2-16.net");
        ui.connect("sim:" + file, 22);
        ui.waitForSubnetUp("leaf003");
    }

    @Test
    void aPulledCableIsALinkDownEventThatSelectsItsPort() throws Exception {
        Text input = ui.bot.text(ui.window, FabricUi.WIDGET_ID, "console.input");
        ui.bot.typeLine(input, "simfault --fabric sim:" + file + " unlink leaf003[3]");
        try {
            ui.bot.waitFor("a link down event for leaf003 port 3", () -> {
                if (ui.events().stream().anyMatch(e -> e.startsWith("link down: ") && e.contains("leaf003 port 3"))) {
                    return Boolean.TRUE;
                }
                if (!FabricUi.connection().state().busy()) {
                    FabricUi.connection().resweep();
                }
                return null;
            }, FabricUi.LONG);
            String row = ui.bot.call(() -> java.util.Arrays.stream(ui.eventsTable().getItems())
                    .filter(i -> i.getText(2).equals("link down") && i.getText(3).contains("leaf003 port 3"))
                    .map(i -> i.getText(0)).findFirst().orElse("no such row"));
            assertTrue(row.matches("\\d\\d:\\d\\d:\\d\\d"), "the time of the event: " + row);
            ui.openEvent("leaf003 port 3");
            Label title = ui.widget(Label.class, "properties.title");
            ui.bot.waitUntil("the properties of the port the event is about",
                    () -> title.getText().startsWith("leaf003 port 3") || title.getText().startsWith("h00011 port 1"));
            TreeItem[] selected = ui.bot.call(() -> ui.explorer().getSelection());
            String text = ui.bot.call(() -> selected.length == 1
                    ? selected[0].getParentItem().getText() + " / " + selected[0].getText()
                    : "nothing");
            assertTrue(
                    text.startsWith("leaf003 ") && text.contains(" / 3: ")
                            || text.startsWith("h00011 ") && text.contains(" / 1: "),
                    "the explorer selects the port: " + text);
            ui.bot.screenshot(ui.window, "events-link-down");
        } finally {
            ui.bot.typeLine(input, "simfault --fabric sim:" + file + " relink leaf003[3]");
        }
    }
}
