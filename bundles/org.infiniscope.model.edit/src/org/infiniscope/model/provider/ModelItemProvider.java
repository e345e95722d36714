package org.infiniscope.model.provider;

import java.util.function.Function;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.common.util.ResourceLocator;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.provider.ComposeableAdapterFactory;
import org.eclipse.emf.edit.provider.IEditingDomainItemProvider;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.emf.edit.provider.IStructuredItemContentProvider;
import org.eclipse.emf.edit.provider.ITreeItemContentProvider;
import org.eclipse.emf.edit.provider.ItemProviderAdapter;
import org.eclipse.emf.edit.provider.ViewerNotification;

/**
 * What the fabric model's item providers share: the strings of {@link FabricEditResources}, read-only formatted
 * properties, and viewer notifications (a label update for an attribute, a structure update for children).
 */
public abstract class ModelItemProvider extends ItemProviderAdapter
        implements
            IEditingDomainItemProvider,
            IStructuredItemContentProvider,
            ITreeItemContentProvider,
            IItemLabelProvider,
            IItemPropertySource {

    /** @param adapterFactory the factory that made this provider */
    protected ModelItemProvider(AdapterFactory adapterFactory) {
        super(adapterFactory);
    }

    @Override
    protected ResourceLocator getResourceLocator() {
        return FabricEditResources.INSTANCE;
    }

    /**
     * Adds a read-only property for a feature, named by {@code _UI_Class_feature_feature} and described by
     * {@code _UI_Class_feature_description}.
     *
     * @param format the value's text with its unit, or null for EMF's own text (enums, booleans, references)
     */
    protected void addProperty(EStructuralFeature feature, String category, Function<Object, String> format) {
        String key = "_UI_" + feature.getEContainingClass().getName() + "_" + feature.getName();
        AdapterFactory root = adapterFactory instanceof ComposeableAdapterFactory composeable
                ? composeable.getRootAdapterFactory()
                : adapterFactory;
        itemPropertyDescriptors
                .add(new FormattedPropertyDescriptor(root, getResourceLocator(), getString(key + "_feature"),
                        getString(key + "_description"), feature, getString("_UI_" + category + "_category"), format));
    }

    /**
     * Adds a read-only property computed from the element, named by {@code _UI_<key>_name} and described by
     * {@code _UI_<key>_description}.
     */
    protected void addDerived(String key, String category, Function<Object, String> value) {
        AdapterFactory root = adapterFactory instanceof ComposeableAdapterFactory composeable
                ? composeable.getRootAdapterFactory()
                : adapterFactory;
        itemPropertyDescriptors
                .add(new DerivedPropertyDescriptor(root, getResourceLocator(), key, getString("_UI_" + key + "_name"),
                        getString("_UI_" + key + "_description"), getString("_UI_" + category + "_category"), value));
    }

    /** @return an int formatter */
    protected static Function<Object, String> ints(java.util.function.IntFunction<String> format) {
        return value -> format.apply((Integer) value);
    }

    /** @return the text of a long as 16 hex digits */
    protected static Function<Object, String> guid() {
        return value -> PortText.guid((Long) value);
    }

    /** @return an int as hex with this many digits */
    protected static Function<Object, String> hex(int digits) {
        return value -> String.format("0x%0" + digits + "x", (Integer) value);
    }

    /** @return the plain decimal text */
    protected static Function<Object, String> decimal() {
        return String::valueOf;
    }

    /** Updates a viewer: the label when an attribute changed, the children when a containment list did. */
    protected void fireViewerUpdate(Notification notification, boolean children) {
        fireNotifyChanged(new ViewerNotification(notification, notification.getNotifier(), children, !children));
    }
}
