package org.infiniscope.ui.counters.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.fabric.FabricSelection;

/**
 * The port counters view: live charts of the data rates, packet rates and errors of the selected ports (the busiest
 * ones until something is selected), every counter of those ports with its total and its growth in the last sweep,
 * and the ports at the top by utilisation and by errors; a row of a top list selects its port for the other views.
 * Everything comes from the performance manager's sweeps through a {@link PerfFeed}.
 */
public final class CountersPart {

    /** How many ports each top list shows. */
    static final int TOP = 10;

    @Inject
    private MPart part;
    @Inject
    private EPartService partService;
    @Inject
    private ESelectionService selectionService;

    private PerfFeed feed;
    private RemoteFabric remote;
    private Label status;
    private RateChart data;
    private RateChart packets;
    private RateChart errors;
    private Table counters;
    private Table topUtilisation;
    private Table topErrors;
    private FabricSelection selection;
    private PerfView view = PerfView.none();
    private List<PortKey> charted = List.of();

    @PostConstruct
    public void create(Composite parent) {
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(parent);
        status = new Label(parent, SWT.NONE);
        status.setData(CountersIds.WIDGET_ID, CountersIds.COUNTERS_STATUS);
        status.setText("Waiting for the performance manager's first sweep…");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(status);

        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        SashForm charts = new SashForm(sash, SWT.VERTICAL);
        data = new RateChart(charts, CountersIds.CHART_DATA, "Data rate", "bytes/s");
        packets = new RateChart(charts, CountersIds.CHART_PACKETS, "Packet rate", "packets/s");
        errors = new RateChart(charts, CountersIds.CHART_ERRORS, "Errors", "per sweep");

        CTabFolder tabs = new CTabFolder(sash, SWT.BORDER | SWT.BOTTOM);
        CTabItem countersTab = new CTabItem(tabs, SWT.NONE);
        countersTab.setText("Counters");
        counters = Tables.create(tabs, CountersIds.COUNTER_TABLE, new String[]{"Counter"}, new int[]{185});
        countersTab.setControl(counters);
        CTabItem topTab = new CTabItem(tabs, SWT.NONE);
        topTab.setText("Top ports");
        Composite top = new Composite(tabs, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(top);
        topTab.setControl(top);
        new Label(top, SWT.NONE).setText("By utilisation");
        topUtilisation = Tables.create(top, CountersIds.TOP_UTILISATION,
                new String[]{"Port", "LID", "Utilisation", "Xmit", "Rcv"}, new int[]{200, 50, 80, 90, 90});
        GridDataFactory.fillDefaults().grab(true, true).applyTo(topUtilisation);
        new Label(top, SWT.NONE).setText("By errors in the last sweep");
        topErrors = Tables.create(top, CountersIds.TOP_ERRORS, new String[]{"Port", "LID", "Errors", "Counters"},
                new int[]{200, 50, 70, 260});
        GridDataFactory.fillDefaults().grab(true, true).applyTo(topErrors);
        tabs.setSelection(countersTab);
        sash.setWeights(40, 60);
        for (Table t : List.of(topUtilisation, topErrors)) {
            t.addListener(SWT.Selection, e -> {
                if (e.item instanceof TableItem item && item.getData() instanceof PortKey key) {
                    Selections.select(partService, selectionService, part, FabricHealth.ref(key));
                    chart(new FabricSelection(List.of(FabricHealth.ref(key)), part.getElementId()));
                }
            });
        }

        feed = new PerfFeed(PerfSources.of(remote), parent.getDisplay(), this::show, Duration.ofMillis(500));
    }

    /** Charts what another view selected (this part's own selections come back here too, and change nothing). */
    @Inject
    @Optional
    void selected(@Named(IServiceConstants.ACTIVE_SELECTION) @Optional Object selected) {
        if (selected instanceof FabricSelection s && status != null && !status.isDisposed()) {
            chart(s);
        }
    }

    private void chart(FabricSelection s) {
        selection = s;
        charted = Selections.ports(s, view.ports());
        feed.watch(charted);
    }

    private void show(PerfView v) {
        if (status.isDisposed()) {
            return;
        }
        view = v;
        List<PortKey> want = selection != null ? Selections.ports(selection, v.ports()) : busiest(v);
        if (!want.equals(charted) || !v.history().keySet().containsAll(want)) {
            charted = want;
            feed.watch(want);
            if (!v.history().keySet().containsAll(want)) {
                updateStatus(v);
                return; // the feed comes back with their histories at once
            }
        }
        updateStatus(v);
        updateCharts(v);
        updateCounters(v);
        updateTop(v);
    }

    private static List<PortKey> busiest(PerfView v) {
        return v.ports().values().stream().filter(s -> s.utilisation() > 0)
                .sorted(Comparator.comparingDouble(PortStats::utilisation).reversed()).limit(2).map(PortStats::key)
                .toList();
    }

    private void updateStatus(PerfView v) {
        String text;
        if (!v.running()) {
            text = "No performance manager is running.";
        } else if (v.last().isEmpty()) {
            text = "Waiting for the performance manager's first sweep…";
        } else {
            var last = v.last().get();
            String which = charted.isEmpty()
                    ? "no port selected"
                    : (selection == null ? "busiest: " : "")
                            + String.join(", ", charted.stream().map(k -> name(v, k)).toList());
            text = String.format(Locale.ROOT, "%s — %d ports, last sweep %s (%d ms)%s", which, v.ports().size(),
                    java.time.LocalTime.ofInstant(last.started(), java.time.ZoneId.systemDefault()).withNano(0),
                    last.elapsed().toMillis(), v.from());
        }
        status.setText(text);
        status.getParent().layout(new org.eclipse.swt.widgets.Control[]{status});
    }

    private static String name(PerfView v, PortKey k) {
        PortStats s = v.ports().get(k);
        return s == null ? k.toString() : PerfView.name(s);
    }

    private void updateCharts(PerfView v) {
        List<RateChart.Line> bytes = new ArrayList<>();
        List<RateChart.Line> pkts = new ArrayList<>();
        List<RateChart.Line> errs = new ArrayList<>();
        for (int i = 0; i < charted.size(); i++) {
            PortKey k = charted.get(i);
            List<Sample> h = v.history().getOrDefault(k, List.of());
            RateSeries r = RateSeries.of(h, v.takenMillis());
            String n = name(v, k);
            bytes.add(new RateChart.Line(n + " xmit", r.seconds(), r.xmitBytes(), i, false));
            bytes.add(new RateChart.Line(n + " rcv", r.seconds(), r.rcvBytes(), i, true));
            pkts.add(new RateChart.Line(n + " xmit", r.seconds(), r.xmitPackets(), i, false));
            pkts.add(new RateChart.Line(n + " rcv", r.seconds(), r.rcvPackets(), i, true));
            errs.add(new RateChart.Line(n, r.seconds(), r.errors(), i, false));
        }
        data.show(bytes);
        packets.show(pkts);
        errors.show(errs);
    }

    private void updateCounters(PerfView v) {
        List<PortStats> ports = charted.stream().map(k -> v.ports().get(k)).filter(s -> s != null).toList();
        int columns = 1 + 2 * ports.size();
        if (counters.getColumnCount() != columns) {
            counters.setRedraw(false);
            while (counters.getColumnCount() > 1) {
                counters.getColumn(counters.getColumnCount() - 1).dispose();
            }
            counters.removeAll();
            for (PortStats s : ports) {
                org.eclipse.swt.widgets.TableColumn total = new org.eclipse.swt.widgets.TableColumn(counters,
                        SWT.RIGHT);
                total.setWidth(110);
                org.eclipse.swt.widgets.TableColumn delta = new org.eclipse.swt.widgets.TableColumn(counters,
                        SWT.RIGHT);
                delta.setWidth(85);
                delta.setText("Δ");
            }
            counters.setRedraw(true);
        }
        for (int i = 0; i < ports.size(); i++) {
            counters.getColumn(1 + 2 * i).setText(PerfView.name(ports.get(i)));
        }
        List<String[]> rows = new ArrayList<>();
        for (Counter c : Counter.values()) {
            String[] row = new String[columns];
            row[0] = c.label() + (c == Counter.PORT_XMIT_DATA || c == Counter.PORT_RCV_DATA ? " (bytes)" : "");
            for (int i = 0; i < ports.size(); i++) {
                PortStats s = ports.get(i);
                row[1 + 2 * i] = Units.count(s.total(c)) + (s.saturated().contains(c) ? " (saturated)" : "");
                long d = s.delta(c);
                row[2 + 2 * i] = d == 0 ? "" : "+" + Units.count(d);
            }
            rows.add(row);
        }
        rows.add(rate("Xmit rate", ports, s -> Units.bytesPerSecond(s.xmitBytesPerSecond())));
        rows.add(rate("Rcv rate", ports, s -> Units.bytesPerSecond(s.rcvBytesPerSecond())));
        rows.add(rate("Xmit packets", ports, s -> Units.perSecond(s.xmitPacketsPerSecond())));
        rows.add(rate("Rcv packets", ports, s -> Units.perSecond(s.rcvPacketsPerSecond())));
        rows.add(rate("Utilisation", ports, s -> Units.percent(s.utilisation())));
        rows.add(rate("XmitWait ratio", ports, s -> String.format(Locale.ROOT, "%.3f", s.xmitWaitRatio())));
        rows.add(rate("Link rate", ports, s -> String.format(Locale.ROOT, "%.1f Gb/s", s.linkBitsPerSecond() / 1e9)));
        rows.add(rate("Bit error rate", ports, s -> ber(s.ber().symbol())));
        rows.add(rate("Pre-FEC bit error rate", ports,
                s -> s.ber().extendedSpeeds() ? ber(s.ber().fec()) + (s.ber().rsFec() ? " (RS-FEC)" : "") : "–"));
        rows.add(rate("LID", ports, s -> Integer.toString(s.lid())));
        rows.add(rate("Counters", ports,
                s -> (s.extended() ? "extended (64-bit)" : "32-bit") + (s.reachable() ? "" : ", not answering")));
        rows.addAll(VendorRows.rows(ports.stream().map(PortStats::key).toList(), v.vendor()));
        Tables.fill(counters, rows, null);
    }

    private static String ber(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.2e", v);
    }

    private static String[] rate(String label, List<PortStats> ports,
            java.util.function.Function<PortStats, String> value) {
        String[] row = new String[1 + 2 * ports.size()];
        row[0] = label;
        for (int i = 0; i < ports.size(); i++) {
            row[1 + 2 * i] = value.apply(ports.get(i));
            row[2 + 2 * i] = "";
        }
        return row;
    }

    private void updateTop(PerfView v) {
        List<PortStats> byUse = top(v, Metric.UTILISATION);
        List<String[]> rows = new ArrayList<>();
        for (PortStats s : byUse) {
            rows.add(new String[]{PerfView.name(s), Integer.toString(s.lid()), Units.percent(s.utilisation()),
                    Units.bytesPerSecond(s.xmitBytesPerSecond()), Units.bytesPerSecond(s.rcvBytesPerSecond())});
        }
        Tables.fill(topUtilisation, rows, byUse.stream().map(PortStats::key).toList());
        List<PortStats> byErrors = top(v, Metric.ERRORS);
        rows = new ArrayList<>();
        for (PortStats s : byErrors) {
            rows.add(new String[]{PerfView.name(s), Integer.toString(s.lid()), Units.count(s.errorDelta()),
                    FabricHealth.errorText(s)});
        }
        Tables.fill(topErrors, rows, byErrors.stream().map(PortStats::key).toList());
    }

    /** @return the {@link #TOP} ports highest in a metric, zeros left out, as the manager's own top list ranks */
    static List<PortStats> top(PerfView v, Metric metric) {
        return v.ports().values().stream().filter(s -> metric.of(s) > 0)
                .sorted(Comparator.comparingDouble(metric::of).reversed().thenComparing(PortStats::key)).limit(TOP)
                .toList();
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
    }
}
