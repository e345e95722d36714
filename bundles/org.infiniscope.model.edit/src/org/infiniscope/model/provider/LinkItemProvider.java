package org.infiniscope.model.provider;

import java.util.List;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.FabricPackage.Literals;
import org.infiniscope.model.Link;

/** The item provider of a {@link Link}: its two ends as properties. */
public class LinkItemProvider extends ModelItemProvider {

    /** @param adapterFactory the factory that made this provider */
    public LinkItemProvider(AdapterFactory adapterFactory) {
        super(adapterFactory);
    }

    @Override
    public List<IItemPropertyDescriptor> getPropertyDescriptors(Object object) {
        if (itemPropertyDescriptors == null) {
            super.getPropertyDescriptors(object);
            addProperty(Literals.LINK__END_A, "Link", null);
            addProperty(Literals.LINK__END_B, "Link", null);
        }
        return itemPropertyDescriptors;
    }

    /** @return "leaf001 port 3 - spine001 port 1 (4X HDR)" */
    @Override
    public String getText(Object object) {
        return NodeText.label((Link) object);
    }

    @Override
    public void notifyChanged(Notification notification) {
        updateChildren(notification);
        if (notification.getFeatureID(Link.class) == FabricPackage.LINK__FABRIC) {
            super.notifyChanged(notification);
        } else {
            fireViewerUpdate(notification, false);
        }
    }
}
