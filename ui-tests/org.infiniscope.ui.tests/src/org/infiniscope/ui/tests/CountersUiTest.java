package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The counters part on the simulated 432-host fat tree: it charts live rates as the simulator's traffic flows, lists
 * every counter with its growth, charts a port selected in another view, and ranks the busiest ports.
 */
class CountersUiTest {

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
    void countersChangeWithTheSimulatorsTrafficAndTheBusiestPortIsOnTop() throws Exception {
        FatTree432.simfault(bot, window, "flow h00011[1] h00420[1] 500MB/s");
        long flowStarted = System.nanoTime();
        FatTree432.showPart(bot, CountersIds.PART_COUNTERS);
        Table top = widget(Table.class, CountersIds.TOP_UTILISATION);
        bot.waitUntil("h00011 [1] in the top ports by utilisation",
                () -> FatTree432.column(top, 0).contains("h00011 [1]"));

        FatTree432.selectIn(bot, UiIds.PART_EXPLORER, new FabricSelection(
                List.of(new FabricRef.PortRef(FatTree432.nodeGuid("h00011"), 1)), UiIds.PART_EXPLORER));
        Label status = widget(Label.class, CountersIds.COUNTERS_STATUS);
        bot.waitUntil("the counters of h00011 [1] to be shown", () -> status.getText().startsWith("h00011 [1]"));
        Table counters = widget(Table.class, CountersIds.COUNTER_TABLE);
        long first = bot.waitFor("PortXmitData of h00011 [1]", () -> xmitData(counters), UiBot.TIMEOUT);
        long later = bot.waitFor("PortXmitData of h00011 [1] to grow", () -> {
            Long now = xmitData(counters);
            return now != null && now > first ? now : null;
        }, UiBot.TIMEOUT);
        assertTrue(later > first);
        assertTrue(bot.call(() -> row(counters, "PortXmitData (bytes)")[2]).startsWith("+"),
                "the growth of PortXmitData in the last sweep is shown");

        Chart data = widget(Chart.class, CountersIds.CHART_DATA);
        // each point is the bytes between two readings over the time between them. On a loaded machine a reading
        // dated a moment late makes one interval short and the next long (one point high, the next low), and the
        // port's history may hold earlier traffic (seen: 300 MB/s, then idle, before this flow): the flow's rate is
        // the bytes of the chart's last WINDOW seconds over their time, each point weighted by its interval, read once
        // the flow has run long enough that those seconds lie after its start (with room for a chart drawn a few
        // seconds before it is read)
        Duration flowed = WINDOW.plus(SLACK);
        double rate = bot.waitFor("the last " + WINDOW + " of the flow charted for h00011 [1]", () -> {
            if (System.nanoTime() - flowStarted < flowed.toNanos()) {
                return null;
            }
            ISeries<?> s = data.getSeriesSet().getSeries("h00011 [1] xmit");
            return s == null ? null : lastWindowRate(s.getXSeries(), s.getYSeries());
        }, flowed.plus(UiBot.TIMEOUT));
        assertTrue(rate > 4e8 && rate < 6e8, "the chart shows about the 500 MB/s sent, not " + rate + " ("
                + Arrays.toString(bot.call(() -> data.getSeriesSet().getSeries("h00011 [1] xmit").getYSeries())) + ")");
        Chart packets = widget(Chart.class, CountersIds.CHART_PACKETS);
        assertTrue(bot.call(() -> packets.getSeriesSet().getSeries("h00011 [1] xmit") != null));

        FatTree432.enlargeBottom(bot, window);
        Path png = bot.screenshot(window, "counters");
        assertTrue(Files.size(png) > 10_000, "screenshot too small to show anything: " + png);
    }

    /** How much of the flow's chart its rate is read from. */
    private static final Duration WINDOW = Duration.ofSeconds(8);
    /** Room for the last interval's overshoot of the window and a chart drawn before it is read. */
    private static final Duration SLACK = Duration.ofSeconds(12);

    /**
     * @param x each interval's end (seconds)
     * @param y each interval's rate
     * @return the bytes of the last intervals that span at least {@link #WINDOW} over their time, or null when the
     *         chart does not span it yet
     */
    private static Double lastWindowRate(double[] x, double[] y) {
        double bytes = 0, seconds = 0;
        for (int i = x.length - 1; i >= 1 && seconds < WINDOW.toSeconds(); i--) {
            double dt = x[i] - x[i - 1];
            bytes += y[i] * dt;
            seconds += dt;
        }
        return seconds < WINDOW.toSeconds() ? null : bytes / seconds;
    }

    @Test
    void aPortSelectedInAnotherViewIsCharted() throws Exception {
        FatTree432.showPart(bot, CountersIds.PART_COUNTERS);
        long guid = FatTree432.nodeGuid("h00123");
        FatTree432.selectIn(bot, UiIds.PART_EXPLORER,
                new FabricSelection(List.of(new FabricRef.PortRef(guid, 1)), UiIds.PART_EXPLORER));
        Chart errors = widget(Chart.class, CountersIds.CHART_ERRORS);
        bot.waitUntil("h00123 [1] charted", () -> errors.getSeriesSet().getSeries("h00123 [1]") != null);
        Table counters = widget(Table.class, CountersIds.COUNTER_TABLE);
        assertTrue(bot.call(() -> counters.getColumn(1).getText()).equals("h00123 [1]"));

        // a node selected: its ports are charted
        FatTree432.selectIn(bot, UiIds.PART_EXPLORER, new FabricSelection(
                List.of(new FabricRef.NodeRef(FatTree432.nodeGuid("h00124"))), UiIds.PART_EXPLORER));
        bot.waitUntil("h00124 [1] charted", () -> errors.getSeriesSet().getSeries("h00124 [1]") != null
                && errors.getSeriesSet().getSeries("h00123 [1]") == null);
    }

    private static Long xmitData(Table counters) {
        String[] r = row(counters, "PortXmitData (bytes)");
        return r == null || r[1].isEmpty() ? null : Long.parseLong(r[1].replace(",", ""));
    }

    private static String[] row(Table table, String first) {
        for (TableItem item : table.getItems()) {
            if (item.getText(0).equals(first)) {
                String[] cells = new String[table.getColumnCount()];
                for (int i = 0; i < cells.length; i++) {
                    cells[i] = item.getText(i);
                }
                return cells.length > 1 ? cells : null;
            }
        }
        return null;
    }
}
