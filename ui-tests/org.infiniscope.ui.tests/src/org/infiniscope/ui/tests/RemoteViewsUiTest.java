package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Widget;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.rest.AccessTokens;
import org.infiniscope.rest.Role;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.firmware.FirmwareIds;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.tests.bot.UiBot;
import org.infiniscope.ui.verbs.VerbsUiIds;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * The views other than the fabric's on a remote runtime (File › Connect… puts a {@link RemoteFabric} in the
 * application's context): the counters, health, SM, events, firmware and QP views read it over the REST API. The REST
 * server runs in this process (bundle org.infiniscope.rest on the HTTP whiteboard, started here on a free port), over
 * the 432-host fat tree the desktop has open; the views say where they read, so a view that still read the local
 * services fails the test. A viewer's Resweep is refused with the server's 403 and the view says so; an operator's
 * comes back through the event stream as a new sweep of the SM view, and a counter sweep there as a new sweep of the
 * counters view.
 */
class RemoteViewsUiTest {

    private static final Duration READ = Duration.ofSeconds(60);

    private static URI base;
    private static String viewer;
    private static String operator;
    private static Bundle jetty;

    private UiBot bot;
    private Shell window;
    private RemoteFabric remote;

    @BeforeAll
    static void startTheRestServer() throws Exception {
        FatTree432.connect();
        BundleContext context = FrameworkUtil.getBundle(RemoteViewsUiTest.class).getBundleContext();
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        // framework properties fall back to system properties in Equinox: read when the HTTP bundle starts; the
        // tokens are kept under infiniscope.state (target/state/rest/tokens, as the pom sets it)
        System.setProperty("org.osgi.service.http.port", Integer.toString(port));
        System.setProperty("org.apache.felix.http.host", "127.0.0.1");
        bundle(context, "org.infiniscope.rest").start();
        jetty = bundle(context, "org.apache.felix.http.jetty12");
        jetty.start();
        AccessTokens tokens = FatTree432.service(context, AccessTokens.class);
        viewer = tokens.add(Role.VIEWER, "remote-views-ui").token();
        operator = tokens.add(Role.OPERATOR, "remote-views-ui").token();
        base = URI.create("http://127.0.0.1:" + port);
        HttpClient http = HttpClient.newHttpClient();
        FatTree432.waitFor("the REST API to answer", READ, () -> {
            try {
                return http.send(HttpRequest.newBuilder(base.resolve("/api/v1/sm"))
                        .header("Authorization", "Bearer " + viewer).build(), HttpResponse.BodyHandlers.ofString())
                        .statusCode() == 200;
            } catch (java.io.IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
    }

    private static Bundle bundle(BundleContext context, String name) {
        for (Bundle b : context.getBundles()) {
            if (b.getSymbolicName().equals(name)) {
                return b;
            }
        }
        throw new AssertionError("bundle " + name + " is not installed");
    }

    @AfterAll
    static void stopTheRestServer() throws Exception {
        if (jetty != null) {
            jetty.stop();
        }
    }

    @BeforeEach
    void window() {
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
    }

    @AfterEach
    void local() throws Exception {
        // back to the local services for the other test classes, as File › Open Fabric… does
        IEclipseContext app = FatTree432.application().getContext();
        bot.run(() -> app.remove(RemoteFabric.class));
        if (remote != null) {
            remote.close();
        }
    }

    /** Connects to the runtime as File › Connect… does, with this token, keeping the local fabric's model. */
    private void show(String token) throws Exception {
        BundleContext context = FrameworkUtil.getBundle(getClass()).getBundleContext();
        remote = new RemoteFabric(base, token, FatTree432.service(context, FabricModelService.class));
        remote.connect();
        IEclipseContext app = FatTree432.application().getContext();
        RemoteFabric r = remote;
        bot.run(() -> app.set(RemoteFabric.class, r));
    }

    private <T extends Widget> T widget(Class<T> type, String id) {
        return bot.waitFor("a " + type.getSimpleName() + " '" + id + "'",
                () -> UiBot.findAll(window, type, w -> id.equals(w.getData(CountersIds.WIDGET_ID))).stream().findFirst()
                        .orElse(null),
                UiBot.TIMEOUT);
    }

    private String text(Label label) {
        return bot.call(label::getText);
    }

    @Test
    void everyViewReadsTheRemoteRuntimeAndAViewersResweepIsRefusedWithTheServersStatus() throws Exception {
        show(viewer);
        String on = " on " + base;

        FatTree432.showPart(bot, CountersIds.PART_COUNTERS);
        Label counters = widget(Label.class, CountersIds.COUNTERS_STATUS);
        bot.waitFor("the counters read from the runtime",
                () -> counters.getText().endsWith(on) && counters.getText().contains(" ports, last sweep ")
                        ? true
                        : null,
                READ);
        int ports = Integer.parseInt(text(counters).replaceAll(".* — (\\d+) ports, .*", "$1"));
        assertTrue(ports >= 432, "every port of the fat tree's hosts at least: " + text(counters));

        FatTree432.showPart(bot, CountersIds.PART_HEALTH);
        Label health = widget(Label.class, CountersIds.HEALTH_STATUS);
        bot.waitUntil("the health read from the runtime", () -> health.getText().contains(on + ")"));

        FatTree432.showPart(bot, CountersIds.PART_SM);
        Table state = widget(Table.class, CountersIds.SM_STATE);
        bot.waitUntil("the runtime's SM shown",
                () -> base.toString().equals(value(state, "Runtime")) && "MASTER".equals(value(state, "State"))
                        && value(state, "Route check") != null && !"checking…".equals(value(state, "Route check")));
        assertTrue(bot.call(() -> value(state, "Nodes")).startsWith("474 (42 switches)"),
                bot.call(() -> value(state, "Nodes")));
        assertEquals("minhop", bot.call(() -> value(state, "Routing engine")));
        Table known = widget(Table.class, CountersIds.SM_KNOWN);
        bot.waitUntil("the runtime's SM among the known SMs",
                () -> FatTree432.column(known, 0).stream().anyMatch(s -> s.endsWith("(this)")));

        resweep();
        Label action = widget(Label.class, CountersIds.SM_ACTION_STATUS);
        bot.waitUntil("the refusal shown", () -> action.getText().startsWith("Resweep failed: HTTP 403: "));
        String refusal = text(action);
        assertTrue(refusal.contains("operator"), "the server's message names the role needed: " + refusal);
        assertTrue(!refusal.contains(viewer.substring(17)), "no secret in the message");

        FatTree432.showPart(bot, UiIds.PART_EVENTS);
        Table events = widget(Table.class, "events.table");
        bot.waitUntil("the runtime's record of the refused resweep in the events", () -> rows(events).stream().anyMatch(
                r -> r[2].equals("action") && r[3].contains("/api/v1/sm/sweep") && r[3].contains("(viewer): 403")));

        FatTree432.showPart(bot, FirmwareIds.PART_FIRMWARE);
        Label firmware = widget(Label.class, FirmwareIds.STATUS);
        Button refresh = widget(Button.class, FirmwareIds.REFRESH);
        bot.run(() -> refresh.notifyListeners(SWT.Selection, new Event()));
        bot.waitFor("the firmware read on the runtime",
                () -> firmware.getText().contains(on + ": 474 nodes") ? true : null, READ);
        Button flash = widget(Button.class, FirmwareIds.FLASH);
        Table inventory = widget(Table.class, FirmwareIds.TABLE);
        bot.run(() -> {
            inventory.setSelection(0);
            inventory.notifyListeners(SWT.Selection, new Event());
        });
        assertTrue(!bot.call(flash::isEnabled), "a remote runtime's adapters are not flashed from the desktop");

        FatTree432.showPart(bot, VerbsUiIds.PART_QPS);
        Label qps = widget(Label.class, VerbsUiIds.QP_STATUS);
        bot.waitUntil("the QPs read from the runtime", () -> qps.getText().contains(base.getAuthority()));
        bot.screenshot(window, "remote-views");
    }

    @Test
    void anOperatorsResweepAndACounterSweepComeBackThroughTheEventStream() throws Exception {
        show(operator);
        String on = " on " + base;
        FatTree432.showPart(bot, CountersIds.PART_COUNTERS);
        Label counters = widget(Label.class, CountersIds.COUNTERS_STATUS);
        String before = bot.waitFor("the counters read from the runtime",
                () -> counters.getText().endsWith(on) && counters.getText().contains("last sweep")
                        ? counters.getText()
                        : null,
                READ);
        // a sweep there: its counters event makes the view read again (the source reads on events only)
        HttpResponse<String> swept = HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(base.resolve("/api/v1/counters/sweep"))
                        .header("Authorization", "Bearer " + operator).POST(HttpRequest.BodyPublishers.noBody())
                        .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, swept.statusCode(), swept.body());
        bot.waitFor("a later sweep shown", () -> {
            String now = counters.getText();
            return now.endsWith(on) && !now.equals(before) ? now : null;
        }, READ);

        FatTree432.showPart(bot, CountersIds.PART_SM);
        Table state = widget(Table.class, CountersIds.SM_STATE);
        bot.waitUntil("the runtime's SM shown", () -> base.toString().equals(value(state, "Runtime")));
        Table sweeps = widget(Table.class, CountersIds.SM_SWEEPS);
        // the newest sweep listed before: the resweep's is a later heavy one (counting heavy rows would not do once the
        // list holds its 20 and a heavy sweep leaves it as the new one comes)
        long heavy = bot.call(() -> newest(sweeps));
        java.util.concurrent.atomic.AtomicInteger sweptEvents = new java.util.concurrent.atomic.AtomicInteger();
        remote.addListener(new RemoteFabric.Listener() {
            @Override
            public void event(RemoteFabric.RemoteEvent event) {
                if (event.type().equals("sm") && event.data().contains("\"SWEPT\"")) {
                    sweptEvents.incrementAndGet();
                }
            }
        });
        resweep();
        Label action = widget(Label.class, CountersIds.SM_ACTION_STATUS);
        try {
            bot.waitFor("the resweep done and its sweep listed from the runtime's sm event",
                    () -> action.getText().equals("Resweep done: subnet up") && laterHeavy(sweeps, heavy) ? true : null,
                    FatTree432.SM_UP);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; action '" + text(action) + "', sweeps listed "
                    + bot.call(() -> FatTree432.column(sweeps, KIND)) + " (newest before: " + heavy + "), events "
                    + remote.lastEventId() + ", stream opened " + remote.streamsOpened() + " times, state "
                    + remote.state() + ", SWEPT events received since the resweep " + sweptEvents.get()
                    + "; the runtime's last sm events: " + smEvents(remote.lastEventId() - 60), e);
        }
        assertEquals("SUBNET UP", bot.call(() -> sweeps.getItem(0).getText(RESULT)));
        // the sweeps listed are the runtime's SM's own history (GET /sm/sweeps): numbered as it numbers them
        SubnetManager sm = FatTree432.service(FrameworkUtil.getBundle(getClass()).getBundleContext(),
                SubnetManager.class);
        bot.waitUntil("the runtime's sweep history listed, newest first", () -> {
            List<SweepHistoryEntry> history = sm.sweepHistory();
            return sweeps.getItemCount() == Math.min(20, history.size())
                    && sweeps.getItem(0).getText(0).equals(Long.toString(history.getLast().number()))
                    && sweeps.getItem(sweeps.getItemCount() - 1).getText(0)
                            .equals(Long.toString(history.get(history.size() - sweeps.getItemCount()).number()));
        });
    }

    /** @return the number of the newest sweep listed, 0 when none */
    static long newest(Table sweeps) {
        return sweeps.getItemCount() == 0 ? 0 : Long.parseLong(sweeps.getItem(0).getText(0));
    }

    /** @return whether a heavy sweep numbered after {@code after} is listed */
    static boolean laterHeavy(Table sweeps, long after) {
        for (TableItem item : sweeps.getItems()) {
            if (Long.parseLong(item.getText(0)) > after && item.getText(KIND).equals("heavy")) {
                return true;
            }
        }
        return false;
    }

    /** The sweeps table's kind and result columns (after #, Started; the phases, Took and SMPs between). */
    private static final int KIND = 2;
    private static final int RESULT = KIND + 8;

    private static String smEvents(long after) {
        try {
            return HttpClient
                    .newHttpClient().send(
                            HttpRequest
                                    .newBuilder(base
                                            .resolve("/api/v1/events?types=sm&limit=1000&after=" + Math.max(0, after)))
                                    .header("Authorization", "Bearer " + viewer).build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
        } catch (java.io.IOException | InterruptedException e) {
            return e.toString();
        }
    }

    /** Clicks Resweep… and confirms. */
    private void resweep() {
        Button resweep = widget(Button.class, CountersIds.SM_RESWEEP);
        bot.waitUntil("resweep enabled", resweep::isEnabled);
        bot.run(() -> bot.display().asyncExec(() -> resweep.notifyListeners(SWT.Selection, new Event())));
        Shell confirm = bot.shell("Resweep the subnet");
        Button yes = bot.waitFor("the dialog's Resweep button", () -> UiBot
                .findAll(confirm, Button.class, b -> "Resweep".equals(b.getText())).stream().findFirst().orElse(null),
                UiBot.TIMEOUT);
        bot.run(() -> bot.display().asyncExec(() -> yes.notifyListeners(SWT.Selection, new Event())));
        bot.waitUntil("the dialog to close", confirm::isDisposed);
    }

    private static List<String[]> rows(Table table) {
        return java.util.Arrays.stream(table.getItems())
                .map(i -> new String[]{i.getText(0), i.getText(1), i.getText(2), i.getText(3)}).toList();
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
