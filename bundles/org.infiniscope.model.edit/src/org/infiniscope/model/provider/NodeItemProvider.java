package org.infiniscope.model.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.FabricPackage.Literals;
import org.infiniscope.model.Node;

/** The item provider of a {@link Node}: its ports as children. */
public class NodeItemProvider extends ModelItemProvider {

    /** @param adapterFactory the factory that made this provider */
    public NodeItemProvider(AdapterFactory adapterFactory) {
        super(adapterFactory);
    }

    @Override
    public List<IItemPropertyDescriptor> getPropertyDescriptors(Object object) {
        if (itemPropertyDescriptors == null) {
            super.getPropertyDescriptors(object);
            addProperty(Literals.NODE__TYPE, "Identity", null);
            addProperty(Literals.NODE__NODE_GUID, "Identity", guid());
            addProperty(Literals.NODE__SYSTEM_IMAGE_GUID, "Identity", guid());
            addProperty(Literals.NODE__DESCRIPTION, "Identity", null);
            addProperty(Literals.NODE__VENDOR_ID, "Identity", hex(6));
            addProperty(Literals.NODE__DEVICE_ID, "Identity", hex(4));
            addProperty(Literals.NODE__REVISION, "Identity", hex(8));
            addProperty(Literals.NODE__NUMBER_OF_PORTS, "Ports", decimal());
            addProperty(Literals.NODE__LID, "Addressing", ints(lid -> lid == 0 ? "none (per port)" : "" + lid));
            addProperty(Literals.NODE__ENHANCED_PORT0, "Ports", null);
        }
        return itemPropertyDescriptors;
    }

    @Override
    protected Collection<? extends EStructuralFeature> getChildrenFeatures(Object object) {
        if (childrenFeatures == null) {
            super.getChildrenFeatures(object);
            childrenFeatures.add(Literals.NODE__PORTS);
        }
        return childrenFeatures;
    }

    /** @return "leaf001 (Switch, LID 12)" */
    @Override
    public String getText(Object object) {
        return NodeText.label((Node) object);
    }

    @Override
    public void notifyChanged(Notification notification) {
        updateChildren(notification);
        switch (notification.getFeatureID(Node.class)) {
            case FabricPackage.NODE__PORTS :
                fireViewerUpdate(notification, true);
                return;
            case FabricPackage.NODE__FABRIC :
                super.notifyChanged(notification);
                return;
            default :
                fireViewerUpdate(notification, false);
        }
    }
}
