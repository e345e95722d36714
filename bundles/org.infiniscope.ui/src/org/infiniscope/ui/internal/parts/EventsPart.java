package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.internal.session.FabricEvent;
import org.infiniscope.ui.internal.session.FabricSession;

/**
 * The events of the session, newest first: links down and up, nodes added or gone, port states, counters over their
 * thresholds (the performance manager's rules), connections and actions, each with its time. Double-clicking an
 * event selects what it is about in every view. A virtual table, so a long session stays quick.
 */
public final class EventsPart {

    /** Widget data value of the table, for the UI tests. */
    public static final String TABLE_ID = "events.table";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    @Inject
    private ESelectionService selectionService;
    @Inject
    @Optional
    private EPartService partService;
    @Inject
    private MPart part;

    private Table table;
    private Text filter;
    private Button problemsOnly;
    private FabricSession session;
    private Runnable unsubscribe;
    /** What the table shows, newest first. */
    private List<FabricEvent> shown = List.of();

    @PostConstruct
    public void create(Composite parent) {
        Composite area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).margins(2, 2).applyTo(area);
        filter = new Text(area, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL | SWT.BORDER);
        filter.setMessage("filter events");
        filter.setData(ConsolePart.WIDGET_ID, "events.filter");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(filter);
        filter.addListener(SWT.Modify, e -> refresh());
        problemsOnly = new Button(area, SWT.CHECK);
        problemsOnly.setText("Problems only");
        problemsOnly.addListener(SWT.Selection, e -> refresh());
        table = new Table(area, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setData(ConsolePart.WIDGET_ID, TABLE_ID);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(table);
        column("Time", 70);
        column("Severity", 70);
        column("Event", 100);
        column("What", 520);
        table.addListener(SWT.SetData, e -> fill((TableItem) e.item));
        table.addListener(SWT.DefaultSelection, e -> open());
        if (session != null) {
            FabricSession s = session;
            session = null;
            setSession(s);
        }
    }

    private void column(String text, int width) {
        TableColumn c = new TableColumn(table, SWT.LEFT);
        c.setText(text);
        c.setWidth(width);
    }

    @Inject
    @Optional
    void setSession(FabricSession session) {
        if (this.session == session) {
            return;
        }
        if (unsubscribe != null) {
            unsubscribe.run();
            unsubscribe = null;
        }
        this.session = session;
        if (session != null && table != null) {
            unsubscribe = session.addListener(new FabricSession.Listener() {
                @Override
                public void eventsAdded(List<FabricEvent> events) {
                    refresh();
                }
            });
            refresh();
        }
    }

    private void refresh() {
        if (table == null || table.isDisposed() || session == null) {
            return;
        }
        String text = filter.getText().strip().toLowerCase(Locale.ROOT);
        boolean problems = problemsOnly.getSelection();
        List<FabricEvent> all = session.events();
        List<FabricEvent> next = new ArrayList<>(all.size());
        for (int i = all.size() - 1; i >= 0; i--) {
            FabricEvent e = all.get(i);
            if (problems && e.severity() == FabricEvent.Severity.INFO) {
                continue;
            }
            if (!text.isEmpty() && !(e.text().toLowerCase(Locale.ROOT).contains(text)
                    || e.kind().toLowerCase(Locale.ROOT).contains(text))) {
                continue;
            }
            next.add(e);
        }
        shown = next;
        table.clearAll();
        table.setItemCount(shown.size());
    }

    private void fill(TableItem item) {
        int index = table.indexOf(item);
        if (index < 0 || index >= shown.size()) {
            return;
        }
        FabricEvent e = shown.get(index);
        item.setText(
                new String[]{TIME.format(e.time()), e.severity().name().toLowerCase(Locale.ROOT), e.kind(), e.text()});
        item.setData(e);
        if (e.severity() == FabricEvent.Severity.ERROR) {
            item.setForeground(new Color(180, 20, 20));
        } else if (e.severity() == FabricEvent.Severity.WARNING) {
            item.setForeground(new Color(160, 100, 0));
        }
    }

    /** Selects what the event is about, in every view. */
    private void open() {
        int index = table.getSelectionIndex();
        if (index < 0 || index >= shown.size()) {
            return;
        }
        FabricEvent e = shown.get(index);
        if (e.element() == null) {
            return;
        }
        if (partService != null && partService.getActivePart() != part) {
            partService.activate(part, false);
        }
        selectionService.setSelection(new FabricSelection(List.of(e.element()), UiIds.PART_EVENTS));
    }

    @PreDestroy
    public void dispose() {
        if (unsubscribe != null) {
            unsubscribe.run();
        }
    }
}
