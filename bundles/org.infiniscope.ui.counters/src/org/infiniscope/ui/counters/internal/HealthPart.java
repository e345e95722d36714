package org.infiniscope.ui.counters.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.e4.core.di.annotations.Optional;

import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.fabric.FabricRef;

/**
 * The fabric health summary, what an operator looks at first: how many ports counted errors, how many links are
 * congested, down or not answering, from the performance manager's last sweep. Choosing a kind lists its ports or
 * links, worst first; choosing one of those selects it for the other views (drill-down).
 */
public final class HealthPart {

    @Inject
    private MPart part;
    @Inject
    private EPartService partService;
    @Inject
    private ESelectionService selectionService;

    private final FabricHealth health = new FabricHealth();
    private PerfFeed feed;
    private RemoteFabric remote;
    private Label status;
    private Font big;
    private Table counts;
    private Table items;
    private FabricHealth.Summary summary;
    private FabricHealth.Kind shown;

    @PostConstruct
    public void create(Composite parent) {
        GridLayoutFactory.fillDefaults().margins(8, 8).applyTo(parent);
        status = new Label(parent, SWT.WRAP);
        status.setData(CountersIds.WIDGET_ID, CountersIds.HEALTH_STATUS);
        FontData fd = status.getFont().getFontData()[0];
        big = new Font(parent.getDisplay(), fd.getName(), Math.round(fd.getHeight() * 1.3f), SWT.BOLD);
        status.setFont(big);
        status.setText("Waiting for the performance manager's first sweep…");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(status);

        Composite body = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(body);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(body);
        counts = Tables.create(body, CountersIds.HEALTH_COUNTS, new String[]{"Trouble", "Count"}, new int[]{170, 60});
        GridDataFactory.fillDefaults().grab(false, true).hint(240, SWT.DEFAULT).applyTo(counts);
        items = Tables.create(body, CountersIds.HEALTH_ITEMS, new String[]{"Where", "What"}, new int[]{330, 330});
        items.getColumn(1).setAlignment(SWT.LEFT);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(items);
        List<String[]> rows = new ArrayList<>();
        for (FabricHealth.Kind k : FabricHealth.Kind.values()) {
            rows.add(new String[]{k.label, "–"});
        }
        Tables.fill(counts, rows, List.of(FabricHealth.Kind.values()));
        counts.addListener(SWT.Selection, e -> {
            if (e.item instanceof TableItem item && item.getData() instanceof FabricHealth.Kind k) {
                shown = k;
                showItems();
            }
        });
        items.addListener(SWT.Selection, e -> {
            if (e.item instanceof TableItem item && item.getData() instanceof FabricRef ref) {
                Selections.select(partService, selectionService, part, ref);
            }
        });
        feed = new PerfFeed(PerfSources.of(remote), parent.getDisplay(), this::show, Duration.ofMillis(500));
    }

    private void show(PerfView v) {
        if (status.isDisposed()) {
            return;
        }
        if (!v.running() || v.last().isEmpty()) {
            status.setText(v.running()
                    ? "Waiting for the performance manager's first sweep…"
                    : "No performance manager is running.");
            return;
        }
        summary = health.update(v.ports());
        List<String[]> rows = new ArrayList<>();
        for (FabricHealth.Kind k : FabricHealth.Kind.values()) {
            rows.add(new String[]{k.label, Integer.toString(summary.count(k))});
        }
        Tables.fill(counts, rows, List.of(FabricHealth.Kind.values()));
        for (int i = 0; i < FabricHealth.Kind.values().length; i++) {
            boolean bad = summary.count(FabricHealth.Kind.values()[i]) > 0;
            counts.getItem(i).setForeground(1,
                    counts.getDisplay().getSystemColor(bad ? SWT.COLOR_DARK_RED : SWT.COLOR_DARK_GREEN));
        }
        String when = java.time.LocalTime.ofInstant(v.last().get().started(), java.time.ZoneId.systemDefault())
                .withNano(0).toString() + v.from();
        if (summary.healthy()) {
            status.setText(String.format(Locale.ROOT, "Fabric healthy: %d ports, %d links, no errors (sweep at %s)",
                    summary.ports(), summary.links(), when));
        } else {
            List<String> parts = new ArrayList<>();
            for (FabricHealth.Kind k : FabricHealth.Kind.values()) {
                if (summary.count(k) > 0) {
                    parts.add(k.label + ": " + summary.count(k));
                }
            }
            status.setText(String.join(" \u00b7 ", parts) + String.format(Locale.ROOT,
                    " — %d ports, %d links (sweep at %s)", summary.ports(), summary.links(), when));
        }
        status.setForeground(
                status.getDisplay().getSystemColor(summary.healthy() ? SWT.COLOR_DARK_GREEN : SWT.COLOR_DARK_RED));
        status.getParent().layout(true, true);
        if (shown == null || summary.count(shown) == 0) {
            for (FabricHealth.Kind k : FabricHealth.Kind.values()) {
                if (summary.count(k) > 0) {
                    shown = k;
                    break;
                }
            }
        }
        if (shown != null) {
            counts.setSelection(shown.ordinal());
        }
        showItems();
    }

    private void showItems() {
        if (summary == null || shown == null) {
            Tables.fill(items, List.of(), List.of());
            return;
        }
        List<FabricHealth.Item> list = summary.items().get(shown);
        Tables.fill(items, list.stream().map(i -> new String[]{i.where(), i.what()}).toList(),
                list.stream().map(FabricHealth.Item::ref).toList());
    }

    /** The remote runtime shown (File › Connect…), or null: the counters are read there, or here. */
    @Inject
    @Optional
    void remote(@Optional RemoteFabric remote) {
        if (remote == this.remote) {
            return; // injected again with the same runtime: the source stays, and what it read
        }
        this.remote = remote;
        if (feed != null) {
            feed.use(PerfSources.of(remote));
        }
    }

    @PreDestroy
    void dispose() {
        if (feed != null) {
            feed.close();
        }
        if (big != null) {
            big.dispose();
        }
    }
}
