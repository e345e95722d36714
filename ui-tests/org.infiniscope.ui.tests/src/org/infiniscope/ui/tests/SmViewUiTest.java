package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * The subnet manager part on the simulated 432-host fat tree: our SM is master, a confirmed resweep sweeps, and the
 * part follows the SM's sweep history and routing engine live.
 */
class SmViewUiTest {

    private UiBot bot;
    private Shell window;

    @BeforeEach
    void connect() throws Exception {
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
        FatTree432.connect();
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
    void showsOurSmAsMasterAndAConfirmedResweepAddsASweep() throws Exception {
        FatTree432.showPart(bot, CountersIds.PART_SM);
        Table state = widget(Table.class, CountersIds.SM_STATE);
        try {
            bot.waitUntil("the SM shown as MASTER with its route check", () -> "MASTER".equals(value(state, "State"))
                    && value(state, "Route check") != null && routesArrive(value(state, "Route check")));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the part shows " + bot.call(() -> rows(state)), e);
        }
        assertEquals("minhop", bot.call(() -> value(state, "Routing engine")));
        assertTrue(Integer.parseInt(bot.call(() -> value(state, "SM LID"))) > 0);
        assertTrue(bot.call(() -> value(state, "Nodes")).startsWith("474 (42 switches)"),
                bot.call(() -> value(state, "Nodes")));
        Table known = widget(Table.class, CountersIds.SM_KNOWN);
        bot.waitUntil("our SM among the known SMs",
                () -> FatTree432.column(known, 0).stream().anyMatch(s -> s.endsWith("(this)"))
                        && FatTree432.column(known, 2).contains("MASTER"));

        Table sweeps = widget(Table.class, CountersIds.SM_SWEEPS);
        long heavy = bot.call(() -> RemoteViewsUiTest.newest(sweeps));
        Button resweep = widget(Button.class, CountersIds.SM_RESWEEP);
        bot.waitUntil("resweep enabled", resweep::isEnabled);
        bot.run(() -> bot.display().asyncExec(() -> resweep.notifyListeners(SWT.Selection, new Event())));
        Shell confirm = bot.shell("Resweep the subnet");
        Button yes = bot.waitFor("the dialog's Resweep button", () -> UiBot
                .findAll(confirm, Button.class, b -> "Resweep".equals(b.getText())).stream().findFirst().orElse(null),
                UiBot.TIMEOUT);
        bot.run(() -> bot.display().asyncExec(() -> yes.notifyListeners(SWT.Selection, new Event())));
        bot.waitUntil("the dialog to close", confirm::isDisposed);
        Label action = widget(Label.class, CountersIds.SM_ACTION_STATUS);
        bot.waitFor("the resweep's heavy sweep listed",
                () -> RemoteViewsUiTest.laterHeavy(sweeps, heavy) && action.getText().equals("Resweep done: subnet up")
                        ? true
                        : null,
                FatTree432.SM_UP);
        String[] last = bot.call(() -> {
            TableItem first = sweeps.getItem(0);
            String[] cells = new String[sweeps.getColumnCount()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = first.getText(i);
            }
            return cells;
        });
        assertEquals("heavy", last[KIND]);
        for (int phase = KIND + 1; phase <= KIND + 5; phase++) {
            assertTrue(last[phase].matches("\\d+\\.\\d{3} s"), "phase column " + phase + ": " + last[phase]);
        }
        assertTrue(last[TOOK].matches("\\d+\\.\\d{3} s"), last[TOOK]);
        assertEquals("SUBNET UP", last[RESULT]);
        assertTrue(last[CHANGES].startsWith("474 nodes"), last[CHANGES]);

        FatTree432.enlargeBottom(bot, window);
        Path png = bot.screenshot(window, "subnet-manager");
        assertTrue(Files.size(png) > 10_000, "screenshot too small to show anything: " + png);
    }

    /**
     * The sweeps table lists the SM's own history ({@code SubnetManager.sweepHistory()}, newest first: number, start,
     * kind, phases, time, SMPs, result, changes), and the state the engine that routed and the chain configured; a
     * routing engine configured by OpenSM's option name while the SM runs reroutes at once, and both show it.
     */
    @Test
    void showsTheSmsSweepHistoryAndTheRoutingEngineInForceLive() throws Exception {
        FatTree432.showPart(bot, CountersIds.PART_SM);
        Table state = widget(Table.class, CountersIds.SM_STATE);
        Table sweeps = widget(Table.class, CountersIds.SM_SWEEPS);
        BundleContext context = FrameworkUtil.getBundle(SmViewUiTest.class).getBundleContext();
        SubnetManager sm = FatTree432.service(context, SubnetManager.class);
        bot.waitUntil("the SM's history in the part", () -> {
            List<SweepHistoryEntry> history = sm.sweepHistory();
            return !history.isEmpty() && sweeps.getItemCount() == Math.min(20, history.size())
                    && sweeps.getItem(0).getText(0).equals(Long.toString(history.getLast().number()));
        });
        SweepHistoryEntry newest = sm.sweepHistory().getLast();
        String[] top = bot.call(() -> row(sweeps, 0));
        assertEquals(newest.kind().name().toLowerCase(java.util.Locale.ROOT), top[KIND]);
        assertEquals(newest.up() ? "SUBNET UP" : newest.result(), top[RESULT]);
        assertTrue(top[CHANGES].startsWith("474 nodes"), top[CHANGES]);
        assertEquals("minhop", bot.call(() -> value(state, "Routing engine")));

        ConfigurationAdmin admin = FatTree432.service(context, ConfigurationAdmin.class);
        Configuration config = admin.getConfiguration("org.infiniscope.sm", "?");
        long before = newest.number();
        try {
            Dictionary<String, Object> props = config.getProperties();
            props.put("routing_engine", "updn,minhop");
            config.update(props);
            bot.waitFor("the reroute with up/down shown", () -> {
                String engine = value(state, "Routing engine");
                if (!"updn (chain updn,minhop)".equals(engine)) {
                    return null;
                }
                String[] r = row(sweeps, 0);
                return Long.parseLong(r[0]) > before && r[KIND].equals("heavy") && r[RESULT].equals("SUBNET UP")
                        && r[CHANGES].contains("LFT blocks") ? true : null;
            }, FatTree432.SM_UP);
        } finally {
            Dictionary<String, Object> props = config.getProperties();
            props.remove("routing_engine");
            config.update(props);
        }
        bot.waitFor("min-hop again", () -> "minhop".equals(value(state, "Routing engine")) ? true : null,
                FatTree432.SM_UP);
        assertEquals(SmState.MASTER, sm.state(), "the SM ran on: " + sm.sweepHistory());
        assertTrue(sm.sweepHistory().getFirst().number() <= before, "one history, the SM not restarted");
    }

    private static final int KIND = 2;
    private static final int TOOK = KIND + 6;
    private static final int RESULT = TOOK + 2;
    private static final int CHANGES = RESULT + 1;

    private static String[] row(Table table, int index) {
        TableItem item = table.getItem(index);
        String[] cells = new String[table.getColumnCount()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = item.getText(i);
        }
        return cells;
    }

    /**
     * Min-hop routes every pair of the fat tree without loops; whether its switch-to-switch routes (down, then up
     * again) close a credit loop depends on the LIDs the SM gave, so the part may show one: both are right.
     */
    private static boolean routesArrive(String check) {
        return check.matches("OK: 224,202 pairs, no loop, no credit loop")
                || check.matches("0 unreachable, 0 looping of 224,202 pairs, credit loops in \\[0\\]");
    }

    private static String rows(Table table) {
        StringBuilder b = new StringBuilder();
        for (TableItem item : table.getItems()) {
            b.append(item.getText(0)).append('=').append(item.getText(1)).append("; ");
        }
        return b.toString();
    }

    private static String value(Table table, String name) {
        for (TableItem item : table.getItems()) {
            if (item.getText(0).equals(name)) {
                return item.getText(1);
            }
        }
        return null;
    }
}
