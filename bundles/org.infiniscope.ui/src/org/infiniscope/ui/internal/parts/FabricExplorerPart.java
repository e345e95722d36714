package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.core.services.events.IEventBroker;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.e4.ui.workbench.modeling.EPartService;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.infiniscope.console.CommandService;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;
import org.infiniscope.model.provider.NodeText;
import org.infiniscope.model.provider.PortText;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.internal.session.FabricSession;
import org.infiniscope.ui.internal.session.FabricView;

/**
 * The fabric explorer: the subnet's switches, CAs and routers with their ports, in a virtual tree (items are made
 * only when shown, so a fabric of thousands of hosts opens at once), with icons for node type and port state,
 * filters (down ports, ports with errors, a text for names, GUIDs and LIDs), and the port actions in its context
 * menu. Selecting sets a {@link FabricSelection}; the other views' selections are selected here.
 */
public final class FabricExplorerPart {

    /** Widget data key of the tree, filter and check boxes, for the UI tests. */
    public static final String TREE_ID = "explorer.tree";

    private static final String ROW = "row";
    private static final String REF = "ref";

    @Inject
    private ESelectionService selectionService;
    @Inject
    @Optional
    private EPartService partService;
    @Inject
    private MPart part;
    @Inject
    @Optional
    private IEventBroker broker;
    @Inject
    @Optional
    private CommandService commands;
    /** The remote runtime whose fabric is shown (File › Connect…): port actions go to it. */
    @Inject
    @Optional
    private RemoteFabric remote;

    private Composite area;
    private Composite empty;
    private Tree tree;
    private Text filterText;
    private Button downOnly;
    private Button errorsOnly;
    private Label count;
    private Icons icons;
    private FabricSession session;
    private Runnable unsubscribe;
    private List<ExplorerRows.Row> rows = List.of();
    private FabricView shown = FabricView.EMPTY;
    private boolean selecting;
    private final Set<Long> expanded = new HashSet<>();

    @PostConstruct
    public void create(Composite parent) {
        icons = new Icons(parent.getDisplay());
        area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).margins(2, 2).applyTo(area);
        filterText = new Text(area, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL | SWT.BORDER);
        filterText.setMessage("name, GUID or LID");
        filterText.setData(ConsolePart.WIDGET_ID, "explorer.filter");
        GridDataFactory.fillDefaults().grab(true, false).span(3, 1).applyTo(filterText);
        filterText.addListener(SWT.Modify, e -> refresh());
        downOnly = check("Down ports", "explorer.down");
        errorsOnly = check("Errors", "explorer.errors");
        count = new Label(area, SWT.RIGHT);
        count.setData(ConsolePart.WIDGET_ID, "explorer.count");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(count);
        tree = new Tree(area, SWT.VIRTUAL | SWT.MULTI | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        tree.setData(ConsolePart.WIDGET_ID, TREE_ID);
        GridDataFactory.fillDefaults().grab(true, true).span(3, 1).applyTo(tree);
        tree.addListener(SWT.SetData, e -> fill((TreeItem) e.item));
        tree.addListener(SWT.Selection, e -> selected());
        // what is expanded, kept across refreshes (asking every item would make all of a virtual tree's items)
        tree.addListener(SWT.Expand, e -> expanded(e, true));
        tree.addListener(SWT.Collapse, e -> expanded(e, false));
        tree.setMenu(contextMenu());
        empty = EmptyState.create(area, "The fabric explorer lists the subnet's switches, channel adapters and "
                + "routers, with their ports and links.");
        GridDataFactory.fillDefaults().grab(true, true).span(3, 1).exclude(true).applyTo(empty);
        if (session != null) {
            FabricSession s = session;
            session = null;
            setSession(s);
        }
        showEmpty(true);
    }

    private Button check(String label, String id) {
        Button b = new Button(area, SWT.CHECK);
        b.setText(label);
        b.setData(ConsolePart.WIDGET_ID, id);
        b.addListener(SWT.Selection, e -> refresh());
        return b;
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
        if (session == null || tree == null) {
            return;
        }
        unsubscribe = session.addListener(new FabricSession.Listener() {
            @Override
            public void viewChanged(FabricView view) {
                refresh();
            }
        });
        refresh();
    }

    /** Shows another view's selection. */
    @Inject
    @Optional
    void showSelection(@Named(IServiceConstants.ACTIVE_SELECTION) FabricSelection selection) {
        if (selection == null || tree == null || tree.isDisposed() || UiIds.PART_EXPLORER.equals(selection.source())) {
            return;
        }
        select(selection.items());
    }

    private void showEmpty(boolean on) {
        ((org.eclipse.swt.layout.GridData) empty.getLayoutData()).exclude = !on;
        empty.setVisible(on);
        ((org.eclipse.swt.layout.GridData) tree.getLayoutData()).exclude = on;
        tree.setVisible(!on);
        area.layout(true, true);
    }

    /** Rebuilds the rows from the session's view and the filters, keeping what was expanded and selected. */
    private void refresh() {
        if (tree == null || tree.isDisposed()) {
            return;
        }
        FabricView view = session == null ? FabricView.EMPTY : session.view();
        List<FabricRef> selected = selectedRefs();
        ExplorerRows.Filter filter = new ExplorerRows.Filter(filterText.getText(), downOnly.getSelection(),
                errorsOnly.getSelection());
        rows = ExplorerRows.of(view, filter, session == null ? Set.of() : session.portsWithErrors());
        shown = view;
        tree.setRedraw(false);
        try {
            tree.removeAll();
            tree.setItemCount(rows.size());
            boolean filtered = !filter.isEmpty();
            for (int i = 0; i < rows.size(); i++) {
                long guid = rows.get(i).node().getNodeGuid();
                if (expanded.contains(guid) || filtered && filter.downOnly() || filtered && filter.errorsOnly()) {
                    TreeItem item = tree.getItem(i);
                    fill(item);
                    item.setExpanded(true);
                }
            }
            selecting = true;
            try {
                select(selected);
            } finally {
                selecting = false;
            }
        } finally {
            tree.setRedraw(true);
        }
        int nodes = view.isEmpty() ? 0 : view.fabric().getNodes().size();
        count.setText(filter.isEmpty() ? nodes + " nodes" : rows.size() + " of " + nodes + " nodes");
        showEmpty(view.isEmpty());
    }

    private void expanded(org.eclipse.swt.widgets.Event e, boolean open) {
        if (e.item instanceof TreeItem item && item.getParentItem() == null
                && item.getData(ROW) instanceof ExplorerRows.Row row) {
            if (open) {
                expanded.add(row.node().getNodeGuid());
            } else {
                expanded.remove(row.node().getNodeGuid());
            }
        }
    }

    /** Fills a virtual item: a node row (with its ports as a count of children) or a port row. */
    private void fill(TreeItem item) {
        TreeItem parent = item.getParentItem();
        if (parent == null) {
            int index = tree.indexOf(item);
            if (index < 0 || index >= rows.size()) {
                return;
            }
            ExplorerRows.Row row = rows.get(index);
            Node n = row.node();
            item.setData(ROW, row);
            item.setData(REF, new FabricRef.NodeRef(n.getNodeGuid()));
            item.setText(NodeText.label(n) + "  " + PortText.guid(n.getNodeGuid()));
            item.setImage(icons.node(n.getType()));
            item.setItemCount(row.ports().size());
        } else {
            ExplorerRows.Row row = (ExplorerRows.Row) parent.getData(ROW);
            if (row == null) {
                fill(parent);
                row = (ExplorerRows.Row) parent.getData(ROW);
            }
            int index = parent.indexOf(item);
            if (row == null || index < 0 || index >= row.ports().size()) {
                return;
            }
            Port p = row.ports().get(index);
            item.setData(REF, FabricView.portRef(p));
            item.setText(portText(p));
            item.setImage(icons.port(p));
        }
    }

    /** @return "3: Active 4X QDR → spine001 port 1" */
    static String portText(Port p) {
        StringBuilder text = new StringBuilder().append(p.getNumber()).append(": ");
        String label = PortText.label(p);
        int cut = label.indexOf(" port " + p.getNumber());
        String rest = cut < 0 ? label : label.substring(cut + (" port " + p.getNumber()).length()).strip();
        if (p.getNode() != null && p.getNode().getType() == org.infiniscope.model.NodeType.SWITCH
                && rest.startsWith("(LID ")) {
            rest = rest.substring(rest.indexOf(')') + 1).strip(); // the switch's LID, on its row already
        }
        text.append(rest);
        if (!p.isReachable()) {
            text.append(" (unreachable)");
        }
        Port remote = p.getRemotePort();
        if (remote != null && remote.getNode() != null) {
            text.append(" → ").append(NodeText.name(remote.getNode())).append(" port ").append(remote.getNumber());
        }
        return text.toString();
    }

    private List<FabricRef> selectedRefs() {
        List<FabricRef> refs = new ArrayList<>();
        for (TreeItem item : tree.getSelection()) {
            if (item.getData(REF) instanceof FabricRef ref) {
                refs.add(ref);
            }
        }
        return refs;
    }

    private void selected() {
        if (selecting) {
            return;
        }
        List<FabricRef> refs = selectedRefs();
        if (refs.isEmpty()) {
            return;
        }
        if (partService != null && partService.getActivePart() != part) {
            partService.activate(part, false);
        }
        selectionService.setSelection(new FabricSelection(refs, UiIds.PART_EXPLORER));
    }

    /** Selects and reveals the items of these references that the rows show. */
    private void select(List<FabricRef> refs) {
        if (refs.isEmpty() || rows.isEmpty()) {
            if (refs.isEmpty()) {
                tree.deselectAll();
            }
            return;
        }
        Map<Long, Integer> index = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            index.put(rows.get(i).node().getNodeGuid(), i);
        }
        List<TreeItem> items = new ArrayList<>();
        for (FabricRef ref : refs) {
            Integer i = index.get(ref.nodeGuid());
            if (i == null) {
                continue;
            }
            TreeItem nodeItem = tree.getItem(i);
            fill(nodeItem);
            int port = switch (ref) {
                case FabricRef.PortRef p -> p.port();
                case FabricRef.LinkRef l -> l.a().port();
                case FabricRef.NodeRef n -> -1;
            };
            if (port < 0) {
                items.add(nodeItem);
                continue;
            }
            List<Port> ports = rows.get(i).ports();
            for (int k = 0; k < ports.size(); k++) {
                if (ports.get(k).getNumber() == port) {
                    nodeItem.setExpanded(true);
                    expanded.add(rows.get(i).node().getNodeGuid());
                    TreeItem portItem = nodeItem.getItem(k);
                    fill(portItem);
                    items.add(portItem);
                }
            }
        }
        boolean was = selecting;
        selecting = true;
        try {
            tree.setSelection(items.toArray(TreeItem[]::new));
            if (!items.isEmpty()) {
                tree.showItem(items.getFirst());
            }
        } finally {
            selecting = was;
        }
    }

    private Menu contextMenu() {
        Menu menu = new Menu(tree);
        menu.addListener(SWT.Show, e -> {
            for (MenuItem item : menu.getItems()) {
                item.dispose();
            }
            fillMenu(menu);
        });
        return menu;
    }

    private void fillMenu(Menu menu) {
        if (session == null) {
            return;
        }
        PortActions actions = new PortActions(tree.getShell(), session, commands, broker, remote);
        List<FabricRef> refs = selectedRefs();
        FabricRef first = refs.isEmpty() ? null : refs.getFirst();
        boolean live = actions.unavailable() == null;
        if (first instanceof FabricRef.PortRef port) {
            for (PortActions.PortOp op : PortActions.PortOp.values()) {
                item(menu, op.title + "…", live, () -> actions.port(op, port));
            }
            item(menu, "Clear Counters…", live, () -> actions.clearCounters(port));
            new MenuItem(menu, SWT.SEPARATOR);
        }
        if (first != null) {
            Node node = shown.nodes().get(first.nodeGuid());
            Port port = first instanceof FabricRef.PortRef p ? shown.port(p) : null;
            if (node != null) {
                item(menu, "Copy Node GUID", true, () -> actions.copy(PortActions.guid(node.getNodeGuid())));
            }
            if (port != null) {
                item(menu, "Copy Port GUID", true, () -> actions.copy(PortActions.guid(port.getPortGuid())));
            }
            int lid = port != null ? PortActions.lidOf(port) : node != null ? node.getLid() : 0;
            if (lid != 0) {
                item(menu, "Copy LID", true, () -> actions.copy(String.valueOf(lid)));
            }
            if (refs.size() == 2) {
                FabricRef.PortRef a = PortActions.pathEnd(shown, refs.get(0));
                FabricRef.PortRef b = PortActions.pathEnd(shown, refs.get(1));
                item(menu, "Trace Path", a != null && b != null, () -> actions.tracePath(a, b));
            }
            new MenuItem(menu, SWT.SEPARATOR);
        }
        item(menu, "Rediscover…", live, actions::rediscover);
    }

    private static void item(Menu menu, String label, boolean enabled, Runnable action) {
        MenuItem item = new MenuItem(menu, SWT.PUSH);
        item.setText(label);
        item.setEnabled(enabled);
        item.addListener(SWT.Selection, e -> action.run());
    }

    @PreDestroy
    public void dispose() {
        if (unsubscribe != null) {
            unsubscribe.run();
        }
        if (icons != null) {
            icons.dispose();
        }
    }
}
