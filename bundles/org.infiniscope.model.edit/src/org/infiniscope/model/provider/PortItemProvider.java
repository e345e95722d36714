package org.infiniscope.model.provider;

import java.util.List;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.FabricPackage.Literals;
import org.infiniscope.model.Port;

/** The item provider of a {@link Port}: a leaf of the tree, with every PortInfo field as a property. */
public class PortItemProvider extends ModelItemProvider {

    /** @param adapterFactory the factory that made this provider */
    public PortItemProvider(AdapterFactory adapterFactory) {
        super(adapterFactory);
    }

    @Override
    public List<IItemPropertyDescriptor> getPropertyDescriptors(Object object) {
        if (itemPropertyDescriptors == null) {
            super.getPropertyDescriptors(object);
            addProperty(Literals.PORT__NUMBER, "Identity", decimal());
            addProperty(Literals.PORT__PORT_GUID, "Identity", guid());
            addProperty(Literals.PORT__LID, "Addressing", decimal());
            addProperty(Literals.PORT__LMC, "Addressing", ints(lmc -> lmc + " (" + (1 << lmc) + " LIDs)"));
            addProperty(Literals.PORT__STATE, "State", null);
            addProperty(Literals.PORT__PHYSICAL_STATE, "State", null);
            addProperty(Literals.PORT__REACHABLE, "State", null);
            addProperty(Literals.PORT__CAPABILITY_MASK, "State", hex(8));
            addProperty(Literals.PORT__WIDTH_ACTIVE, "Width", ints(w -> w == 0 ? "none" : PortText.width(w)));
            addProperty(Literals.PORT__WIDTH_ENABLED, "Width", ints(PortText::widths));
            addProperty(Literals.PORT__WIDTH_SUPPORTED, "Width", ints(PortText::widths));
            addProperty(Literals.PORT__SPEED_ACTIVE, "Speed", ints(PortText::speeds));
            addProperty(Literals.PORT__SPEED_ENABLED, "Speed", ints(PortText::speeds));
            addProperty(Literals.PORT__SPEED_SUPPORTED, "Speed", ints(PortText::speeds));
            addProperty(Literals.PORT__SPEED_EXT_ACTIVE, "Speed", ints(PortText::extSpeeds));
            addProperty(Literals.PORT__SPEED_EXT_ENABLED, "Speed", ints(PortText::extSpeeds));
            addProperty(Literals.PORT__SPEED_EXT_SUPPORTED, "Speed", ints(PortText::extSpeeds));
            addProperty(Literals.PORT__MTU, "Mtu", ints(PortText::mtu));
            addProperty(Literals.PORT__MAX_MTU, "Mtu", ints(PortText::mtu));
            addDerived("Port_rate", "Speed", o -> {
                Port p = (Port) o;
                String rate = PortText.rate(p.getWidthActive(), p.getSpeedActive(), p.getSpeedExtActive());
                return rate.isEmpty() ? "none" : rate;
            });
            addProperty(Literals.PORT__LINK, "Link", null);
            addProperty(Literals.PORT__REMOTE_PORT, "Link", null);
        }
        return itemPropertyDescriptors;
    }

    /** @return "leaf001 port 3 (LID 12) Active 4X HDR" */
    @Override
    public String getText(Object object) {
        return PortText.label((Port) object);
    }

    @Override
    public void notifyChanged(Notification notification) {
        updateChildren(notification);
        if (notification.getFeatureID(Port.class) == FabricPackage.PORT__NODE) {
            super.notifyChanged(notification);
        } else {
            fireViewerUpdate(notification, false);
        }
    }
}
