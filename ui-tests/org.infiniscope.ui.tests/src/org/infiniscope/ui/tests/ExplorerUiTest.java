package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fabric explorer on the 16-host fat tree: switches then CAs with their ports and icons, the text filter by name,
 * GUID and LID, and the 432- and 3,456-host trees, which opens without making an item per node.
 */
class ExplorerUiTest {

    private FabricUi ui;
    private Path file;

    @BeforeEach
    void fabric() throws Exception {
        ui = new FabricUi();
        file = FabricUi.fabric("ft2-16.net");
        ui.connect("sim:" + file, 22);
    }

    @AfterEach
    void clearFilters() {
        ui.type("explorer.filter", "");
        ui.check("explorer.down", false);
        ui.check("explorer.errors", false);
    }

    @Test
    void switchesComeFirstThenHostsEachWithItsPortsAndIcons() {
        List<String> roots = ui.bot.call(() -> Arrays.stream(ui.explorer().getItems()).map(TreeItem::getText).toList());
        assertEquals(22, roots.size());
        assertTrue(roots.get(0).startsWith("leaf001 (Switch"), roots.toString());
        assertTrue(roots.get(5).startsWith("spine002 (Switch"), roots.toString());
        assertTrue(roots.get(6).startsWith("h00001 (CA"), roots.toString());
        assertTrue(roots.get(6).contains("0x0008f10400000100"), "the node GUID: " + roots.get(6));
        List<String> ports = ui.bot.call(() -> {
            TreeItem leaf = ui.nodeItem("leaf001");
            leaf.setExpanded(true);
            return Arrays.stream(leaf.getItems()).map(TreeItem::getText).toList();
        });
        assertEquals(9, ports.size(), "port 0 and 8 ports: " + ports);
        assertTrue(ports.get(3).startsWith("3: ") && ports.get(3).endsWith("→ h00003 port 1"), ports.toString());
        Image switchIcon = ui.bot.call(() -> ui.nodeItem("leaf001").getImage());
        Image caIcon = ui.bot.call(() -> ui.nodeItem("h00001").getImage());
        assertTrue(switchIcon != null && caIcon != null && switchIcon != caIcon, "a switch and a CA look different");
    }

    @Test
    void theTextFilterFindsNamesGuidsAndLids() {
        filter("h0001");
        ui.bot.waitUntil("hosts h00010..h00016", () -> ui.explorer().getItemCount() == 7);
        Label count = ui.widget(Label.class, "explorer.count");
        ui.bot.waitUntil("the count", () -> count.getText().startsWith("7 of"));
        assertEquals("7 of 22 nodes", ui.bot.call(count::getText));
        filter("0x0008f10400000300");
        ui.bot.waitUntil("h00003 by its node GUID",
                () -> ui.explorer().getItemCount() == 1 && ui.nodeItem("h00003") != null);
        filter("spine");
        ui.bot.waitUntil("the spines", () -> ui.explorer().getItemCount() == 2);
    }

    @Test
    void aLargeFabricOpensAsAVirtualTree() throws Exception {
        Path large = FabricUi.fabric("ft2-432.net");
        long start = System.nanoTime();
        FabricUi.connection().connect("sim:" + large).get(120, java.util.concurrent.TimeUnit.SECONDS);
        ui.waitForNodes(432 + 24 + 18);
        long ms = (System.nanoTime() - start) / 1_000_000;
        System.out.println("ExplorerUiTest: the 432-host fat tree swept and shown in " + ms + " ms");
        ui.bot.screenshot(ui.window, "explorer-ft2-432");
        filter("h00400");
        ui.bot.waitUntil("h00400 alone", () -> ui.explorer().getItemCount() == 1);
        filter("");
        ui.connect("sim:" + file, 22);
    }

    @Test
    void aFabricOf3456HostsOpensAndFiltersQuickly() throws Exception {
        long start = System.nanoTime();
        FabricUi.connection().connect("sim:ft3:24").get(300, java.util.concurrent.TimeUnit.SECONDS);
        long swept = System.nanoTime();
        ui.waitForNodes(3456 + 720);
        long shown = System.nanoTime();
        filter("h03456");
        ui.bot.waitUntil("h03456 alone", () -> ui.explorer().getItemCount() == 1);
        long filtered = System.nanoTime();
        System.out.printf(
                "ExplorerUiTest: ft3:24 (3456 hosts, 720 switches): opened and swept in %d ms, shown in %d ms"
                        + " more, filtered in %d ms; heap used %d MB%n",
                (swept - start) / 1_000_000, (shown - swept) / 1_000_000, (filtered - shown) / 1_000_000,
                (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
        filter("");
        ui.connect("sim:" + file, 22);
    }

    private void filter(String text) {
        ui.type("explorer.filter", text);
    }
}
