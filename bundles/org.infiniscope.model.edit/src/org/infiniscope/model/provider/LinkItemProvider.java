package org.infiniscope.model.provider;

import java.util.List;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.FabricPackage.Literals;
import org.infiniscope.model.Link;
import org.infiniscope.model.Port;

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
            addDerived("Link_state", "State",
                    o -> both((Link) o, p -> p.getState().getLiteral() + " / " + p.getPhysicalState().getLiteral()));
            addDerived("Link_width", "Width", o -> both((Link) o, p -> PortText.width(p.getWidthActive())));
            addDerived("Link_speed", "Speed",
                    o -> both((Link) o, p -> PortText.speed(p.getSpeedActive(), p.getSpeedExtActive())));
            addDerived("Link_rate", "Speed", o -> both((Link) o,
                    p -> PortText.rate(p.getWidthActive(), p.getSpeedActive(), p.getSpeedExtActive())));
        }
        return itemPropertyDescriptors;
    }

    /**
     * @return what both ends say, once when they agree ("Active / LinkUp"), else each end's ("4X at leaf001 port 3,
     *         1X at spine001 port 1"): a width or speed mismatch shows
     */
    static String both(Link link, java.util.function.Function<Port, String> of) {
        Port a = link.getEndA();
        Port b = link.getEndB();
        if (a == null || b == null) {
            return a != null ? of.apply(a) : b != null ? of.apply(b) : "";
        }
        String x = of.apply(a);
        String y = of.apply(b);
        if (x.equals(y)) {
            return x.isEmpty() ? "none" : x;
        }
        return (x.isEmpty() ? "none" : x) + " at " + end(a) + ", " + (y.isEmpty() ? "none" : y) + " at " + end(b);
    }

    private static String end(Port p) {
        return (p.getNode() == null ? "?" : NodeText.name(p.getNode())) + " port " + p.getNumber();
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
