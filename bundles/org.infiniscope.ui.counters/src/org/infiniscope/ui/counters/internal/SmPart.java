package org.infiniscope.ui.counters.internal;

import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.e4.core.di.annotations.Optional;

import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.ui.counters.CountersIds;
import org.infiniscope.ui.counters.SmSource;
import org.infiniscope.ui.remote.RemoteFabric;

/**
 * The subnet manager view, read through an {@link SmSource} (this runtime's SM, or a remote runtime's over its REST
 * API): the SM (state, priority, port, SM LID), the subnet it configured (nodes, routing engine that routed it and the
 * chain configured, the route check of its tables), its sweep history (number, start, kind, the time of each phase,
 * result, what each changed), the SMs it knows, and the two actions of {@code sm:resweep} and {@code sm:reroute}, each
 * confirmed, on the same SM.
 */
public final class SmPart {

    private SmFeed feed;
    private RemoteFabric remote;
    private Table state;
    private Table sweeps;
    private Table known;
    private Button resweep;
    private Button reroute;
    private Label actionStatus;

    @PostConstruct
    public void create(Composite parent) {
        GridLayoutFactory.fillDefaults().margins(6, 6).numColumns(2).applyTo(parent);
        state = Tables.create(parent, CountersIds.SM_STATE, new String[]{"Subnet manager", "Value"},
                new int[]{130, 250});
        state.getColumn(1).setAlignment(SWT.LEFT);
        GridDataFactory.fillDefaults().grab(false, false).hint(400, 265).applyTo(state);

        List<String> headers = new ArrayList<>(List.of("#", "Started", "Kind"));
        List<Integer> widths = new ArrayList<>(List.of(45, 80, 60));
        for (SmPhase p : SmPhase.values()) {
            headers.add(p.label());
            widths.add(85);
        }
        headers.addAll(List.of("Took", "SMPs", "Result", "Changes", "Problem"));
        widths.addAll(List.of(75, 70, 85, 330, 250));
        sweeps = Tables.create(parent, CountersIds.SM_SWEEPS, headers.toArray(String[]::new),
                widths.stream().mapToInt(Integer::intValue).toArray());
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(sweeps);

        known = Tables.create(parent, CountersIds.SM_KNOWN, new String[]{"Known SM port", "LID", "State", "Priority"},
                new int[]{170, 50, 90, 60});
        GridDataFactory.fillDefaults().grab(true, false).hint(SWT.DEFAULT, 265).applyTo(known);
        // state and known SMs side by side, the sweeps below them across the part
        known.moveAbove(sweeps);

        Composite actions = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).applyTo(actions);
        GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(actions);
        resweep = new Button(actions, SWT.PUSH);
        resweep.setText("Resweep…");
        resweep.setData(CountersIds.WIDGET_ID, CountersIds.SM_RESWEEP);
        resweep.setToolTipText("A heavy sweep now (sm:resweep heavy)");
        reroute = new Button(actions, SWT.PUSH);
        reroute.setText("Reroute…");
        reroute.setData(CountersIds.WIDGET_ID, CountersIds.SM_REROUTE);
        reroute.setToolTipText("Compute the routes again and program what changed (sm:reroute)");
        actionStatus = new Label(actions, SWT.NONE);
        actionStatus.setData(CountersIds.WIDGET_ID, CountersIds.SM_ACTION_STATUS);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(actionStatus);
        resweep.addListener(SWT.Selection,
                e -> act("Resweep the subnet",
                        "Sweep the whole subnet now: discover, assign LIDs, route, program and activate?", "Resweep",
                        SmSource::resweep));
        reroute.addListener(SWT.Selection,
                e -> act("Reroute the subnet",
                        "Compute every switch's routes again and program the LFT blocks that changed?", "Reroute",
                        SmSource::reroute));
        resweep.setEnabled(false);
        reroute.setEnabled(false);

        feed = new SmFeed(SmSources.of(remote), parent.getDisplay(), this::show);
    }

    /** The remote runtime shown (File › Connect…), or null: the SM read and acted on is there, or here. */
    @Inject
    @Optional
    void remote(@Optional RemoteFabric remote) {
        if (remote == this.remote) {
            return; // injected again with the same runtime: the source stays, and what it read
        }
        this.remote = remote;
        if (feed != null) {
            feed.use(SmSources.of(remote));
        }
    }

    /**
     * Asks, then runs an action on the SM without waiting for it; its end is shown when it comes, and so is a
     * refusal (a remote runtime's 403 when the token's role lacks the action).
     */
    private void act(String title, String question, String verb,
            Function<SmSource, CompletableFuture<SmSource.Swept>> action) {
        MessageDialog dialog = new MessageDialog(resweep.getShell(), title, null, question, MessageDialog.CONFIRM, 0,
                verb, "Cancel");
        if (dialog.open() != 0) {
            return;
        }
        actionStatus.setText(verb + " running…");
        actionStatus.getParent().layout();
        var display = actionStatus.getDisplay();
        action.apply(feed.source()).whenComplete((report, failure) -> display.asyncExec(() -> {
            if (actionStatus.isDisposed()) {
                return;
            }
            if (failure != null) {
                Throwable cause = failure instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                        ? c.getCause()
                        : failure;
                actionStatus.setText(verb + " failed: " + cause.getMessage());
            } else {
                actionStatus
                        .setText(verb + (report.up() ? " done: subnet up" : ": " + report.problem().orElse("not up")));
            }
            actionStatus.getParent().layout();
            feed.refresh();
        }));
    }

    private void show(SmFeed.SmView v) {
        if (state.isDisposed()) {
            return;
        }
        SmSource.Status st = v.status();
        List<String[]> rows = new ArrayList<>();
        if (!st.running()) {
            rows.add(new String[]{"State", "no subnet manager service"});
        } else {
            rows.add(new String[]{"State", st.state().name()});
            rows.add(new String[]{"Priority", Integer.toString(st.priority())});
            rows.add(new String[]{"Port GUID", st.portGuid() == 0 ? "not started" : Units.guid(st.portGuid())});
        }
        if (!"local".equals(v.where())) {
            rows.add(new String[]{"Runtime", v.where()});
        }
        st.subnet().ifPresentOrElse(s -> subnetRows(s, st.routingChain(), rows),
                () -> rows.add(new String[]{"Subnet", "not configured by this SM yet"}));
        Tables.fill(state, rows, null);
        resweep.setEnabled(st.running());
        reroute.setEnabled(st.running());

        List<String[]> swept = new ArrayList<>();
        for (SweepHistoryEntry e : st.sweeps()) {
            swept.add(sweepRow(e));
        }
        Tables.fill(sweeps, swept, null);

        List<String[]> sms = new ArrayList<>();
        for (SmSource.KnownSmRow k : st.subnet().map(SmSource.SubnetFacts::known).orElse(List.of())) {
            sms.add(new String[]{Units.guid(k.portGuid()) + (k.portGuid() == st.portGuid() ? " (this)" : ""),
                    Integer.toString(k.lid()), k.state(), Integer.toString(k.priority())});
        }
        Tables.fill(known, sms, null);
    }

    /**
     * @return the cells of one sweep: number, start, kind, each phase's seconds (empty for a light sweep), the time it
     *         took, its SMPs, its result (OpenSM's {@code SUBNET UP} when up), what it changed and its problem
     */
    static String[] sweepRow(SweepHistoryEntry e) {
        List<String> row = new ArrayList<>();
        row.add(Long.toString(e.number()));
        row.add(LocalTime.ofInstant(e.start(), ZoneId.systemDefault()).withNano(0).toString());
        row.add(e.kind().name().toLowerCase(Locale.ROOT));
        for (SmPhase p : SmPhase.values()) {
            Duration d = e.phases().get(p);
            row.add(d == null ? "" : Units.seconds(d));
        }
        row.add(Units.seconds(e.duration()));
        row.add(Units.count(e.smps()));
        row.add(e.up() ? "SUBNET UP" : e.result());
        row.add(changes(e.changes()));
        row.add(e.problem().orElse(""));
        return row.toArray(String[]::new);
    }

    /** @return what a sweep changed, in words: only what it did, or "nothing" among its nodes */
    static String changes(SweepChanges c) {
        List<String> parts = new ArrayList<>();
        parts.add(String.format(Locale.ROOT, "%,d nodes", c.nodes()));
        if (c.nodesAdded() > 0) {
            parts.add(String.format(Locale.ROOT, "+%,d", c.nodesAdded()));
        }
        if (c.nodesRemoved() > 0) {
            parts.add(String.format(Locale.ROOT, "-%,d", c.nodesRemoved()));
        }
        if (!c.any()) {
            return parts.get(0) + ", nothing changed";
        }
        String[] names = {"LIDs", "PortInfo", "SwitchInfo", "LFT blocks", "P_Key", "activated"};
        int[] counts = {c.lidsChanged(), c.portInfoSets(), c.switchInfoSets(), c.lftBlocks(), c.pKeySets(),
                c.activations()};
        for (int i = 0; i < names.length; i++) {
            if (counts[i] > 0) {
                parts.add(String.format(Locale.ROOT, "%s %,d", names[i], counts[i]));
            }
        }
        return String.join(", ", parts);
    }

    private static void subnetRows(SmSource.SubnetFacts s, List<String> chain, List<String[]> rows) {
        rows.add(new String[]{"SM LID", Integer.toString(s.smLid())});
        rows.add(new String[]{"Master port", Units.guid(s.smPortGuid())});
        rows.add(new String[]{"Subnet prefix", Units.guid(s.subnetPrefix())});
        rows.add(new String[]{"Sweep", Long.toString(s.sweep())});
        rows.add(new String[]{"Nodes", String.format(Locale.ROOT, "%d (%d switches), %d links, LIDs up to %d",
                s.nodes(), s.switches(), s.links(), s.maxLid())});
        rows.add(new String[]{"Routing engine", engine(s.routingEngine(), chain)});
        rows.add(
                new String[]{"Route check",
                        s.check().map(c -> c.ok()
                                ? String.format(Locale.ROOT, "OK: %,d pairs, no loop, no credit loop", c.pairs())
                                : String.format(Locale.ROOT,
                                        "%,d unreachable, %,d looping of %,d pairs, credit loops in %s",
                                        c.unreachable(), c.loops(), c.pairs(), c.creditLoopLayers()))
                                .orElse("checking…")});
    }

    /**
     * @return the engine that routed the subnet, with the chain configured when it is not that engine alone (a
     *         fallback, or a chain changed since the last routing)
     */
    static String engine(String used, List<String> chain) {
        if (chain.isEmpty() || chain.equals(List.of(used))) {
            return used;
        }
        return used + " (chain " + String.join(",", chain) + ")";
    }

    @PreDestroy
    void dispose() {
        if (feed != null) {
            feed.close();
        }
    }
}
