package org.infiniscope.model.impl;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.impl.EPackageImpl;
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
 * An implementation of the model <b>Package</b>: builds the meta objects of {@code model/fabric.ecore} in code,
 * as EMF's generator does.
 *
 * @generated
 */
public class FabricPackageImpl extends EPackageImpl implements FabricPackage {
    private EClass fabricEClass = null;
    private EClass nodeEClass = null;
    private EClass portEClass = null;
    private EClass linkEClass = null;
    private EEnum nodeTypeEEnum = null;
    private EEnum portStateEEnum = null;
    private EEnum physicalStateEEnum = null;

    private static boolean isInited = false;
    private boolean isCreated = false;
    private boolean isInitialized = false;

    /**
     * Creates the package; register it with {@link EPackage.Registry} through {@link #init()} only.
     *
     * @generated
     */
    private FabricPackageImpl() {
        super(eNS_URI, FabricFactory.eINSTANCE);
    }

    /**
     * Creates, registers and initializes the <b>Package</b> for this model, and for any others upon which it
     * depends.
     *
     * @return the initialized package
     * @generated
     */
    public static FabricPackage init() {
        if (isInited) {
            return (FabricPackage) EPackage.Registry.INSTANCE.getEPackage(FabricPackage.eNS_URI);
        }
        Object registered = EPackage.Registry.INSTANCE.get(eNS_URI);
        FabricPackageImpl thePackage = registered instanceof FabricPackageImpl impl ? impl : new FabricPackageImpl();
        isInited = true;
        thePackage.createPackageContents();
        thePackage.initializePackageContents();
        thePackage.freeze();
        EPackage.Registry.INSTANCE.put(FabricPackage.eNS_URI, thePackage);
        return thePackage;
    }

    /** @generated */
    @Override
    public EClass getFabric() {
        return fabricEClass;
    }
    /** @generated */
    @Override
    public EAttribute getFabric_Name() {
        return (EAttribute) fabricEClass.getEStructuralFeatures().get(0);
    }
    /** @generated */
    @Override
    public EAttribute getFabric_SweepTime() {
        return (EAttribute) fabricEClass.getEStructuralFeatures().get(1);
    }
    /** @generated */
    @Override
    public EAttribute getFabric_SubnetPrefix() {
        return (EAttribute) fabricEClass.getEStructuralFeatures().get(2);
    }
    /** @generated */
    @Override
    public EAttribute getFabric_SmLid() {
        return (EAttribute) fabricEClass.getEStructuralFeatures().get(3);
    }
    /** @generated */
    @Override
    public EReference getFabric_Nodes() {
        return (EReference) fabricEClass.getEStructuralFeatures().get(4);
    }
    /** @generated */
    @Override
    public EReference getFabric_Links() {
        return (EReference) fabricEClass.getEStructuralFeatures().get(5);
    }
    /** @generated */
    @Override
    public EClass getNode() {
        return nodeEClass;
    }
    /** @generated */
    @Override
    public EAttribute getNode_Type() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(0);
    }
    /** @generated */
    @Override
    public EAttribute getNode_NodeGuid() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(1);
    }
    /** @generated */
    @Override
    public EAttribute getNode_SystemImageGuid() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(2);
    }
    /** @generated */
    @Override
    public EAttribute getNode_Description() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(3);
    }
    /** @generated */
    @Override
    public EAttribute getNode_VendorId() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(4);
    }
    /** @generated */
    @Override
    public EAttribute getNode_DeviceId() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(5);
    }
    /** @generated */
    @Override
    public EAttribute getNode_Revision() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(6);
    }
    /** @generated */
    @Override
    public EAttribute getNode_NumberOfPorts() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(7);
    }
    /** @generated */
    @Override
    public EAttribute getNode_Lid() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(8);
    }
    /** @generated */
    @Override
    public EAttribute getNode_EnhancedPort0() {
        return (EAttribute) nodeEClass.getEStructuralFeatures().get(9);
    }
    /** @generated */
    @Override
    public EReference getNode_Ports() {
        return (EReference) nodeEClass.getEStructuralFeatures().get(10);
    }
    /** @generated */
    @Override
    public EReference getNode_Fabric() {
        return (EReference) nodeEClass.getEStructuralFeatures().get(11);
    }
    /** @generated */
    @Override
    public EClass getPort() {
        return portEClass;
    }
    /** @generated */
    @Override
    public EAttribute getPort_Number() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(0);
    }
    /** @generated */
    @Override
    public EAttribute getPort_PortGuid() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(1);
    }
    /** @generated */
    @Override
    public EAttribute getPort_Lid() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(2);
    }
    /** @generated */
    @Override
    public EAttribute getPort_Lmc() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(3);
    }
    /** @generated */
    @Override
    public EAttribute getPort_State() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(4);
    }
    /** @generated */
    @Override
    public EAttribute getPort_PhysicalState() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(5);
    }
    /** @generated */
    @Override
    public EAttribute getPort_WidthActive() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(6);
    }
    /** @generated */
    @Override
    public EAttribute getPort_WidthEnabled() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(7);
    }
    /** @generated */
    @Override
    public EAttribute getPort_WidthSupported() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(8);
    }
    /** @generated */
    @Override
    public EAttribute getPort_SpeedActive() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(9);
    }
    /** @generated */
    @Override
    public EAttribute getPort_SpeedEnabled() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(10);
    }
    /** @generated */
    @Override
    public EAttribute getPort_SpeedSupported() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(11);
    }
    /** @generated */
    @Override
    public EAttribute getPort_SpeedExtActive() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(12);
    }
    /** @generated */
    @Override
    public EAttribute getPort_SpeedExtEnabled() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(13);
    }
    /** @generated */
    @Override
    public EAttribute getPort_SpeedExtSupported() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(14);
    }
    /** @generated */
    @Override
    public EAttribute getPort_Mtu() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(15);
    }
    /** @generated */
    @Override
    public EAttribute getPort_MaxMtu() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(16);
    }
    /** @generated */
    @Override
    public EAttribute getPort_CapabilityMask() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(17);
    }
    /** @generated */
    @Override
    public EAttribute getPort_Reachable() {
        return (EAttribute) portEClass.getEStructuralFeatures().get(18);
    }
    /** @generated */
    @Override
    public EReference getPort_Link() {
        return (EReference) portEClass.getEStructuralFeatures().get(19);
    }
    /** @generated */
    @Override
    public EReference getPort_RemotePort() {
        return (EReference) portEClass.getEStructuralFeatures().get(20);
    }
    /** @generated */
    @Override
    public EReference getPort_Node() {
        return (EReference) portEClass.getEStructuralFeatures().get(21);
    }
    /** @generated */
    @Override
    public EClass getLink() {
        return linkEClass;
    }
    /** @generated */
    @Override
    public EReference getLink_EndA() {
        return (EReference) linkEClass.getEStructuralFeatures().get(0);
    }
    /** @generated */
    @Override
    public EReference getLink_EndB() {
        return (EReference) linkEClass.getEStructuralFeatures().get(1);
    }
    /** @generated */
    @Override
    public EReference getLink_Fabric() {
        return (EReference) linkEClass.getEStructuralFeatures().get(2);
    }
    /** @generated */
    @Override
    public EEnum getNodeType() {
        return nodeTypeEEnum;
    }
    /** @generated */
    @Override
    public EEnum getPortState() {
        return portStateEEnum;
    }
    /** @generated */
    @Override
    public EEnum getPhysicalState() {
        return physicalStateEEnum;
    }

    /** @generated */
    @Override
    public FabricFactory getFabricFactory() {
        return (FabricFactory) getEFactoryInstance();
    }

    /**
     * Creates the meta-model objects for the package. This method is guarded to have no affect on any invocation
     * but its first.
     *
     * @generated
     */
    public void createPackageContents() {
        if (isCreated) {
            return;
        }
        isCreated = true;
        fabricEClass = createEClass(FABRIC);
        createEAttribute(fabricEClass, FABRIC__NAME);
        createEAttribute(fabricEClass, FABRIC__SWEEP_TIME);
        createEAttribute(fabricEClass, FABRIC__SUBNET_PREFIX);
        createEAttribute(fabricEClass, FABRIC__SM_LID);
        createEReference(fabricEClass, FABRIC__NODES);
        createEReference(fabricEClass, FABRIC__LINKS);
        nodeEClass = createEClass(NODE);
        createEAttribute(nodeEClass, NODE__TYPE);
        createEAttribute(nodeEClass, NODE__NODE_GUID);
        createEAttribute(nodeEClass, NODE__SYSTEM_IMAGE_GUID);
        createEAttribute(nodeEClass, NODE__DESCRIPTION);
        createEAttribute(nodeEClass, NODE__VENDOR_ID);
        createEAttribute(nodeEClass, NODE__DEVICE_ID);
        createEAttribute(nodeEClass, NODE__REVISION);
        createEAttribute(nodeEClass, NODE__NUMBER_OF_PORTS);
        createEAttribute(nodeEClass, NODE__LID);
        createEAttribute(nodeEClass, NODE__ENHANCED_PORT0);
        createEReference(nodeEClass, NODE__PORTS);
        createEReference(nodeEClass, NODE__FABRIC);
        portEClass = createEClass(PORT);
        createEAttribute(portEClass, PORT__NUMBER);
        createEAttribute(portEClass, PORT__PORT_GUID);
        createEAttribute(portEClass, PORT__LID);
        createEAttribute(portEClass, PORT__LMC);
        createEAttribute(portEClass, PORT__STATE);
        createEAttribute(portEClass, PORT__PHYSICAL_STATE);
        createEAttribute(portEClass, PORT__WIDTH_ACTIVE);
        createEAttribute(portEClass, PORT__WIDTH_ENABLED);
        createEAttribute(portEClass, PORT__WIDTH_SUPPORTED);
        createEAttribute(portEClass, PORT__SPEED_ACTIVE);
        createEAttribute(portEClass, PORT__SPEED_ENABLED);
        createEAttribute(portEClass, PORT__SPEED_SUPPORTED);
        createEAttribute(portEClass, PORT__SPEED_EXT_ACTIVE);
        createEAttribute(portEClass, PORT__SPEED_EXT_ENABLED);
        createEAttribute(portEClass, PORT__SPEED_EXT_SUPPORTED);
        createEAttribute(portEClass, PORT__MTU);
        createEAttribute(portEClass, PORT__MAX_MTU);
        createEAttribute(portEClass, PORT__CAPABILITY_MASK);
        createEAttribute(portEClass, PORT__REACHABLE);
        createEReference(portEClass, PORT__LINK);
        createEReference(portEClass, PORT__REMOTE_PORT);
        createEReference(portEClass, PORT__NODE);
        linkEClass = createEClass(LINK);
        createEReference(linkEClass, LINK__END_A);
        createEReference(linkEClass, LINK__END_B);
        createEReference(linkEClass, LINK__FABRIC);
        nodeTypeEEnum = createEEnum(NODE_TYPE);
        portStateEEnum = createEEnum(PORT_STATE);
        physicalStateEEnum = createEEnum(PHYSICAL_STATE);
    }

    /**
     * Completes the initialization of the package and its meta-model. This method is guarded to have no affect on
     * any invocation but its first.
     *
     * @generated
     */
    public void initializePackageContents() {
        if (isInitialized) {
            return;
        }
        isInitialized = true;
        setName(eNAME);
        setNsPrefix(eNS_PREFIX);
        setNsURI(eNS_URI);

        initEClass(fabricEClass, Fabric.class, "Fabric", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getFabric_Name(), ecorePackage.getEString(), "name", null, 0, 1, Fabric.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getFabric_SweepTime(), ecorePackage.getEDate(), "sweepTime", null, 0, 1, Fabric.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getFabric_SubnetPrefix(), ecorePackage.getELong(), "subnetPrefix", null, 0, 1, Fabric.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getFabric_SmLid(), ecorePackage.getEInt(), "smLid", null, 0, 1, Fabric.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getFabric_Nodes(), this.getNode(), this.getNode_Fabric(), "nodes", null, 0, -1, Fabric.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE,
                IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getFabric_Links(), this.getLink(), this.getLink_Fabric(), "links", null, 0, -1, Fabric.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE,
                IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEClass(nodeEClass, Node.class, "Node", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getNode_Type(), this.getNodeType(), "type", null, 0, 1, Node.class, !IS_TRANSIENT, !IS_VOLATILE,
                IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_NodeGuid(), ecorePackage.getELong(), "nodeGuid", null, 0, 1, Node.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_SystemImageGuid(), ecorePackage.getELong(), "systemImageGuid", null, 0, 1, Node.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_Description(), ecorePackage.getEString(), "description", "", 0, 1, Node.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_VendorId(), ecorePackage.getEInt(), "vendorId", null, 0, 1, Node.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_DeviceId(), ecorePackage.getEInt(), "deviceId", null, 0, 1, Node.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_Revision(), ecorePackage.getEInt(), "revision", null, 0, 1, Node.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_NumberOfPorts(), ecorePackage.getEInt(), "numberOfPorts", null, 0, 1, Node.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_Lid(), ecorePackage.getEInt(), "lid", null, 0, 1, Node.class, IS_TRANSIENT, IS_VOLATILE,
                !IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, IS_DERIVED, IS_ORDERED);
        initEAttribute(getNode_EnhancedPort0(), ecorePackage.getEBoolean(), "enhancedPort0", null, 0, 1, Node.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getNode_Ports(), this.getPort(), this.getPort_Node(), "ports", null, 0, -1, Node.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE,
                IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getNode_Fabric(), this.getFabric(), this.getFabric_Nodes(), "fabric", null, 0, 1, Node.class,
                IS_TRANSIENT, !IS_VOLATILE, !IS_CHANGEABLE, !IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE,
                IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEClass(portEClass, Port.class, "Port", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEAttribute(getPort_Number(), ecorePackage.getEInt(), "number", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_PortGuid(), ecorePackage.getELong(), "portGuid", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_Lid(), ecorePackage.getEInt(), "lid", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_Lmc(), ecorePackage.getEInt(), "lmc", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_State(), this.getPortState(), "state", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_PhysicalState(), this.getPhysicalState(), "physicalState", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_WidthActive(), ecorePackage.getEInt(), "widthActive", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_WidthEnabled(), ecorePackage.getEInt(), "widthEnabled", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_WidthSupported(), ecorePackage.getEInt(), "widthSupported", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_SpeedActive(), ecorePackage.getEInt(), "speedActive", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_SpeedEnabled(), ecorePackage.getEInt(), "speedEnabled", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_SpeedSupported(), ecorePackage.getEInt(), "speedSupported", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_SpeedExtActive(), ecorePackage.getEInt(), "speedExtActive", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_SpeedExtEnabled(), ecorePackage.getEInt(), "speedExtEnabled", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_SpeedExtSupported(), ecorePackage.getEInt(), "speedExtSupported", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_Mtu(), ecorePackage.getEInt(), "mtu", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_MaxMtu(), ecorePackage.getEInt(), "maxMtu", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_CapabilityMask(), ecorePackage.getEInt(), "capabilityMask", null, 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEAttribute(getPort_Reachable(), ecorePackage.getEBoolean(), "reachable", "true", 0, 1, Port.class,
                !IS_TRANSIENT, !IS_VOLATILE, IS_CHANGEABLE, !IS_UNSETTABLE, !IS_ID, IS_UNIQUE, !IS_DERIVED, IS_ORDERED);
        initEReference(getPort_Link(), this.getLink(), null, "link", null, 0, 1, Port.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE, IS_UNIQUE, !IS_DERIVED,
                IS_ORDERED);
        initEReference(getPort_RemotePort(), this.getPort(), null, "remotePort", null, 0, 1, Port.class, IS_TRANSIENT,
                IS_VOLATILE, !IS_CHANGEABLE, !IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE, IS_UNIQUE, IS_DERIVED,
                IS_ORDERED);
        initEReference(getPort_Node(), this.getNode(), this.getNode_Ports(), "node", null, 0, 1, Port.class,
                IS_TRANSIENT, !IS_VOLATILE, !IS_CHANGEABLE, !IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE,
                IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEClass(linkEClass, Link.class, "Link", !IS_ABSTRACT, !IS_INTERFACE, IS_GENERATED_INSTANCE_CLASS);
        initEReference(getLink_EndA(), this.getPort(), null, "endA", null, 1, 1, Link.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE, IS_UNIQUE, !IS_DERIVED,
                IS_ORDERED);
        initEReference(getLink_EndB(), this.getPort(), null, "endB", null, 1, 1, Link.class, !IS_TRANSIENT,
                !IS_VOLATILE, IS_CHANGEABLE, !IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE, IS_UNIQUE, !IS_DERIVED,
                IS_ORDERED);
        initEReference(getLink_Fabric(), this.getFabric(), this.getFabric_Links(), "fabric", null, 0, 1, Link.class,
                IS_TRANSIENT, !IS_VOLATILE, !IS_CHANGEABLE, !IS_COMPOSITE, !IS_RESOLVE_PROXIES, !IS_UNSETTABLE,
                IS_UNIQUE, !IS_DERIVED, IS_ORDERED);

        initEEnum(nodeTypeEEnum, NodeType.class, "NodeType");
        addEEnumLiteral(nodeTypeEEnum, NodeType.CA);
        addEEnumLiteral(nodeTypeEEnum, NodeType.SWITCH);
        addEEnumLiteral(nodeTypeEEnum, NodeType.ROUTER);

        initEEnum(portStateEEnum, PortState.class, "PortState");
        addEEnumLiteral(portStateEEnum, PortState.UNKNOWN);
        addEEnumLiteral(portStateEEnum, PortState.DOWN);
        addEEnumLiteral(portStateEEnum, PortState.INITIALIZE);
        addEEnumLiteral(portStateEEnum, PortState.ARMED);
        addEEnumLiteral(portStateEEnum, PortState.ACTIVE);

        initEEnum(physicalStateEEnum, PhysicalState.class, "PhysicalState");
        addEEnumLiteral(physicalStateEEnum, PhysicalState.UNKNOWN);
        addEEnumLiteral(physicalStateEEnum, PhysicalState.SLEEP);
        addEEnumLiteral(physicalStateEEnum, PhysicalState.POLLING);
        addEEnumLiteral(physicalStateEEnum, PhysicalState.DISABLED);
        addEEnumLiteral(physicalStateEEnum, PhysicalState.PORT_CONFIGURATION_TRAINING);
        addEEnumLiteral(physicalStateEEnum, PhysicalState.LINK_UP);
        addEEnumLiteral(physicalStateEEnum, PhysicalState.LINK_ERROR_RECOVERY);
        addEEnumLiteral(physicalStateEEnum, PhysicalState.PHY_TEST);

        createResource(eNS_URI);
    }
}
