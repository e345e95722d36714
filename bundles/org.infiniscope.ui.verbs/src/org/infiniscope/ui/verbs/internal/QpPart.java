package org.infiniscope.ui.verbs.internal;

import java.util.List;
import java.util.Locale;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.core.services.events.IEventBroker;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.UiTopics;
import org.infiniscope.ui.verbs.VerbsUiIds;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.verbs.QpSource;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpCounters;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceText;
import org.osgi.framework.FrameworkUtil;

/**
 * The queue pairs and connections view: every QP of the resource sources (this runtime's simulated HCAs, the host's
 * through RDMA netlink) node by node, with state, type, peer, PSNs and counters; the CM connections; the state
 * machine with the selected QP's state lit; and "Show path", which puts the selected connection's path on the
 * topology. It follows QP state changes and async events as the sources tell of them, and the counters each second.
 */
public final class QpPart {

    private static final String[] QP_COLUMNS = {"Node", "Device", "Port", "QPN", "Type", "State", "Peer", "Remote QPN",
            "SQ PSN", "RQ PSN", "Sent", "Received", "Retries", "Last error", "Owner"};
    private static final int[] QP_WIDTHS = {90, 90, 40, 70, 45, 55, 110, 85, 75, 75, 70, 70, 60, 120, 120};
    private static final String[] CM_COLUMNS = {"Device", "Port", "CM ID", "QPN", "Type", "State", "Port space",
            "Source", "Destination", "Owner"};
    private static final int[] CM_WIDTHS = {90, 40, 55, 70, 45, 110, 75, 170, 170, 120};

    @Inject
    @Optional
    private IEventBroker broker;

    private QpFeed feed;
    private RemoteFabric remote;
    private Label status;
    private Table qps;
    private Table cm;
    private StateDiagram diagram;
    private Text detail;
    private Button showPath;
    private List<QpResource> shown = List.of();
    /** The selected QP, by identity (source, device, number): kept across refreshes. */
    private String selectedKey;

    @PostConstruct
    public void create(Composite parent) {
        GridLayoutFactory.fillDefaults().margins(6, 6).applyTo(parent);
        status = new Label(parent, SWT.WRAP);
        status.setData(VerbsUiIds.WIDGET_ID, VerbsUiIds.QP_STATUS);
        status.setText("Reading the queue pairs…");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(status);

        SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sash);
        SashForm tables = new SashForm(sash, SWT.VERTICAL);
        qps = table(tables, VerbsUiIds.QP_TABLE, QP_COLUMNS, QP_WIDTHS);
        cm = table(tables, VerbsUiIds.CM_TABLE, CM_COLUMNS, CM_WIDTHS);
        tables.setWeights(70, 30);

        Composite side = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(side);
        diagram = new StateDiagram(side);
        GridDataFactory.fillDefaults().grab(true, true).hint(300, 200).applyTo(diagram.control());
        showPath = new Button(side, SWT.PUSH);
        showPath.setText("Show path");
        showPath.setToolTipText("Trace the selected connection's path through the switches on the topology");
        showPath.setData(VerbsUiIds.WIDGET_ID, VerbsUiIds.SHOW_PATH);
        showPath.setEnabled(false);
        showPath.addListener(SWT.Selection, e -> showPath());
        detail = new Text(side, SWT.MULTI | SWT.READ_ONLY | SWT.V_SCROLL | SWT.H_SCROLL);
        detail.setData(VerbsUiIds.WIDGET_ID, VerbsUiIds.QP_DETAIL);
        detail.setFont(JFaceResources.getTextFont()); // the detail's values line up in columns
        GridDataFactory.fillDefaults().grab(true, true).hint(340, 160).applyTo(detail);
        sash.setWeights(55, 45);

        qps.addListener(SWT.Selection, e -> {
            int i = qps.getSelectionIndex();
            selectedKey = i < 0 || i >= shown.size() ? null : key(shown.get(i));
            showSelected();
        });
        feed = new QpFeed(source(remote), parent.getDisplay(), this::show);
    }

    private static Table table(Composite parent, String id, String[] columns, int[] widths) {
        Table t = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        t.setData(VerbsUiIds.WIDGET_ID, id);
        t.setHeaderVisible(true);
        t.setLinesVisible(true);
        for (int i = 0; i < columns.length; i++) {
            TableColumn c = new TableColumn(t, SWT.LEFT);
            c.setText(columns[i]);
            c.setWidth(widths[i]);
        }
        return t;
    }

    /** The remote runtime shown (File › Connect…), or null: the QPs are read there, or here. */
    @Inject
    @Optional
    void remote(@Optional RemoteFabric remote) {
        if (remote == this.remote) {
            return; // injected again with the same runtime: the source stays, and what it read
        }
        this.remote = remote;
        if (feed != null) {
            feed.use(source(remote));
        }
    }

    private static QpSource source(RemoteFabric remote) {
        return remote != null
                ? new RemoteQpSource(remote)
                : new LocalQpSource(FrameworkUtil.getBundle(QpPart.class).getBundleContext());
    }

    private static String key(QpResource q) {
        return q.source() + "/" + q.device() + "/" + q.lqpn();
    }

    /** Shows a new reading (UI thread). */
    void show(QpFeed.QpView view) {
        if (qps.isDisposed()) {
            return;
        }
        shown = view.qps();
        qps.setRedraw(false);
        try {
            qps.removeAll();
            int select = -1;
            for (int i = 0; i < shown.size(); i++) {
                QpResource q = shown.get(i);
                TableItem item = new TableItem(qps, SWT.NONE);
                item.setText(row(q));
                if (q.state() == org.infiniscope.verbs.QpState.ERR || q.state() == org.infiniscope.verbs.QpState.SQE) {
                    item.setForeground(qps.getDisplay().getSystemColor(SWT.COLOR_RED));
                }
                if (key(q).equals(selectedKey)) {
                    select = i;
                }
            }
            if (select >= 0) {
                qps.setSelection(select);
            }
        } finally {
            qps.setRedraw(true);
        }
        cm.removeAll();
        for (CmIdResource c : view.cmIds()) {
            new TableItem(cm, SWT.NONE).setText(new String[]{dash(c.device()), Integer.toString(c.port()),
                    Integer.toString(c.cmIdn()), c.lqpn() < 0 ? "-" : ResourceText.hex(c.lqpn()), dash(c.qpType()),
                    c.state(), c.ps(), dash(c.srcAddr()), dash(c.dstAddr()), owner(c.pid(), c.comm(), c.kernel())});
        }
        long err = shown.stream().filter(q -> q.state() == org.infiniscope.verbs.QpState.ERR).count();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%d queue pairs (%d in ERR), %d CM IDs from %s",
                shown.size(), err, view.cmIds().size(),
                view.sources().isEmpty() ? "no source" : String.join(", ", view.sources())));
        for (String p : view.problems()) {
            s.append("\n").append(p);
        }
        status.setText(s.toString());
        status.getParent().layout(true);
        showSelected();
    }

    static String[] row(QpResource q) {
        QpCounters c = q.counters();
        return new String[]{dash(q.node()), q.device(), Integer.toString(q.port()), ResourceText.hex(q.lqpn()),
                q.type(), q.state().name(), peer(q), q.rqpn() < 0 ? "-" : ResourceText.hex(q.rqpn()),
                ResourceText.hex(q.sqPsn()), q.rqPsn() < 0 ? "-" : ResourceText.hex(q.rqPsn()),
                c == null ? "-" : Long.toString(c.messagesSent()),
                c == null ? "-" : Long.toString(c.messagesReceived()),
                c == null ? "-" : Long.toString(c.retries() + c.rnrRetries()),
                c == null || c.lastError() == null ? "-" : c.lastError().name(), owner(q.pid(), q.comm(), q.kernel())};
    }

    private static String peer(QpResource q) {
        if (!q.peer().isEmpty()) {
            return q.peer() + (q.peerPort() > 0 ? " [" + q.peerPort() + "]" : "");
        }
        return q.dlid() == 0 ? "-" : "LID " + q.dlid();
    }

    private static String owner(long pid, String comm, boolean kernel) {
        if (kernel) {
            return "[" + comm + "]";
        }
        return (pid < 0 ? "" : "pid " + pid + " ") + comm;
    }

    private static String dash(String s) {
        return s.isEmpty() ? "-" : s;
    }

    private QpResource selected() {
        return shown.stream().filter(q -> key(q).equals(selectedKey)).findFirst().orElse(null);
    }

    private void showSelected() {
        QpResource q = selected();
        if (q == null) {
            diagram.show(null, "No QP selected");
            detail.setText("");
            showPath.setEnabled(false);
            return;
        }
        diagram.show(q.state(), q.type() + " QP " + ResourceText.hex(q.lqpn()) + " on " + dash(q.node()) + ": "
                + q.state()
                + q.activity().map(c -> c.lastError() == null ? "" : " (" + c.lastError().describe() + ")").orElse(""));
        detail.setText(ResourceText.qpDetail(q));
        showPath.setEnabled(pathOf(q) != null);
    }

    private static UiTopics.PathRequest pathOf(QpResource q) {
        if (q.nodeGuid() == 0 || q.peerGuid() == 0 || q.port() <= 0 || q.peerPort() <= 0) {
            return null;
        }
        return new UiTopics.PathRequest(new FabricRef.PortRef(q.nodeGuid(), q.port()),
                new FabricRef.PortRef(q.peerGuid(), q.peerPort()));
    }

    private void showPath() {
        QpResource q = selected();
        UiTopics.PathRequest request = q == null ? null : pathOf(q);
        if (request != null && broker != null) {
            broker.post(UiTopics.PATH_SHOW, request);
        }
    }

    @PreDestroy
    public void dispose() {
        if (feed != null) {
            feed.close();
        }
    }
}
