package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The subnet manager part on the simulated 432-host fat tree: our SM is master, and a confirmed resweep sweeps. */
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
        int heavy = bot.call(() -> heavySweeps(sweeps));
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
                () -> heavySweeps(sweeps) > heavy && action.getText().equals("Resweep done: subnet up") ? true : null,
                FatTree432.SM_UP);
        String[] last = bot.call(() -> {
            TableItem first = sweeps.getItem(0);
            String[] cells = new String[sweeps.getColumnCount()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = first.getText(i);
            }
            return cells;
        });
        assertEquals("heavy", last[1]);
        for (int phase = 2; phase < 7; phase++) {
            assertTrue(last[phase].matches("\\d+\\.\\d{3} s"), "phase column " + phase + ": " + last[phase]);
        }
        assertEquals("SUBNET UP", last[8]);

        FatTree432.enlargeBottom(bot, window);
        Path png = bot.screenshot(window, "subnet-manager");
        assertTrue(Files.size(png) > 10_000, "screenshot too small to show anything: " + png);
    }

    private static int heavySweeps(Table sweeps) {
        return (int) FatTree432.column(sweeps, 1).stream().filter("heavy"::equals).count();
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
