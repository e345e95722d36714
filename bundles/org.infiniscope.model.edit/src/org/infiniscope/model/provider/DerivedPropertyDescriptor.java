package org.infiniscope.model.provider;

import java.util.function.Function;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.util.ResourceLocator;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.ItemPropertyDescriptor;

/**
 * A read-only property computed from an element rather than stored in one feature: a link's state, width, speed and
 * rate from its two ends, a port's rate from its width and speed. {@link #getFeature} is null; the value is the text.
 */
public class DerivedPropertyDescriptor extends ItemPropertyDescriptor {

    private final String id;
    private final Function<Object, String> value;

    /**
     * @param id a stable id, such as {@code link.rate}
     * @param value the property's text for an element
     */
    public DerivedPropertyDescriptor(AdapterFactory adapterFactory, ResourceLocator resourceLocator, String id,
            String displayName, String description, String category, Function<Object, String> value) {
        super(adapterFactory, resourceLocator, displayName, description, (EStructuralFeature) null, false, false, false,
                GENERIC_VALUE_IMAGE, category, null);
        this.id = id;
        this.value = value;
    }

    @Override
    public String getId(Object object) {
        return id;
    }

    @Override
    public Object getPropertyValue(Object object) {
        return value.apply(object);
    }

    @Override
    public boolean isPropertySet(Object object) {
        return true;
    }

    @Override
    public boolean canSetProperty(Object object) {
        return false;
    }

    @Override
    public IItemLabelProvider getLabelProvider(Object object) {
        return new IItemLabelProvider() {
            @Override
            public String getText(Object v) {
                return v == null ? "" : v.toString();
            }

            @Override
            public Object getImage(Object v) {
                return null;
            }
        };
    }
}
