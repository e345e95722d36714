package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.AfterEach;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The fabric health summary on the simulated 432-host fat tree: an injected error is counted and drills down. */
class HealthUiTest {

    private UiBot bot;
    private Shell window;

    @BeforeEach
    void connect() throws Exception {
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
        FatTree432.connect();
    }

    /** The fault commands that undo what a test injected, run after it. */
    private final List<String> undo = new java.util.ArrayList<>();

    @AfterEach
    void undoFaults() throws Exception {
        for (String command : undo) {
            FatTree432.simfault(bot, window, command);
        }
        if (undo.stream().anyMatch(c -> c.startsWith("relink"))) {
            // the SM brings the link up again (trap 128): wait for it, the other tests need the whole fabric
            PerfManager perf = FatTree432.service(FrameworkUtil.getBundle(getClass()).getBundleContext(),
                    PerfManager.class);
            FatTree432.waitFor("the relinked host to be swept again", FatTree432.SM_UP,
                    () -> perf.ports().stream().filter(p -> !p.isSwitch()).count() == 432);
        }
    }

    private <T> T widget(Class<T> type, String id) {
        return bot.waitFor("a " + type.getSimpleName() + " '" + id + "'",
                () -> UiBot
                        .findAll(window, type.asSubclass(org.eclipse.swt.widgets.Widget.class),
                                w -> id.equals(w.getData(CountersIds.WIDGET_ID)))
                        .stream().findFirst().map(type::cast).orElse(null),
                UiBot.TIMEOUT);
    }

    @Test
    void anInjectedErrorIsCountedAndItsPortSelected() throws Exception {
        FatTree432.showPart(bot, CountersIds.PART_HEALTH);
        Table counts = widget(Table.class, CountersIds.HEALTH_COUNTS);
        Table items = widget(Table.class, CountersIds.HEALTH_ITEMS);
        Label status = widget(Label.class, CountersIds.HEALTH_STATUS);
        bot.waitUntil("the first summary", () -> !count(counts, "Ports with errors").equals("–"));
        // other tests' faults may leave errors elsewhere for a sweep: only this port matters
        assertFalse(bot.call(() -> {
            select(counts, "Ports with errors");
            return FatTree432.column(items, 0);
        }).contains("h00310 [1]"));

        undo.add("errors h00310[1] symbol=0/s");
        FatTree432.simfault(bot, window, "errors h00310[1] symbol=20/s");
        FatTree432.showPart(bot, CountersIds.PART_HEALTH);
        bot.waitUntil("the injected errors counted", () -> {
            select(counts, "Ports with errors");
            return FatTree432.column(items, 0).contains("h00310 [1]")
                    && Integer.parseInt(count(counts, "Ports with errors")) == items.getItemCount();
        });
        String what = bot.call(() -> items.getItem(FatTree432.column(items, 0).indexOf("h00310 [1]")).getText(1));
        assertTrue(what.startsWith("SymbolErrorCounter +"), what);
        assertTrue(bot.call(status::getText).startsWith("Ports with errors: "), bot.call(status::getText));

        FatTree432.enlargeBottom(bot, window);
        Path png = bot.screenshot(window, "health");
        assertTrue(Files.size(png) > 10_000, "screenshot too small to show anything: " + png);

        // drill down: the port becomes the window's selection, for the other views
        bot.run(() -> {
            int row = FatTree432.column(items, 0).indexOf("h00310 [1]");
            items.setSelection(row);
            Event e = new Event();
            e.item = items.getItem(row);
            items.notifyListeners(SWT.Selection, e);
        });
        long guid = FatTree432.nodeGuid("h00310");
        Object selected = bot.waitFor("the drilled-down port to be selected",
                () -> FatTree432.activeSelection(bot) instanceof FabricSelection s ? s : null, UiBot.TIMEOUT);
        assertEquals(new FabricSelection(List.of(new FabricRef.PortRef(guid, 1)), CountersIds.PART_HEALTH), selected);
    }

    @Test
    void aPulledCableIsADownLink() throws Exception {
        FatTree432.showPart(bot, CountersIds.PART_HEALTH);
        Table counts = widget(Table.class, CountersIds.HEALTH_COUNTS);
        Table items = widget(Table.class, CountersIds.HEALTH_ITEMS);
        bot.waitUntil("the first summary", () -> !count(counts, "Down links").equals("–"));
        assertEquals("0", bot.call(() -> count(counts, "Down links")));

        undo.add("relink h00200[1]");
        FatTree432.simfault(bot, window, "unlink h00200[1]");
        FatTree432.showPart(bot, CountersIds.PART_HEALTH);
        bot.waitUntil("the pulled cable counted as a down link", () -> {
            select(counts, "Down links");
            return count(counts, "Down links").equals("1")
                    && FatTree432.column(items, 0).stream().anyMatch(w -> w.contains("h00200 [1]"));
        });
        assertEquals("up before, not in the last sweep", bot.call(() -> items.getItem(0).getText(1)));
    }

    @Test
    void twoHostsSendingToOneAtNearlyTheLinkRateCongestItsLink() throws Exception {
        BundleContext context = FrameworkUtil.getBundle(getClass()).getBundleContext();
        PerfManager perf = FatTree432.service(context, PerfManager.class);
        PortStats target = perf.port(new PortKey(FatTree432.nodeGuid("h00050"), 1)).orElseThrow();
        long rate = Math.round(target.linkBitsPerSecond() / 8 * 0.8 / 1e6);
        assertTrue(rate > 0, "the link rate of h00050 [1] is known: " + target);
        FatTree432.showPart(bot, CountersIds.PART_HEALTH);
        Table counts = widget(Table.class, CountersIds.HEALTH_COUNTS);
        Table items = widget(Table.class, CountersIds.HEALTH_ITEMS);

        undo.add("flow h00040[1] h00050[1] off");
        undo.add("flow h00041[1] h00050[1] off");
        FatTree432.simfault(bot, window, "flow h00040[1] h00050[1] " + rate + "MB/s");
        FatTree432.simfault(bot, window, "flow h00041[1] h00050[1] " + rate + "MB/s");
        FatTree432.showPart(bot, CountersIds.PART_HEALTH);
        String what = bot.waitFor("the link into h00050 [1] counted as congested", () -> {
            select(counts, "Congested links");
            int row = FatTree432.column(items, 0).indexOf(FatTree432.column(items, 0).stream()
                    .filter(w -> w.endsWith("\u2192 h00050 [1]")).findFirst().orElse("none"));
            return row >= 0 && Integer.parseInt(count(counts, "Congested links")) >= 1
                    ? items.getItem(row).getText(1)
                    : null;
        }, UiBot.TIMEOUT);
        assertTrue(what.matches("waited \\d+\\.\\d % of the time"), what);
    }

    private static String count(Table counts, String kind) {
        for (TableItem item : counts.getItems()) {
            if (item.getText(0).equals(kind)) {
                return item.getText(1);
            }
        }
        throw new AssertionError("no row " + kind);
    }

    private static void select(Table counts, String kind) {
        for (TableItem item : counts.getItems()) {
            if (item.getText(0).equals(kind) && counts.getSelectionIndex() != counts.indexOf(item)) {
                counts.setSelection(item);
                Event e = new Event();
                e.item = item;
                counts.notifyListeners(SWT.Selection, e);
            }
        }
    }
}
