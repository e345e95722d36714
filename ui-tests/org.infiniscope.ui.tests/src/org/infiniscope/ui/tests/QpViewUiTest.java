package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.eclipse.e4.ui.model.application.MApplication;
import org.eclipse.e4.ui.model.application.ui.MUIElement;
import org.eclipse.e4.ui.workbench.modeling.EModelService;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.tests.bot.UiBot;
import org.infiniscope.ui.topology.TopologyView;
import org.infiniscope.ui.verbs.VerbsUiIds;
import org.infiniscope.verbs.WcStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * The queue pairs part on the simulated 432-host fat tree: an RC flow between two hosts shows in RTS with its peer,
 * PSNs and counters, its path goes on the topology, and when the responder's cable is pulled the requester exhausts
 * its retries: the flow's write completes with retry-exceeded, and the part shows the QP in ERR with that status and
 * ERR lit in the state machine (issue 9's check).
 */
class QpViewUiTest {

    private static final String FROM = "h00100", TO = "h00300";
    private static final int STATE = 5, PEER = 6, SENT = 10, LAST_ERROR = 13;

    private UiBot bot;
    private Shell window;
    private String spec;

    @BeforeEach
    void connect() throws Exception {
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
        spec = FatTree432.connect();
    }

    private <T> T widget(Class<T> type, String id) {
        return bot.waitFor("a " + type.getSimpleName() + " '" + id + "'",
                () -> UiBot
                        .findAll(window, type.asSubclass(org.eclipse.swt.widgets.Widget.class),
                                w -> id.equals(w.getData(VerbsUiIds.WIDGET_ID)))
                        .stream().findFirst().map(type::cast).orElse(null),
                UiBot.TIMEOUT);
    }

    /** @return the cells of the QP table's row of a QP of a node (UI thread), or null */
    private static String[] row(Table table, String node, int qpn) {
        String hex = "0x" + Integer.toHexString(qpn);
        for (TableItem item : table.getItems()) {
            if (item.getText(0).equals(node) && item.getText(3).equals(hex)) {
                String[] cells = new String[table.getColumnCount()];
                for (int i = 0; i < cells.length; i++) {
                    cells[i] = item.getText(i);
                }
                return cells;
            }
        }
        return null;
    }

    private void select(Table table, String node, int qpn) {
        String hex = "0x" + Integer.toHexString(qpn);
        bot.run(() -> {
            TableItem[] items = table.getItems();
            for (int i = 0; i < items.length; i++) {
                if (items[i].getText(0).equals(node) && items[i].getText(3).equals(hex)) {
                    table.setSelection(i);
                    Event e = new Event();
                    e.item = items[i];
                    table.notifyListeners(SWT.Selection, e);
                    return;
                }
            }
            throw new AssertionError("no row of " + node + " QP " + hex);
        });
    }

    /**
     * Takes a screenshot with the side columns (explorer, properties) narrowed, as a user drags the sashes to read
     * the whole table, and gives them their widths back after: the test classes share one window.
     */
    private Path screenshotWide(String name) throws Exception {
        String[] stacks = {"org.infiniscope.ui.stack.explorer", "org.infiniscope.ui.stack.properties"};
        String[] before = new String[stacks.length];
        MApplication app = FatTree432.application();
        EModelService models = app.getContext().get(EModelService.class);
        bot.run(() -> {
            for (int i = 0; i < stacks.length; i++) {
                MUIElement e = models.find(stacks[i], app);
                before[i] = e.getContainerData();
                e.setContainerData("4");
            }
        });
        Table table = widget(Table.class, VerbsUiIds.QP_TABLE);
        try {
            bot.waitUntil("the part to be laid out wide", () -> table.getSize().x > 550);
            return bot.screenshot(window, name);
        } finally {
            bot.run(() -> {
                for (int i = 0; i < stacks.length; i++) {
                    models.find(stacks[i], app).setContainerData(before[i]);
                }
            });
        }
    }

    /** Sweeps again until the desktop's model has the LIDs of these hosts (the SM may have assigned them since). */
    private static void waitForLids(String... hosts) throws Exception {
        BundleContext context = FrameworkUtil.getBundle(QpViewUiTest.class).getBundleContext();
        FabricModelService model = FatTree432.service(context, FabricModelService.class);
        FabricConnection connection = FabricUi.connection();
        long[] guids = new long[hosts.length];
        for (int i = 0; i < hosts.length; i++) {
            guids[i] = FatTree432.nodeGuid(hosts[i]);
        }
        long deadline = System.nanoTime() + FabricUi.LONG.toNanos();
        while (!model.read(f -> f.getNodes().stream()
                .filter(n -> Arrays.stream(guids).anyMatch(g -> g == n.getNodeGuid()))
                .allMatch(n -> n.getPorts().stream().filter(p -> p.getNumber() == 1).allMatch(p -> p.getLid() != 0)))) {
            assertTrue(System.nanoTime() < deadline, "the model has the LIDs of " + Arrays.toString(hosts));
            connection.resweep().get(FabricUi.LONG.toSeconds(), TimeUnit.SECONDS);
        }
    }

    @Test
    void anRcFlowShowsInRtsAndAPulledCableTakesItsQpToErrWithRetryExceeded() throws Exception {
        // the topology traces a path from the LIDs of the model: wait until a sweep saw the ones our SM assigned
        waitForLids(FROM, TO);
        FatTree432.showPart(bot, VerbsUiIds.PART_QPS);
        Table table = widget(Table.class, VerbsUiIds.QP_TABLE);
        Canvas diagram = widget(Canvas.class, VerbsUiIds.STATE_DIAGRAM);
        Text detail = widget(Text.class, VerbsUiIds.QP_DETAIL);
        boolean pulled = false;
        try (RcFlow flow = new RcFlow(spec, FROM, TO)) {
            int qpn = flow.requester.qpNum();
            String[] rts = bot.waitFor(FROM + "'s QP in RTS with messages sent", () -> {
                String[] r = row(table, FROM, qpn);
                return r != null && r[STATE].equals("RTS") && Long.parseLong(r[SENT]) > 0 ? r : null;
            }, UiBot.TIMEOUT);
            assertEquals(TO + " [1]", rts[PEER], "the peer is the other host's port: " + Arrays.toString(rts));
            assertEquals("RC", rts[4]);
            assertEquals("0x" + Integer.toHexString(flow.responder.qpNum()), rts[7], "the remote QPN");
            select(table, FROM, qpn);
            bot.waitUntil("RTS lit in the state machine", () -> "RTS".equals(diagram.getData(VerbsUiIds.LIT_STATE)));

            // the connection's path on the topology
            Canvas topology = bot.waitFor("the topology canvas",
                    () -> UiBot
                            .findAll(window, Canvas.class, c -> "topology.canvas".equals(c.getData(FabricUi.WIDGET_ID)))
                            .stream().findFirst().orElse(null),
                    UiBot.TIMEOUT);
            TopologyView view = bot.call(() -> (TopologyView) topology.getData(TopologyView.DATA_KEY));
            Button showPath = widget(Button.class, VerbsUiIds.SHOW_PATH);
            assertTrue(bot.call(showPath::isEnabled), "a connected QP's path can be shown");
            bot.run(() -> showPath.notifyListeners(SWT.Selection, new Event()));
            TopologyView.Shown shown = bot.waitFor("the connection's path on the topology", () -> {
                TopologyView.Shown s = view.shown();
                return s.message().startsWith("Path: " + FROM) || s.message().startsWith("No path") ? s : null;
            }, FabricUi.LONG);
            assertTrue(shown.message().startsWith("Path: " + FROM), shown.message());
            assertTrue(shown.path().size() >= 2, "through at least one switch: " + shown.path());
            long fromGuid = FatTree432.nodeGuid(FROM), toGuid = FatTree432.nodeGuid(TO);
            assertTrue(shown.path().getFirst().a().nodeGuid() == fromGuid
                    || shown.path().getFirst().b().nodeGuid() == fromGuid, "the path starts at " + FROM);
            assertTrue(
                    shown.path().getLast().a().nodeGuid() == toGuid || shown.path().getLast().b().nodeGuid() == toGuid,
                    "the path ends at " + TO);

            // pull the responder's cable under the flow
            FatTree432.simfault(bot, window, "unplug " + TO + "[1]");
            pulled = true;
            FatTree432.showPart(bot, VerbsUiIds.PART_QPS);
            bot.waitUntil("the flow's write to fail", () -> !flow.failed.isEmpty());
            assertEquals(WcStatus.RETRY_EXC_ERR, flow.failed.get(0).status(), "the first failure: " + flow.failed);
            String[] err = bot.waitFor(FROM + "'s QP in ERR with retry-exceeded", () -> {
                String[] r = row(table, FROM, qpn);
                return r != null && r[STATE].equals("ERR") ? r : null;
            }, UiBot.TIMEOUT);
            assertEquals("RETRY_EXC_ERR", err[LAST_ERROR], Arrays.toString(err));
            bot.waitUntil("ERR lit in the state machine", () -> "ERR".equals(diagram.getData(VerbsUiIds.LIT_STATE)));
            assertTrue(bot.call(detail::getText).contains("RETRY_EXC_ERR (transport retry counter exceeded)"),
                    bot.call(detail::getText));
            String[] responder = bot.call(() -> row(table, TO, flow.responder.qpNum()));
            assertEquals("RTS", responder[STATE], "the responder saw nothing wrong");

            FatTree432.enlargeBottom(bot, window);
            Path png = screenshotWide("qp-view");
            assertTrue(Files.size(png) > 10_000, "screenshot too small to show anything: " + png);
        } finally {
            if (pulled) {
                FatTree432.simfault(bot, window, "replug " + TO + "[1]");
                // the test classes share the fabric: leave it as found, the SM having taken the port to Active again
                SimFabric sim = RcFlow.fabric(spec);
                SimFabric.AttachPoint at = sim.attachPoint(TO, 1);
                bot.waitFor(TO + " [1] Active again after the replug",
                        () -> sim.portState(at) == 4 ? Boolean.TRUE : null, FatTree432.SM_UP);
            }
        }
        bot.waitUntil("the flow's QPs to leave the view once it closed",
                () -> Arrays.stream(table.getItems()).noneMatch(i -> i.getText(0).equals(FROM)));
    }

    @Test
    void aConnectionTheCmMadeIsListedEstablishedWithItsQpInRts() throws Exception {
        FatTree432.showPart(bot, VerbsUiIds.PART_QPS);
        Table table = widget(Table.class, VerbsUiIds.QP_TABLE);
        Table cm = widget(Table.class, VerbsUiIds.CM_TABLE);
        try (CmPair pair = new CmPair(spec, FROM, TO)) {
            int qpn = pair.clientQp.qpNum();
            String hex = "0x" + Integer.toHexString(qpn);
            String[] established = bot.waitFor("the client's connection ESTABLISHED in the CM table", () -> {
                for (TableItem item : cm.getItems()) {
                    if (item.getText(0).equals("sim_" + FROM) && item.getText(3).equals(hex)) {
                        String[] cells = new String[cm.getColumnCount()];
                        for (int i = 0; i < cells.length; i++) {
                            cells[i] = item.getText(i);
                        }
                        return cells[5].equals("ESTABLISHED") ? cells : null;
                    }
                }
                return null;
            }, UiBot.TIMEOUT);
            assertEquals("TCP", established[6], Arrays.toString(established));
            assertEquals(FROM + ":" + CmPair.SERVICE_PORT, established[7], Arrays.toString(established));
            assertTrue(
                    bot.call(() -> Arrays.stream(cm.getItems())
                            .anyMatch(i -> i.getText(0).equals("sim_" + TO) && i.getText(5).equals("LISTEN"))),
                    "the server's listener is listed");
            String[] qp = bot.waitFor("the QP the CM connected, in RTS", () -> {
                String[] r = row(table, FROM, qpn);
                return r != null && r[STATE].equals("RTS") ? r : null;
            }, UiBot.TIMEOUT);
            assertEquals(TO + " [1]", qp[PEER], Arrays.toString(qp));
            assertEquals("0x" + Integer.toHexString(pair.serverQp.qpNum()), qp[7], "the remote QPN");
        }
    }
}
