package org.infiniscope.model.util;

import org.eclipse.emf.common.notify.Adapter;
import org.eclipse.emf.common.notify.Notifier;
import org.eclipse.emf.common.notify.impl.AdapterFactoryImpl;
import org.eclipse.emf.ecore.EObject;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;

/**
 * The <b>Adapter Factory</b> for the model: a {@code createXXX} method for each class.
 *
 * @generated
 */
public class FabricAdapterFactory extends AdapterFactoryImpl {

    /** The cached model package. @generated */
    protected static FabricPackage modelPackage;

    /** Creates an instance of the adapter factory. @generated */
    public FabricAdapterFactory() {
        if (modelPackage == null) {
            modelPackage = FabricPackage.eINSTANCE;
        }
    }

    /**
     * @return whether this factory is applicable for the type of the object: the model's package or one of its
     *         objects
     * @generated
     */
    @Override
    public boolean isFactoryForType(Object object) {
        if (object == modelPackage) {
            return true;
        }
        if (object instanceof EObject eObject) {
            return eObject.eClass().getEPackage() == modelPackage;
        }
        return false;
    }

    /** The switch that delegates to the {@code createXXX} methods. @generated */
    protected FabricSwitch<Adapter> modelSwitch = new FabricSwitch<>() {
        @Override
        public Adapter caseFabric(Fabric object) {
            return createFabricAdapter();
        }

        @Override
        public Adapter caseNode(Node object) {
            return createNodeAdapter();
        }

        @Override
        public Adapter casePort(Port object) {
            return createPortAdapter();
        }

        @Override
        public Adapter caseLink(Link object) {
            return createLinkAdapter();
        }

        @Override
        public Adapter defaultCase(EObject object) {
            return createEObjectAdapter();
        }
    };

    /** @generated */
    @Override
    public Adapter createAdapter(Notifier target) {
        return modelSwitch.doSwitch((EObject) target);
    }

    /** @return a new adapter for a {@link Fabric}; null by default @generated */
    public Adapter createFabricAdapter() {
        return null;
    }

    /** @return a new adapter for a {@link Node}; null by default @generated */
    public Adapter createNodeAdapter() {
        return null;
    }

    /** @return a new adapter for a {@link Port}; null by default @generated */
    public Adapter createPortAdapter() {
        return null;
    }

    /** @return a new adapter for a {@link Link}; null by default @generated */
    public Adapter createLinkAdapter() {
        return null;
    }

    /** @return a new adapter for the default case; null by default @generated */
    public Adapter createEObjectAdapter() {
        return null;
    }
}
