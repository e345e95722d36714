package org.infiniscope.ui.tests;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.e4.ui.model.application.MApplication;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.e4.ui.workbench.IWorkbench;
import org.eclipse.e4.ui.workbench.modeling.EModelService;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.ui.counters.CounterPolling;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.tests.bot.UiBot;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Puts the running application on the 432-host fat tree of {@code ../shared/fabrics} (a copy in the test resources),
 * simulated: the desktop's fabric connection opens it (and moves our SM there, which configures it), the desktop polls
 * its counters, and simulator faults and flows are injected through the console part, as an operator would type them.
 * Idempotent: the UI test classes share one application.
 */
final class FatTree432 {

    static final Duration SM_UP = Duration.ofMinutes(3);
    private static final String WIDGET_ID = "org.infiniscope.ui.widgetId";

    private static String spec;

    private FatTree432() {
    }

    /**
     * @return the {@code --fabric} of the fat tree, once the desktop is connected to it (again, when another test
     *         class opened another fabric), our SM is its master and its counters are swept
     */
    static synchronized String connect() throws Exception {
        BundleContext context = FrameworkUtil.getBundle(FatTree432.class).getBundleContext();
        if (spec == null) {
            Path file = FabricUi.fabric("ft2-432.net");
            // the SM runs where the launcher started the desktop (infiniscope.cwd): here it is told to; the fabric
            // connection moves it to the fabric it opens
            ConfigurationAdmin admin = service(context, ConfigurationAdmin.class);
            Configuration sm = admin.getConfiguration("org.infiniscope.sm", "?");
            Dictionary<String, Object> now = sm.getProperties();
            if (now == null || !"true".equals(now.get("enabled"))) {
                Dictionary<String, Object> props = now == null ? new Hashtable<>() : now;
                props.put("enabled", "true");
                // the SM's own default is under the working folder, outside target/
                props.put("guid2lid.file", file.getParent().resolveSibling("sm").resolve("guid2lid").toString());
                sm.update(props);
            }
            spec = "sim:" + file;
        }
        String fabric = spec;
        FabricConnection connection = service(context, FabricConnection.class);
        ConnectionState state = connection.state();
        if (!(state.phase() == ConnectionState.Phase.CONNECTED && fabric.equals(state.fabric()))) {
            connection.connect(fabric).get(SM_UP.toSeconds(), TimeUnit.SECONDS);
        }

        // the SM's component comes again with a new configuration: track it, not the one there was before
        ServiceTracker<SubnetManager, SubnetManager> sms = new ServiceTracker<>(context, SubnetManager.class, null);
        sms.open();
        try {
            waitFor("our SM to be master of the fat tree with the subnet up", SM_UP, () -> {
                SubnetManager manager = sms.getService();
                return manager != null && manager.state() == SmState.MASTER && manager.subnet().isPresent()
                        && manager.subnet().get().nodes().size() == 474;
            });
        } finally {
            sms.close();
        }

        CounterPolling polling = service(context, CounterPolling.class);
        waitFor("the desktop to poll the counters of the fabric it connected", SM_UP,
                () -> polling.fabric().equals(java.util.Optional.of(fabric)));
        PerfManager perf = service(context, PerfManager.class);
        waitFor("the counters of the fat tree's 432 hosts to be swept", SM_UP,
                () -> perf.ports().stream().filter(p -> !p.isSwitch()).count() == 432);
        return fabric;
    }

    /**
     * Runs a {@code simfault} command on the fat tree in the console part, then {@code version}: the console runs
     * commands one after the other, so the version's line means the fault is in.
     */
    static void simfault(UiBot bot, Shell window, String command) {
        if (spec == null) {
            throw new IllegalStateException("not connected to the fat tree");
        }
        showPart(bot, "org.infiniscope.ui.part.console");
        Text input = bot.text(window, WIDGET_ID, "console.input");
        Text output = bot.text(window, WIDGET_ID, "console.output");
        String line = "simfault --fabric " + spec + " " + command;
        int before = bot.call(() -> output.getText().length());
        bot.typeLine(input, line);
        bot.typeLine(input, "version");
        String added = bot.waitFor("'" + line + "' to run", () -> {
            String text = output.getText().substring(before);
            int at = text.indexOf("infiniscope> version");
            return at >= 0 && text.indexOf("infiniscope 0.1.0.", at) >= 0 ? text : null;
        }, UiBot.TIMEOUT);
        if (added.contains("infiniscope simfault:") || added.contains("infiniscope: ")) {
            throw new AssertionError("simfault failed: " + added);
        }
    }

    /** @return the running workbench's application model */
    static MApplication application() throws InterruptedException {
        BundleContext context = FrameworkUtil.getBundle(FatTree432.class).getBundleContext();
        return service(context, IWorkbench.class).getApplication();
    }

    /** Shows a part (brings its tab to the front) without activating it. */
    static void showPart(UiBot bot, String id) {
        bot.run(() -> {
            try {
                IEclipseContext window = application().getSelectedElement().getContext(); // the main window, active or not (a closed dialog may leave no active child)
                window.get(EPartService.class).showPart(id, EPartService.PartState.VISIBLE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /**
     * Gives the bottom stack (console, counters, health, SM) most of the centre column and the window the whole
     * width of Xvfb's screen (1280 pixels), as a user drags the sash to look at those views, for a screenshot.
     */
    static void enlargeBottom(UiBot bot, Shell window) {
        bot.run(() -> {
            window.setBounds(0, 0, 1280, 1000);
            try {
                MApplication app = application();
                EModelService models = app.getContext().get(EModelService.class);
                models.find("org.infiniscope.ui.stack.topology", app).setContainerData("25");
                models.find("org.infiniscope.ui.stack.bottom", app).setContainerData("75");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        bot.waitUntil("the window to be laid out", () -> window.getSize().x == 1280);
    }

    /** Selects as a user's click in another part would: that part is activated and sets its selection. */
    static void selectIn(UiBot bot, String partId, FabricSelection selection) {
        bot.run(() -> {
            try {
                MApplication app = application();
                IEclipseContext window = app.getSelectedElement().getContext(); // the main window, active or not
                MPart part = (MPart) app.getContext().get(EModelService.class).find(partId, app);
                window.get(EPartService.class).activate(part, false);
                part.getContext().get(ESelectionService.class).setSelection(selection);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** @return the window's selection as the views receive it */
    static Object activeSelection(UiBot bot) {
        return bot.call(() -> {
            try {
                return application().getContext().getActiveLeaf().get(IServiceConstants.ACTIVE_SELECTION);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        });
    }

    static <T> T service(BundleContext context, Class<T> type) throws InterruptedException {
        ServiceTracker<T, T> tracker = new ServiceTracker<>(context, type, null);
        tracker.open();
        T s = tracker.waitForService(TimeUnit.SECONDS.toMillis(60));
        if (s == null) {
            throw new AssertionError("no " + type.getSimpleName() + " service after 60 s");
        }
        return s;
    }

    static void waitFor(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Object lock = new Object();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what);
            }
            synchronized (lock) {
                lock.wait(100);
            }
        }
    }

    /** @return the node GUID of a node of the fat tree, by name, as the SM found it */
    static long nodeGuid(String name) throws InterruptedException {
        SubnetManager sm = service(FrameworkUtil.getBundle(FatTree432.class).getBundleContext(), SubnetManager.class);
        return sm.subnet().orElseThrow().nodes().stream().filter(n -> n.description().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + name)).guid();
    }

    static List<String> column(org.eclipse.swt.widgets.Table table, int column) {
        return java.util.Arrays.stream(table.getItems()).map(i -> i.getText(column)).toList();
    }
}
