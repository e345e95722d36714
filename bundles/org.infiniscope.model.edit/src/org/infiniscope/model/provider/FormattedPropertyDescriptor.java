package org.infiniscope.model.provider;

import java.util.function.Function;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.util.ResourceLocator;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.emf.edit.provider.ItemPropertyDescriptor;

/**
 * A read-only property whose value is shown through a format that gives its unit or its meaning ("2048 bytes",
 * "HDR (53.125 Gb/s)", "0x0008f10400000100") instead of the raw number. The model changes only through the fabric
 * model service, so no property is settable.
 */
public class FormattedPropertyDescriptor extends ItemPropertyDescriptor {

    private final Function<Object, String> format;

    /**
     * @param format turns the feature's value (never a wrapper) into its text; null shows the value as EMF would
     */
    public FormattedPropertyDescriptor(AdapterFactory adapterFactory, ResourceLocator resourceLocator,
            String displayName, String description, EStructuralFeature feature, String category,
            Function<Object, String> format) {
        super(adapterFactory, resourceLocator, displayName, description, feature, false, false, false,
                GENERIC_VALUE_IMAGE, category, null);
        this.format = format;
    }

    @Override
    public IItemLabelProvider getLabelProvider(Object object) {
        if (format == null) {
            return super.getLabelProvider(object);
        }
        IItemLabelProvider standard = super.getLabelProvider(object);
        return new IItemLabelProvider() {
            @Override
            public String getText(Object value) {
                Object raw = value instanceof IItemPropertySource wrapper ? wrapper.getEditableValue(value) : value;
                return raw == null ? "" : format.apply(raw);
            }

            @Override
            public Object getImage(Object value) {
                return standard.getImage(value);
            }
        };
    }
}
