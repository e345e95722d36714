package org.infiniscope.model.util;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.util.Switch;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.Port;

/**
 * The <b>Switch</b> for the model's inheritance hierarchy: {@link #doSwitch(EObject)} calls the {@code caseXXX}
 * method for each class of the object's type until one returns non-null.
 *
 * @param <T> the result type
 * @generated
 */
public class FabricSwitch<T> extends Switch<T> {

    /** The cached model package. @generated */
    protected static FabricPackage modelPackage;

    /** Creates an instance of the switch. @generated */
    public FabricSwitch() {
        if (modelPackage == null) {
            modelPackage = FabricPackage.eINSTANCE;
        }
    }

    /** @generated */
    @Override
    protected boolean isSwitchFor(EPackage ePackage) {
        return ePackage == modelPackage;
    }

    /** @generated */
    @Override
    protected T doSwitch(int classifierID, EObject theEObject) {
        switch (classifierID) {
            case FabricPackage.FABRIC : {
                T result = caseFabric((Fabric) theEObject);
                return result == null ? defaultCase(theEObject) : result;
            }
            case FabricPackage.NODE : {
                T result = caseNode((Node) theEObject);
                return result == null ? defaultCase(theEObject) : result;
            }
            case FabricPackage.PORT : {
                T result = casePort((Port) theEObject);
                return result == null ? defaultCase(theEObject) : result;
            }
            case FabricPackage.LINK : {
                T result = caseLink((Link) theEObject);
                return result == null ? defaultCase(theEObject) : result;
            }
            default :
                return defaultCase(theEObject);
        }
    }

    /**
     * @param object the target of the switch
     * @return the result of interpreting the object as an instance of '<em>Fabric</em>'; null by default
     * @generated
     */
    public T caseFabric(Fabric object) {
        return null;
    }

    /**
     * @param object the target of the switch
     * @return the result of interpreting the object as an instance of '<em>Node</em>'; null by default
     * @generated
     */
    public T caseNode(Node object) {
        return null;
    }

    /**
     * @param object the target of the switch
     * @return the result of interpreting the object as an instance of '<em>Port</em>'; null by default
     * @generated
     */
    public T casePort(Port object) {
        return null;
    }

    /**
     * @param object the target of the switch
     * @return the result of interpreting the object as an instance of '<em>Link</em>'; null by default
     * @generated
     */
    public T caseLink(Link object) {
        return null;
    }

    /**
     * @param object the target of the switch
     * @return the result of interpreting the object as an instance of '<em>EObject</em>'; null by default
     * @generated
     */
    @Override
    public T defaultCase(EObject object) {
        return null;
    }
}
