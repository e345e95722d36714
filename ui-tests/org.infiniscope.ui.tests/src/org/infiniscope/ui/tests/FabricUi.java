package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.tests.bot.UiBot;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * What the fabric views' UI tests share: the fabric connection service, test fabrics copied out of this bundle, and
 * the widgets of the explorer, properties, events and status bar, found by their widget IDs.
 */
final class FabricUi {

    static final String WIDGET_ID = "org.infiniscope.ui.widgetId";
    static final Duration LONG = Duration.ofSeconds(90);

    final UiBot bot;
    final Shell window;
    /** The explorer's tree and the events table, found once (off the UI thread: finding waits). */
    private final Tree explorer;
    private final Table events;

    /** Finds the window and its fabric views; shows the Events tab (a part is made when first shown). */
    FabricUi() {
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
        explorer = widget(Tree.class, "explorer.tree");
        showTab("Events");
        events = widget(Table.class, "events.table");
    }

    /** Brings a part's tab to the top, as a click on it does. */
    void showTab(String label) {
        org.eclipse.swt.custom.CTabItem tab = bot.tab(window, label);
        bot.run(() -> {
            org.eclipse.swt.custom.CTabFolder folder = tab.getParent();
            folder.setSelection(tab);
            Event e = new Event();
            e.item = tab;
            folder.notifyListeners(SWT.Selection, e);
        });
    }

    /** @return the runtime's fabric connection service */
    static FabricConnection connection() {
        BundleContext context = FrameworkUtil.getBundle(FabricUi.class).getBundleContext();
        ServiceTracker<FabricConnection, FabricConnection> tracker = new ServiceTracker<>(context,
                FabricConnection.class, null);
        tracker.open();
        try {
            FabricConnection c = tracker.waitForService(30_000);
            assertNotNull(c, "the fabric connection service is registered");
            return c;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } finally {
            tracker.close();
        }
    }

    /** @return a test fabric of this bundle, copied to a file under target/ */
    static Path fabric(String name) throws IOException {
        Path file = Path.of("target", "fabrics", name).toAbsolutePath();
        Files.createDirectories(file.getParent());
        try (InputStream in = FabricUi.class.getResourceAsStream("/org/infiniscope/ui/tests/fabrics/" + name)) {
            assertNotNull(in, name + " is a resource of the test bundle");
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    /**
     * Connects to a fabric through the service (not the dialog), and waits until the explorer shows it.
     *
     * @param nodes how many nodes it has
     */
    void connect(String spec, int nodes) throws Exception {
        FabricConnection c = connection();
        ConnectionState s = c.state();
        if (!(s.phase() == ConnectionState.Phase.CONNECTED && spec.equals(s.fabric()))) {
            c.connect(spec).get(LONG.toSeconds(), TimeUnit.SECONDS);
        }
        waitForNodes(nodes);
    }

    /** @return the events table (read it on the UI thread) */
    Table eventsTable() {
        return events;
    }

    /** Sets a check box of the main window as a click does (not on the UI thread). */
    void check(String id, boolean on) {
        Button b = widget(Button.class, id);
        bot.run(() -> {
            b.setSelection(on);
            b.notifyListeners(SWT.Selection, new Event());
        });
    }

    /** Chooses a radio button of a dialog as a click does, unselecting its siblings (not on the UI thread). */
    void choose(Shell shell, String id) {
        Button radio = widget(shell, Button.class, id);
        bot.run(() -> {
            for (Control sibling : radio.getParent().getChildren()) {
                if (sibling instanceof Button b && (b.getStyle() & SWT.RADIO) != 0 && b != radio) {
                    b.setSelection(false);
                }
            }
            radio.setSelection(true);
            radio.notifyListeners(SWT.Selection, new Event());
        });
    }

    /** Sets a text of the main window (not on the UI thread). */
    void type(String id, String text) {
        Text t = widget(Text.class, id);
        bot.run(() -> t.setText(text));
    }

    /** Waits until the explorer counts this many nodes (its filters off). */
    void waitForNodes(int nodes) {
        Label count = widget(Label.class, "explorer.count");
        bot.waitFor("the explorer to show " + nodes + " nodes",
                () -> (nodes + " nodes").equals(count.getText()) ? Boolean.TRUE : null, LONG);
    }

    /**
     * Sweeps again and again until the explorer shows a node's label with a LID and its ports Active: the SM has
     * brought the fabric up and the views know it.
     */
    void waitForSubnetUp(String node) {
        FabricConnection c = connection();
        bot.waitFor(node + " to have a LID and Active ports", () -> {
            TreeItem item = nodeItem(node);
            if (item != null && item.getText().contains("LID ")) {
                item.setExpanded(true);
                if (Arrays.stream(item.getItems()).skip(1).anyMatch(p -> p.getText().contains("Active"))) {
                    return Boolean.TRUE;
                }
            }
            if (!c.state().busy()) {
                c.resweep();
            }
            return null;
        }, LONG);
    }

    /** @return the widget of this type with this ID in the main window, now (UI thread), or null */
    <T extends Control> T find(Class<T> type, String id) {
        return UiBot.findAll(window, type, w -> id.equals(w.getData(WIDGET_ID))).stream().findFirst().orElse(null);
    }

    /** @return the widget of this type with this ID in the main window, once there is one (not on the UI thread) */
    <T extends Control> T widget(Class<T> type, String id) {
        return widget(window, type, id);
    }

    <T extends Control> T widget(Shell shell, Class<T> type, String id) {
        return bot.waitFor(
                "a " + type.getSimpleName() + " '" + id + "'", () -> UiBot
                        .findAll(shell, type, w -> id.equals(w.getData(WIDGET_ID))).stream().findFirst().orElse(null),
                UiBot.TIMEOUT);
    }

    /** @return the explorer's tree (read it on the UI thread) */
    Tree explorer() {
        return explorer;
    }

    /** @return the explorer's item of a node (UI thread), or null */
    TreeItem nodeItem(String name) {
        for (TreeItem item : explorer().getItems()) {
            String text = item.getText();
            if (text.startsWith(name + " ")) {
                return item;
            }
        }
        return null;
    }

    /** @return the explorer's item of a node's port, its node expanded (UI thread), or null */
    TreeItem portItem(String node, int port) {
        TreeItem n = nodeItem(node);
        if (n == null) {
            return null;
        }
        n.setExpanded(true);
        for (TreeItem p : n.getItems()) {
            if (p.getText().startsWith(port + ": ")) {
                return p;
            }
        }
        return null;
    }

    /** Selects explorer items as a click would. */
    void select(Tree tree, Predicate<Tree> focus, TreeItem... items) {
        bot.run(() -> {
            focus.test(tree);
            tree.setSelection(items);
            Event e = new Event();
            e.item = items[0];
            tree.notifyListeners(SWT.Selection, e);
        });
    }

    /** Selects a node's item in the explorer. */
    void selectNode(String name) {
        TreeItem item = bot.waitFor("the explorer item of " + name, () -> nodeItem(name), UiBot.TIMEOUT);
        select(explorer(), Tree::setFocus, item);
    }

    /** Selects a port's item in the explorer. */
    void selectPort(String node, int port) {
        TreeItem item = bot.waitFor("the explorer item of " + node + " port " + port, () -> portItem(node, port),
                UiBot.TIMEOUT);
        select(explorer(), Tree::setFocus, item);
    }

    /** Chooses an item of the explorer's context menu without waiting (it may open a dialog). */
    void contextMenu(String label) {
        MenuItem item = bot.call(() -> {
            Menu menu = explorer().getMenu();
            menu.notifyListeners(SWT.Show, new Event());
            return Arrays.stream(menu.getItems()).filter(i -> label.equals(i.getText())).findFirst()
                    .orElseThrow(() -> new AssertionError("no '" + label + "' in the explorer's menu: "
                            + Arrays.stream(menu.getItems()).map(MenuItem::getText).toList()));
        });
        bot.clickLater(item);
    }

    /** @return the labels of the explorer's context menu for the current selection */
    List<String> contextMenuLabels() {
        return bot.call(() -> {
            Menu menu = explorer().getMenu();
            menu.notifyListeners(SWT.Show, new Event());
            return Arrays.stream(menu.getItems()).map(MenuItem::getText).toList();
        });
    }

    /** Presses a button of a shell (a dialog's OK) without waiting. */
    void press(Shell shell, String label) {
        Button button = bot.waitFor("a button '" + label + "'",
                () -> UiBot.findAll(shell, Button.class, b -> label.equals(b.getText().replace("&", ""))).stream()
                        .findFirst().orElse(null),
                UiBot.TIMEOUT);
        shell.getDisplay().asyncExec(() -> {
            if (!button.isDisposed()) {
                button.notifyListeners(SWT.Selection, new Event());
            }
        });
    }

    /** @return the texts of the events table's rows (UI thread), newest first */
    List<String> events() {
        Table table = events;
        return Arrays.stream(table.getItems()).map(i -> i.getText(2) + ": " + i.getText(3)).toList();
    }

    /** Double-clicks the first event row whose text contains {@code text}. */
    void openEvent(String text) {
        Table table = events;
        bot.run(() -> {
            TableItem[] items = table.getItems();
            for (int i = 0; i < items.length; i++) {
                if ((items[i].getText(2) + ": " + items[i].getText(3)).contains(text)) {
                    table.setFocus();
                    table.setSelection(i);
                    table.notifyListeners(SWT.DefaultSelection, new Event());
                    return;
                }
            }
            throw new AssertionError("no event with '" + text + "'");
        });
    }
}
