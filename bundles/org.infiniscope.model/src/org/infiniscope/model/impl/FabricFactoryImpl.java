package org.infiniscope.model.impl;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.impl.EFactoryImpl;
import org.eclipse.emf.ecore.plugin.EcorePlugin;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricFactory;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.PhysicalState;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;

/**
 * An implementation of the model <b>Factory</b>.
 *
 * @generated
 */
public class FabricFactoryImpl extends EFactoryImpl implements FabricFactory {

    /**
     * @return the default factory instance
     * @generated
     */
    public static FabricFactory init() {
        try {
            FabricFactory theFabricFactory = (FabricFactory) EPackage.Registry.INSTANCE
                    .getEFactory(FabricPackage.eNS_URI);
            if (theFabricFactory != null) {
                return theFabricFactory;
            }
        } catch (Exception exception) {
            EcorePlugin.INSTANCE.log(exception);
        }
        return new FabricFactoryImpl();
    }

    /** Creates an instance of the factory. @generated */
    public FabricFactoryImpl() {
        super();
    }

    /** @generated */
    @Override
    public EObject create(EClass eClass) {
        switch (eClass.getClassifierID()) {
            case FabricPackage.FABRIC :
                return createFabric();
            case FabricPackage.NODE :
                return createNode();
            case FabricPackage.PORT :
                return createPort();
            case FabricPackage.LINK :
                return createLink();
            default :
                throw new IllegalArgumentException("The class '" + eClass.getName() + "' is not a valid classifier");
        }
    }

    /** @generated */
    @Override
    public Object createFromString(EDataType eDataType, String initialValue) {
        switch (eDataType.getClassifierID()) {
            case FabricPackage.NODE_TYPE :
                return createNodeTypeFromString(eDataType, initialValue);
            case FabricPackage.PORT_STATE :
                return createPortStateFromString(eDataType, initialValue);
            case FabricPackage.PHYSICAL_STATE :
                return createPhysicalStateFromString(eDataType, initialValue);
            default :
                throw new IllegalArgumentException(
                        "The datatype '" + eDataType.getName() + "' is not a valid classifier");
        }
    }

    /** @generated */
    @Override
    public String convertToString(EDataType eDataType, Object instanceValue) {
        switch (eDataType.getClassifierID()) {
            case FabricPackage.NODE_TYPE :
                return convertNodeTypeToString(eDataType, instanceValue);
            case FabricPackage.PORT_STATE :
                return convertPortStateToString(eDataType, instanceValue);
            case FabricPackage.PHYSICAL_STATE :
                return convertPhysicalStateToString(eDataType, instanceValue);
            default :
                throw new IllegalArgumentException(
                        "The datatype '" + eDataType.getName() + "' is not a valid classifier");
        }
    }

    /** @generated */
    @Override
    public Fabric createFabric() {
        return new FabricImpl();
    }

    /** @generated */
    @Override
    public Node createNode() {
        return new NodeImpl();
    }

    /** @generated */
    @Override
    public Port createPort() {
        return new PortImpl();
    }

    /** @generated */
    @Override
    public Link createLink() {
        return new LinkImpl();
    }

    /** @generated */
    public NodeType createNodeTypeFromString(EDataType eDataType, String initialValue) {
        NodeType result = NodeType.get(initialValue);
        if (result == null) {
            throw new IllegalArgumentException(
                    "The value '" + initialValue + "' is not a valid enumerator of '" + eDataType.getName() + "'");
        }
        return result;
    }

    /** @generated */
    public String convertNodeTypeToString(EDataType eDataType, Object instanceValue) {
        return instanceValue == null ? null : instanceValue.toString();
    }

    /** @generated */
    public PortState createPortStateFromString(EDataType eDataType, String initialValue) {
        PortState result = PortState.get(initialValue);
        if (result == null) {
            throw new IllegalArgumentException(
                    "The value '" + initialValue + "' is not a valid enumerator of '" + eDataType.getName() + "'");
        }
        return result;
    }

    /** @generated */
    public String convertPortStateToString(EDataType eDataType, Object instanceValue) {
        return instanceValue == null ? null : instanceValue.toString();
    }

    /** @generated */
    public PhysicalState createPhysicalStateFromString(EDataType eDataType, String initialValue) {
        PhysicalState result = PhysicalState.get(initialValue);
        if (result == null) {
            throw new IllegalArgumentException(
                    "The value '" + initialValue + "' is not a valid enumerator of '" + eDataType.getName() + "'");
        }
        return result;
    }

    /** @generated */
    public String convertPhysicalStateToString(EDataType eDataType, Object instanceValue) {
        return instanceValue == null ? null : instanceValue.toString();
    }

    /** @generated */
    @Override
    public FabricPackage getFabricPackage() {
        return (FabricPackage) getEPackage();
    }
}
