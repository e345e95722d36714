package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;
import org.infiniscope.model.provider.FabricItemProviderAdapterFactory;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.FabricSelection;
import org.infiniscope.ui.internal.session.FabricSession;
import org.infiniscope.ui.internal.session.FabricView;

/**
 * The properties of the selected node, port or link, as the model's EMF.Edit item providers describe them: each
 * property with its readable name, its value in its unit, its description as a tooltip, grouped by category. It
 * follows the selection of every view and shows the newest sweep's values. Plain SWT over the item providers (no 3.x
 * property sheet).
 */
public final class PropertiesPart {

    /** Widget data value of the properties tree, for the UI tests. */
    public static final String TREE_ID = "properties.tree";
    /** Widget data value of the title label. */
    public static final String TITLE_ID = "properties.title";

    private final FabricItemProviderAdapterFactory adapters = new FabricItemProviderAdapterFactory();
    private Label title;
    private Tree tree;
    private FabricSession session;
    private Runnable unsubscribe;
    private FabricRef shown;

    @PostConstruct
    public void create(Composite parent) {
        Composite area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(2, 2).applyTo(area);
        title = new Label(area, SWT.WRAP);
        title.setData(ConsolePart.WIDGET_ID, TITLE_ID);
        title.setText("Select a node, port or link to see its properties.");
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(title);
        tree = new Tree(area, SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        tree.setData(ConsolePart.WIDGET_ID, TREE_ID);
        tree.setHeaderVisible(true);
        tree.setLinesVisible(true);
        TreeColumn name = new TreeColumn(tree, SWT.LEFT);
        name.setText("Property");
        name.setWidth(150);
        TreeColumn value = new TreeColumn(tree, SWT.LEFT);
        value.setText("Value");
        value.setWidth(220);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tree);
        tree.addListener(SWT.MouseHover, e -> {
            TreeItem item = tree.getItem(new org.eclipse.swt.graphics.Point(e.x, e.y));
            tree.setToolTipText(item == null ? null : (String) item.getData("description"));
        });
        if (session != null) {
            FabricSession s = session;
            session = null;
            setSession(s);
        }
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
        if (session != null && tree != null) {
            unsubscribe = session.addListener(new FabricSession.Listener() {
                @Override
                public void viewChanged(FabricView view) {
                    show(shown);
                }
            });
        }
    }

    @Inject
    @Optional
    void showSelection(@Named(IServiceConstants.ACTIVE_SELECTION) FabricSelection selection) {
        if (selection != null && tree != null && !tree.isDisposed()) {
            show(selection.first());
        }
    }

    private void show(FabricRef ref) {
        shown = ref;
        if (ref == null || session == null) {
            return;
        }
        EObject element = session.view().resolve(ref);
        tree.setRedraw(false);
        try {
            tree.removeAll();
            if (element == null) {
                title.setText("Not in the fabric any more: " + ref);
                return;
            }
            IItemLabelProvider label = (IItemLabelProvider) adapters.adapt(element, IItemLabelProvider.class);
            title.setText(label == null ? element.toString() : label.getText(element));
            IItemPropertySource source = (IItemPropertySource) adapters.adapt(element, IItemPropertySource.class);
            if (source == null) {
                return;
            }
            Map<String, TreeItem> categories = new LinkedHashMap<>();
            List<IItemPropertyDescriptor> descriptors = source.getPropertyDescriptors(element);
            for (IItemPropertyDescriptor d : descriptors) {
                String category = d.getCategory(element) == null ? "Other" : d.getCategory(element);
                TreeItem parent = categories.computeIfAbsent(category, c -> {
                    TreeItem item = new TreeItem(tree, SWT.NONE);
                    item.setText(0, c);
                    item.setFont(org.eclipse.jface.resource.JFaceResources.getBannerFont());
                    return item;
                });
                TreeItem item = new TreeItem(parent, SWT.NONE);
                item.setText(0, d.getDisplayName(element));
                item.setText(1, valueText(d, element));
                item.setData("description", d.getDescription(element));
            }
            for (TreeItem c : categories.values()) {
                c.setExpanded(true);
            }
        } finally {
            tree.setRedraw(true);
            title.getParent().layout(true);
        }
    }

    /** @return a property's value as its label provider writes it (with its unit) */
    static String valueText(IItemPropertyDescriptor d, Object element) {
        Object value = d.getPropertyValue(element);
        IItemLabelProvider labels = d.getLabelProvider(element);
        String text = labels == null ? String.valueOf(value) : labels.getText(value);
        return text == null ? "" : text;
    }

    @PreDestroy
    public void dispose() {
        if (unsubscribe != null) {
            unsubscribe.run();
        }
        adapters.dispose();
    }
}
