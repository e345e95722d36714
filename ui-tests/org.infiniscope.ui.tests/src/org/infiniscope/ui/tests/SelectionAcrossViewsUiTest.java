package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Label;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.ui.tests.bot.UiBot;
import org.infiniscope.ui.topology.TopologyView;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * One selection, every view: a node chosen in the explorer is the one the properties part describes and the one the
 * topology highlights; then a port of another node moves both.
 */
class SelectionAcrossViewsUiTest {

    private static final String WIDGET_ID = "org.infiniscope.ui.widgetId";

    private FabricUi ui;
    private TopologyView view;

    @BeforeEach
    void fabric() throws Exception {
        ui = new FabricUi();
        Path file = FabricUi.fabric("ft2-16.net");
        ui.connect("sim:" + file, 22);
        Canvas canvas = ui.bot.waitFor("the topology canvas",
                () -> UiBot.findAll(ui.window, Canvas.class, c -> "topology.canvas".equals(c.getData(WIDGET_ID)))
                        .stream().findFirst().orElse(null),
                UiBot.TIMEOUT);
        view = ui.bot.call(() -> (TopologyView) canvas.getData(TopologyView.DATA_KEY));
        ui.bot.waitUntil("the topology to draw the 22 nodes", () -> {
            TopologyView.Shown s = view.shown();
            return s.nodes() == 22 && s.drawnNanos() != 0;
        });
    }

    @Test
    void aNodeSelectedInTheExplorerIsShownByTheTopologyAndTheProperties() throws Exception {
        Label title = ui.widget(Label.class, "properties.title");

        ui.selectNode("h00005");
        long h5 = guid("h00005");
        ui.bot.waitUntil("the topology to highlight h00005", () -> view.shown().selected().equals(List.of(h5)));
        ui.bot.waitUntil("the properties of h00005", () -> title.getText().startsWith("h00005 (CA"));

        ui.selectPort("leaf002", 3);
        long leaf = guid("leaf002");
        ui.bot.waitUntil("the topology to highlight leaf002", () -> view.shown().selected().equals(List.of(leaf)));
        ui.bot.waitUntil("the properties of leaf002 port 3", () -> title.getText().startsWith("leaf002 port 3"));
        assertEquals(List.of(leaf), ui.bot.call(() -> view.shown().selected()), "only the new selection is lit");
    }

    private static long guid(String name) {
        BundleContext context = FrameworkUtil.getBundle(SelectionAcrossViewsUiTest.class).getBundleContext();
        ServiceTracker<FabricModelService, FabricModelService> tracker = new ServiceTracker<>(context,
                FabricModelService.class, null);
        tracker.open();
        try {
            FabricModelService model = tracker.waitForService(30_000);
            return model.read(f -> f.getNodes().stream().filter(n -> name.equals(n.getDescription())).findFirst()
                    .orElseThrow(() -> new AssertionError("no node " + name)).getNodeGuid());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            tracker.close();
        }
    }
}
