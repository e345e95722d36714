package org.infiniscope.ui.tests.bot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;

/**
 * A small stand-in for SWTBot (which is not on Maven Central): drives the running application's widgets
 * from a test thread. Every widget access is marshalled onto the UI thread; every wait is on a condition
 * with a deadline, checked on the UI thread between events.
 */
public final class UiBot {

    /** Default deadline of a wait. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int POLL_MILLIS = 25;

    private final Display display;

    /** @param display the application's display; tests must not run on its thread */
    public UiBot(Display display) {
        this.display = Objects.requireNonNull(display, "display");
    }

    /** @return a bot on the default display, the one the workbench created */
    public static UiBot forWorkbench() {
        return new UiBot(Display.getDefault());
    }

    public Display display() {
        return display;
    }

    /** Runs a query on the UI thread and returns its result; exceptions come back to the caller. */
    public <T> T call(Supplier<T> query) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        display.syncExec(() -> {
            try {
                result.set(query.get());
            } catch (RuntimeException e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw failure.get();
        }
        return result.get();
    }

    /** Runs an action on the UI thread and waits for it. */
    public void run(Runnable action) {
        call(() -> {
            action.run();
            return null;
        });
    }

    /**
     * Waits until {@code finder} returns something that is not null, evaluating it on the UI thread.
     *
     * @throws AssertionError naming {@code what} when the deadline passes
     */
    public <T> T waitFor(String what, Supplier<T> finder, Duration timeout) {
        AtomicReference<T> found = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        AtomicBoolean cancelled = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Runnable check = new Runnable() {
            @Override
            public void run() {
                if (cancelled.get() || display.isDisposed()) {
                    return;
                }
                try {
                    T value = finder.get();
                    if (value != null) {
                        found.set(value);
                        done.countDown();
                        return;
                    }
                } catch (RuntimeException e) {
                    failure.set(e);
                    done.countDown();
                    return;
                }
                display.timerExec(POLL_MILLIS, this);
            }
        };
        display.asyncExec(check);
        try {
            if (!done.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                cancelled.set(true);
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + what, e);
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return found.get();
    }

    /** Waits until a condition, evaluated on the UI thread, holds. */
    public void waitUntil(String what, Supplier<Boolean> condition) {
        waitFor(what, () -> Boolean.TRUE.equals(condition.get()) ? Boolean.TRUE : null, TIMEOUT);
    }

    /** @return the visible shell with this title, once there is one */
    public Shell shell(String title) {
        return waitFor("a visible shell titled '" + title + "'", () -> Arrays.stream(display.getShells())
                .filter(s -> !s.isDisposed() && s.isVisible() && title.equals(s.getText())).findFirst().orElse(null),
                TIMEOUT);
    }

    /** Every widget of a type under a control, depth first (call on the UI thread). */
    public static <T extends Widget> List<T> findAll(Control root, Class<T> type, Predicate<? super T> filter) {
        List<T> found = new ArrayList<>();
        collect(root, type, filter, found);
        return found;
    }

    private static <T extends Widget> void collect(Widget widget, Class<T> type, Predicate<? super T> filter,
            List<T> out) {
        if (type.isInstance(widget) && filter.test(type.cast(widget))) {
            out.add(type.cast(widget));
        }
        if (widget instanceof CTabFolder folder) {
            for (CTabItem item : folder.getItems()) {
                collect(item, type, filter, out);
            }
        }
        if (widget instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                collect(child, type, filter, out);
            }
        }
    }

    /** @return the tab (a part in a part stack) with this label, once the shell shows one */
    public CTabItem tab(Shell shell, String label) {
        return waitFor("a tab '" + label + "'",
                () -> findAll(shell, CTabItem.class, t -> label.equals(t.getText())).stream().findFirst().orElse(null),
                TIMEOUT);
    }

    /** @return the text widget whose data under {@code key} is {@code id} */
    public Text text(Shell shell, String key, String id) {
        return waitFor("a text '" + id + "'",
                () -> findAll(shell, Text.class, t -> id.equals(t.getData(key))).stream().findFirst().orElse(null),
                TIMEOUT);
    }

    /**
     * Follows a path of labels through the shell's menu bar, letting each menu fill itself on the way as it
     * does when a user opens it. Mnemonic ampersands are ignored.
     */
    public MenuItem menuItem(Shell shell, String... path) {
        return call(() -> {
            Menu menu = shell.getMenuBar();
            MenuItem item = null;
            for (String label : path) {
                if (menu == null) {
                    throw new AssertionError("no menu on the way to '" + label + "' in " + Arrays.toString(path));
                }
                menu.notifyListeners(SWT.Show, new Event());
                item = Arrays.stream(menu.getItems())
                        .filter(i -> label.equals(i.getText().replace("&", "").split("\t")[0])).findFirst().orElseThrow(
                                () -> new AssertionError("no menu item '" + label + "' in " + Arrays.toString(path)));
                menu = item.getMenu();
            }
            return item;
        });
    }

    /** Selects a menu item without waiting: what it opens may be modal. */
    public void clickLater(MenuItem item) {
        display.asyncExec(() -> {
            if (!item.isDisposed()) {
                item.notifyListeners(SWT.Selection, new Event());
            }
        });
    }

    /** Types a line into a text and presses Enter. */
    public void typeLine(Text text, String line) {
        run(() -> {
            text.setText(line);
            text.notifyListeners(SWT.DefaultSelection, new Event());
        });
    }

    /**
     * Saves what the screen shows of a shell as a PNG.
     *
     * @param name the file name without extension
     * @return the file written, under the folder named by the system property {@code infiniscope.screenshots}
     */
    public Path screenshot(Shell shell, String name) throws java.io.IOException {
        Path folder = Path.of(System.getProperty("infiniscope.screenshots", "target/screenshots"));
        Files.createDirectories(folder);
        Path file = folder.resolve(name + ".png");
        // what changed last (a label's text, a resize) painted first: the copy reads the screen, not the widgets
        run(() -> {
            shell.layout(true, true);
            Rectangle area = shell.getClientArea();
            shell.redraw(area.x, area.y, area.width, area.height, true);
            shell.update();
        });
        run(() -> {
            Rectangle bounds = shell.getBounds();
            Image image = new Image(display, bounds.width, bounds.height);
            GC gc = new GC(display);
            try {
                gc.copyArea(image, bounds.x, bounds.y);
                ImageLoader loader = new ImageLoader();
                loader.data = new ImageData[]{image.getImageData()};
                loader.save(file.toString(), SWT.IMAGE_PNG);
            } finally {
                gc.dispose();
                image.dispose();
            }
        });
        return file;
    }
}
