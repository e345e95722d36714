package org.infiniscope.model;

import org.eclipse.emf.ecore.EFactory;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The <b>Factory</b> for the fabric model: a create method for each non-abstract class.
 *
 * @see org.infiniscope.model.FabricPackage
 * @generated
 */
@ProviderType
public interface FabricFactory extends EFactory {
    /** The singleton instance of the factory. @generated */
    FabricFactory eINSTANCE = org.infiniscope.model.impl.FabricFactoryImpl.init();

    /**
     * @return a new object of class '<em>Fabric</em>'
     * @generated
     */
    Fabric createFabric();

    /**
     * @return a new object of class '<em>Node</em>'
     * @generated
     */
    Node createNode();

    /**
     * @return a new object of class '<em>Port</em>'
     * @generated
     */
    Port createPort();

    /**
     * @return a new object of class '<em>Link</em>'
     * @generated
     */
    Link createLink();

    /**
     * @return the package supported by this factory
     * @generated
     */
    FabricPackage getFabricPackage();
}
