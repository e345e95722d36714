package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real e4 application, started by the UI harness under Xvfb, as a user meets it. */
class InfiniscopeWindowTest {

    private static final String WIDGET_ID = "org.infiniscope.ui.widgetId";

    private UiBot bot;
    private Shell window;

    @BeforeEach
    void findWindow() {
        assertEquals(null, Display.findDisplay(Thread.currentThread()), "tests must not run on the UI thread");
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
    }

    @Test
    void fabricPerspectiveHasEveryViewItPromises() throws Exception {
        for (String label : List.of("Fabric Explorer", "Topology", "Console", "Counters", "Properties")) {
            CTabItem tab = bot.tab(window, label);
            assertTrue(bot.call(() -> tab.getParent().isVisible()), label + " stack is not visible");
        }
        Text output = bot.text(window, WIDGET_ID, "console.output");
        bot.waitUntil("the console to show the version", () -> output.getText().contains("infiniscope 0.1.0."));
        bot.run(() -> window.setSize(1200, 780));
        bot.waitUntil("the window to be laid out", () -> window.getSize().x == 1200);
        Path png = bot.screenshot(window, "infiniscope-window");
        assertTrue(Files.size(png) > 10_000, "screenshot too small to show anything: " + png);
    }

    @Test
    void aboutDialogShowsTheVersion() throws Exception {
        MenuItem about = bot.menuItem(window, "Help", "About Infiniscope");
        bot.clickLater(about);
        Shell dialog = bot.shell("About Infiniscope");
        try {
            List<String> labels = bot
                    .call(() -> UiBot.findAll(dialog, Label.class, l -> true).stream().map(Label::getText).toList());
            assertTrue(labels.contains(UiIds.PRODUCT_NAME), labels.toString());
            assertTrue(labels.stream().anyMatch(t -> t.matches("Version 0\\.1\\.0\\.\\d+")), labels.toString());
            assertTrue(
                    labels.stream().anyMatch(t -> t.startsWith("Java " + System.getProperty("java.runtime.version"))),
                    labels.toString());
            bot.screenshot(dialog, "about");
        } finally {
            bot.run(dialog::close);
        }
        bot.waitUntil("the About dialog to close", dialog::isDisposed);
    }

    @Test
    void consoleRunsACommandOffTheUiThreadAndShowsItsOutput() {
        Text input = bot.text(window, WIDGET_ID, "console.input");
        Text output = bot.text(window, WIDGET_ID, "console.output");
        bot.typeLine(input, "bundles org.infiniscope");
        bot.waitUntil("the bundles command's output", () -> output.getText().contains("|org.infiniscope.ui ("));
        assertTrue(bot.call(output::getText).contains("infiniscope> bundles org.infiniscope"));
        bot.typeLine(input, "nosuch \"unclosed");
        bot.waitUntil("the parse error",
                () -> output.getText().contains("infiniscope: the double quote is not closed"));
        assertEquals("", bot.call(input::getText), "the input is cleared after Enter");
    }
}
