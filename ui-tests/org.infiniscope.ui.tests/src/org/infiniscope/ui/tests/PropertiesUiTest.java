package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Selecting a node or a port in the explorer shows it in the properties part, every field with its readable name and
 * its value in its unit, from the model's item providers.
 */
class PropertiesUiTest {

    private FabricUi ui;

    @BeforeEach
    void fabric() throws Exception {
        ui = new FabricUi();
        Path file = FabricUi.fabric("ft2-16.net");
        ui.connect("sim:" + file, 22);
    }

    @Test
    void aNodeSelectedInTheExplorerShowsInProperties() throws Exception {
        ui.selectNode("h00003");
        Label title = ui.widget(Label.class, "properties.title");
        ui.bot.waitUntil("the properties of h00003", () -> title.getText().startsWith("h00003 (CA"));
        Map<String, String> props = properties();
        assertEquals("0x0008f10400000300", props.get("Node GUID"), props.toString());
        assertEquals("CA", props.get("Node type"), props.toString());
        assertEquals("h00003", props.get("Node description"), props.toString());
        assertEquals("1", props.get("Number of ports"), props.toString());
        assertTrue(props.get("Vendor ID").matches("0x[0-9a-f]{6}"), props.toString());
        ui.bot.screenshot(ui.window, "properties-node");
    }

    @Test
    void aPortShowsEveryPortInfoFieldWithItsUnit() {
        ui.selectPort("leaf001", 5);
        Label title = ui.widget(Label.class, "properties.title");
        ui.bot.waitUntil("the properties of leaf001 port 5", () -> title.getText().startsWith("leaf001 port 5"));
        Map<String, String> props = properties();
        for (String name : new String[]{"Port number", "Port GUID", "LID", "LMC", "Port state", "Physical state",
                "Width active", "Widths enabled", "Widths supported", "Speed active", "Speeds enabled",
                "Speeds supported", "Extended speed active", "Active MTU", "Maximum MTU", "Capability mask",
                "Reachable", "Link rate", "Link", "Remote port"}) {
            assertTrue(props.containsKey(name), name + " in " + props.keySet());
        }
        assertEquals("5", props.get("Port number"));
        assertTrue(props.get("Remote port").startsWith("spine001 port 1"), props.get("Remote port"));
        assertTrue(props.get("Speeds supported").contains("Gb/s"), "speeds with their rates: " + props);
        assertTrue(props.get("Maximum MTU").endsWith("bytes"), "MTU in bytes: " + props);
        assertTrue(props.get("LMC").contains("LIDs"), props.get("LMC"));
    }

    /** @return the properties part's rows, name to value */
    private Map<String, String> properties() {
        Tree tree = ui.widget(Tree.class, "properties.tree");
        return ui.bot.call(() -> {
            Map<String, String> rows = new LinkedHashMap<>();
            for (TreeItem category : tree.getItems()) {
                Arrays.stream(category.getItems()).forEach(i -> rows.put(i.getText(0), i.getText(1)));
            }
            return rows;
        });
    }
}
