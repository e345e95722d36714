package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The explorer's port actions on the 16-host fat tree brought up by the runtime's SM: disabling a port, confirmed,
 * through the same portstate command as the CLI, takes its link down in the explorer and the events; enabling it
 * brings it back. The context menu offers what fits the selection.
 */
class PortActionsUiTest {

    private FabricUi ui;

    @BeforeEach
    void fabric() throws Exception {
        ui = new FabricUi();
        Path file = FabricUi.fabric("ft2-16.net");
        ui.connect("sim:" + file, 22);
        ui.waitForSubnetUp("leaf002");
    }

    @Test
    void disablingAPortTakesItsLinkDownAndEnablingBringsItBack() throws Exception {
        ui.selectPort("leaf002", 2);
        ui.contextMenu("Disable Port…");
        Shell confirm = ui.bot.shell("Disable Port");
        ui.bot.screenshot(confirm, "disable-port-confirm");
        ui.press(confirm, "OK");
        ui.bot.waitFor("leaf002 port 2 to show Down", () -> {
            TreeItem p = ui.portItem("leaf002", 2);
            return p != null && p.getText().contains(" Down") ? Boolean.TRUE : null;
        }, FabricUi.LONG);
        ui.bot.waitUntil("the events to show the link down",
                () -> ui.events().stream().anyMatch(e -> e.startsWith("link down: ") && e.contains("leaf002 port 2")));
        List<String> events = ui.bot.call(ui::events);
        assertTrue(events.stream().anyMatch(e -> e.equals("action: disable leaf002 port 2: done")), events.toString());
        // the down-ports filter shows it
        ui.check("explorer.down", true);
        try {
            List<String> shown = ui.bot.call(() -> Arrays.stream(ui.explorer().getItems())
                    .flatMap(n -> Arrays.stream(n.getItems()).map(p -> n.getText().split(" ")[0] + " " + p.getText()))
                    .toList());
            assertTrue(shown.stream().anyMatch(s -> s.startsWith("leaf002 2: ")), shown.toString());
            assertTrue(shown.stream().allMatch(s -> s.contains("Down") || s.contains("unreachable")),
                    "only ports that are down: " + shown);
            ui.bot.screenshot(ui.window, "explorer-down-ports");
        } finally {
            ui.check("explorer.down", false);
        }
        ui.selectPort("leaf002", 2);
        ui.contextMenu("Enable Port…");
        Shell enable = ui.bot.shell("Enable Port");
        ui.press(enable, "OK");
        ui.bot.waitFor("leaf002 port 2 to come up", () -> {
            TreeItem p = ui.portItem("leaf002", 2);
            return p != null && !p.getText().contains(" Down") ? Boolean.TRUE : null;
        }, FabricUi.LONG);
    }

    @Test
    void cancellingTheConfirmationDoesNothing() {
        ui.selectPort("leaf003", 2);
        long sweeps = FabricUi.connection().state().sweeps();
        // only the actions' own events count: the perf poller's rules and re-sweeps log events of their own meanwhile
        long actions = ui.bot.call(() -> ui.events().stream().filter(e -> e.startsWith("action: ")).count());
        ui.contextMenu("Reset Port…");
        Shell confirm = ui.bot.shell("Reset Port");
        ui.press(confirm, "Cancel");
        ui.bot.waitUntil("the confirmation to close", confirm::isDisposed);
        assertEquals(actions,
                (long) ui.bot.call(() -> ui.events().stream().filter(e -> e.startsWith("action: ")).count()),
                "no action ran");
        assertTrue(FabricUi.connection().state().sweeps() >= sweeps);
    }

    @Test
    void theMenuFitsTheSelection() {
        ui.selectPort("leaf001", 3);
        List<String> port = ui.contextMenuLabels();
        assertTrue(port.containsAll(List.of("Enable Port…", "Disable Port…", "Reset Port…", "Clear Counters…",
                "Copy Node GUID", "Copy Port GUID", "Copy LID", "Rediscover…")), port.toString());
        ui.selectNode("h00001");
        List<String> node = ui.contextMenuLabels();
        assertTrue(node.contains("Copy Node GUID") && !node.contains("Disable Port…"), node.toString());
    }
}
