package org.infiniscope.model.provider;

import java.util.Collection;
import java.util.List;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.FabricPackage.Literals;

/** The item provider of a {@link Fabric}: its nodes and links as children. */
public class FabricItemProvider extends ModelItemProvider {

    /** @param adapterFactory the factory that made this provider */
    public FabricItemProvider(AdapterFactory adapterFactory) {
        super(adapterFactory);
    }

    @Override
    public List<IItemPropertyDescriptor> getPropertyDescriptors(Object object) {
        if (itemPropertyDescriptors == null) {
            super.getPropertyDescriptors(object);
            addProperty(Literals.FABRIC__NAME, "Identity", null);
            addProperty(Literals.FABRIC__SWEEP_TIME, "Identity",
                    value -> ((java.util.Date) value).toInstant().toString());
            addProperty(Literals.FABRIC__SUBNET_PREFIX, "Subnet", guid());
            addProperty(Literals.FABRIC__SM_LID, "Subnet", ints(lid -> lid == 0 ? "none" : Integer.toString(lid)));
        }
        return itemPropertyDescriptors;
    }

    @Override
    protected Collection<? extends EStructuralFeature> getChildrenFeatures(Object object) {
        if (childrenFeatures == null) {
            super.getChildrenFeatures(object);
            childrenFeatures.add(Literals.FABRIC__NODES);
            childrenFeatures.add(Literals.FABRIC__LINKS);
        }
        return childrenFeatures;
    }

    /** @return "Fabric ft2 (20 nodes, 32 links)" */
    @Override
    public String getText(Object object) {
        Fabric fabric = (Fabric) object;
        String name = fabric.getName() == null || fabric.getName().isBlank() ? "" : " " + fabric.getName();
        return getString("_UI_Fabric_type") + name + " (" + fabric.getNodes().size() + " nodes, "
                + fabric.getLinks().size() + " links)";
    }

    @Override
    public void notifyChanged(Notification notification) {
        updateChildren(notification);
        switch (notification.getFeatureID(Fabric.class)) {
            case FabricPackage.FABRIC__NAME, FabricPackage.FABRIC__SWEEP_TIME, FabricPackage.FABRIC__SUBNET_PREFIX,
                    FabricPackage.FABRIC__SM_LID :
                fireViewerUpdate(notification, false);
                return;
            case FabricPackage.FABRIC__NODES, FabricPackage.FABRIC__LINKS :
                fireViewerUpdate(notification, true);
                return;
            default :
                super.notifyChanged(notification);
        }
    }
}
