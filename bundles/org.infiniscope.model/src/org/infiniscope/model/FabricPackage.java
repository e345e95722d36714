package org.infiniscope.model;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The <b>Package</b> for the fabric model ({@code model/fabric.ecore}): the meta objects for each class, each
 * feature of each class, each enum, and each data type.
 *
 * @see org.infiniscope.model.FabricFactory
 * @model kind="package"
 * @generated
 */
@ProviderType
public interface FabricPackage extends EPackage {
    /** The package name. @generated */
    String eNAME = "model";

    /** The package namespace URI. @generated */
    String eNS_URI = "http://infiniscope.org/model/fabric/0.1";

    /** The package namespace name. @generated */
    String eNS_PREFIX = "fabric";

    /** The singleton instance of the package. @generated */
    FabricPackage eINSTANCE = org.infiniscope.model.impl.FabricPackageImpl.init();

    /**
     * The meta object id for the '{@link org.infiniscope.model.impl.FabricImpl <em>Fabric</em>}' class.
     *
     * @see org.infiniscope.model.impl.FabricPackageImpl#getFabric()
     * @generated
     */
    int FABRIC = 0;
    /** The feature id for the '<em><b>Name</b></em>' attribute. @generated @ordered */
    int FABRIC__NAME = 0;
    /** The feature id for the '<em><b>SweepTime</b></em>' attribute. @generated @ordered */
    int FABRIC__SWEEP_TIME = 1;
    /** The feature id for the '<em><b>SubnetPrefix</b></em>' attribute. @generated @ordered */
    int FABRIC__SUBNET_PREFIX = 2;
    /** The feature id for the '<em><b>SmLid</b></em>' attribute. @generated @ordered */
    int FABRIC__SM_LID = 3;
    /** The feature id for the '<em><b>Nodes</b></em>' reference. @generated @ordered */
    int FABRIC__NODES = 4;
    /** The feature id for the '<em><b>Links</b></em>' reference. @generated @ordered */
    int FABRIC__LINKS = 5;
    /** The number of structural features of the '<em>Fabric</em>' class. @generated @ordered */
    int FABRIC_FEATURE_COUNT = 6;

    /** The number of operations of the '<em>Fabric</em>' class. @generated @ordered */
    int FABRIC_OPERATION_COUNT = 0;
    /**
     * The meta object id for the '{@link org.infiniscope.model.impl.NodeImpl <em>Node</em>}' class.
     *
     * @see org.infiniscope.model.impl.FabricPackageImpl#getNode()
     * @generated
     */
    int NODE = 1;
    /** The feature id for the '<em><b>Type</b></em>' attribute. @generated @ordered */
    int NODE__TYPE = 0;
    /** The feature id for the '<em><b>NodeGuid</b></em>' attribute. @generated @ordered */
    int NODE__NODE_GUID = 1;
    /** The feature id for the '<em><b>SystemImageGuid</b></em>' attribute. @generated @ordered */
    int NODE__SYSTEM_IMAGE_GUID = 2;
    /** The feature id for the '<em><b>Description</b></em>' attribute. @generated @ordered */
    int NODE__DESCRIPTION = 3;
    /** The feature id for the '<em><b>VendorId</b></em>' attribute. @generated @ordered */
    int NODE__VENDOR_ID = 4;
    /** The feature id for the '<em><b>DeviceId</b></em>' attribute. @generated @ordered */
    int NODE__DEVICE_ID = 5;
    /** The feature id for the '<em><b>Revision</b></em>' attribute. @generated @ordered */
    int NODE__REVISION = 6;
    /** The feature id for the '<em><b>NumberOfPorts</b></em>' attribute. @generated @ordered */
    int NODE__NUMBER_OF_PORTS = 7;
    /** The feature id for the '<em><b>Lid</b></em>' attribute. @generated @ordered */
    int NODE__LID = 8;
    /** The feature id for the '<em><b>EnhancedPort0</b></em>' attribute. @generated @ordered */
    int NODE__ENHANCED_PORT0 = 9;
    /** The feature id for the '<em><b>Ports</b></em>' reference. @generated @ordered */
    int NODE__PORTS = 10;
    /** The feature id for the '<em><b>Fabric</b></em>' reference. @generated @ordered */
    int NODE__FABRIC = 11;
    /** The number of structural features of the '<em>Node</em>' class. @generated @ordered */
    int NODE_FEATURE_COUNT = 12;

    /** The number of operations of the '<em>Node</em>' class. @generated @ordered */
    int NODE_OPERATION_COUNT = 0;
    /**
     * The meta object id for the '{@link org.infiniscope.model.impl.PortImpl <em>Port</em>}' class.
     *
     * @see org.infiniscope.model.impl.FabricPackageImpl#getPort()
     * @generated
     */
    int PORT = 2;
    /** The feature id for the '<em><b>Number</b></em>' attribute. @generated @ordered */
    int PORT__NUMBER = 0;
    /** The feature id for the '<em><b>PortGuid</b></em>' attribute. @generated @ordered */
    int PORT__PORT_GUID = 1;
    /** The feature id for the '<em><b>Lid</b></em>' attribute. @generated @ordered */
    int PORT__LID = 2;
    /** The feature id for the '<em><b>Lmc</b></em>' attribute. @generated @ordered */
    int PORT__LMC = 3;
    /** The feature id for the '<em><b>State</b></em>' attribute. @generated @ordered */
    int PORT__STATE = 4;
    /** The feature id for the '<em><b>PhysicalState</b></em>' attribute. @generated @ordered */
    int PORT__PHYSICAL_STATE = 5;
    /** The feature id for the '<em><b>WidthActive</b></em>' attribute. @generated @ordered */
    int PORT__WIDTH_ACTIVE = 6;
    /** The feature id for the '<em><b>WidthEnabled</b></em>' attribute. @generated @ordered */
    int PORT__WIDTH_ENABLED = 7;
    /** The feature id for the '<em><b>WidthSupported</b></em>' attribute. @generated @ordered */
    int PORT__WIDTH_SUPPORTED = 8;
    /** The feature id for the '<em><b>SpeedActive</b></em>' attribute. @generated @ordered */
    int PORT__SPEED_ACTIVE = 9;
    /** The feature id for the '<em><b>SpeedEnabled</b></em>' attribute. @generated @ordered */
    int PORT__SPEED_ENABLED = 10;
    /** The feature id for the '<em><b>SpeedSupported</b></em>' attribute. @generated @ordered */
    int PORT__SPEED_SUPPORTED = 11;
    /** The feature id for the '<em><b>SpeedExtActive</b></em>' attribute. @generated @ordered */
    int PORT__SPEED_EXT_ACTIVE = 12;
    /** The feature id for the '<em><b>SpeedExtEnabled</b></em>' attribute. @generated @ordered */
    int PORT__SPEED_EXT_ENABLED = 13;
    /** The feature id for the '<em><b>SpeedExtSupported</b></em>' attribute. @generated @ordered */
    int PORT__SPEED_EXT_SUPPORTED = 14;
    /** The feature id for the '<em><b>Mtu</b></em>' attribute. @generated @ordered */
    int PORT__MTU = 15;
    /** The feature id for the '<em><b>MaxMtu</b></em>' attribute. @generated @ordered */
    int PORT__MAX_MTU = 16;
    /** The feature id for the '<em><b>CapabilityMask</b></em>' attribute. @generated @ordered */
    int PORT__CAPABILITY_MASK = 17;
    /** The feature id for the '<em><b>Reachable</b></em>' attribute. @generated @ordered */
    int PORT__REACHABLE = 18;
    /** The feature id for the '<em><b>Link</b></em>' reference. @generated @ordered */
    int PORT__LINK = 19;
    /** The feature id for the '<em><b>RemotePort</b></em>' reference. @generated @ordered */
    int PORT__REMOTE_PORT = 20;
    /** The feature id for the '<em><b>Node</b></em>' reference. @generated @ordered */
    int PORT__NODE = 21;
    /** The number of structural features of the '<em>Port</em>' class. @generated @ordered */
    int PORT_FEATURE_COUNT = 22;

    /** The number of operations of the '<em>Port</em>' class. @generated @ordered */
    int PORT_OPERATION_COUNT = 0;
    /**
     * The meta object id for the '{@link org.infiniscope.model.impl.LinkImpl <em>Link</em>}' class.
     *
     * @see org.infiniscope.model.impl.FabricPackageImpl#getLink()
     * @generated
     */
    int LINK = 3;
    /** The feature id for the '<em><b>EndA</b></em>' reference. @generated @ordered */
    int LINK__END_A = 0;
    /** The feature id for the '<em><b>EndB</b></em>' reference. @generated @ordered */
    int LINK__END_B = 1;
    /** The feature id for the '<em><b>Fabric</b></em>' reference. @generated @ordered */
    int LINK__FABRIC = 2;
    /** The number of structural features of the '<em>Link</em>' class. @generated @ordered */
    int LINK_FEATURE_COUNT = 3;

    /** The number of operations of the '<em>Link</em>' class. @generated @ordered */
    int LINK_OPERATION_COUNT = 0;
    /**
     * The meta object id for the '{@link org.infiniscope.model.NodeType <em>NodeType</em>}' enum.
     *
     * @see org.infiniscope.model.impl.FabricPackageImpl#getNodeType()
     * @generated
     */
    int NODE_TYPE = 4;
    /**
     * The meta object id for the '{@link org.infiniscope.model.PortState <em>PortState</em>}' enum.
     *
     * @see org.infiniscope.model.impl.FabricPackageImpl#getPortState()
     * @generated
     */
    int PORT_STATE = 5;
    /**
     * The meta object id for the '{@link org.infiniscope.model.PhysicalState <em>PhysicalState</em>}' enum.
     *
     * @see org.infiniscope.model.impl.FabricPackageImpl#getPhysicalState()
     * @generated
     */
    int PHYSICAL_STATE = 6;

    /**
     * @return the meta object for class '{@link org.infiniscope.model.Fabric <em>Fabric</em>}'
     * @generated
     */
    EClass getFabric();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Fabric#getName <em>Name</em>}'
     * @generated
     */
    EAttribute getFabric_Name();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Fabric#getSweepTime <em>SweepTime</em>}'
     * @generated
     */
    EAttribute getFabric_SweepTime();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Fabric#getSubnetPrefix <em>SubnetPrefix</em>}'
     * @generated
     */
    EAttribute getFabric_SubnetPrefix();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Fabric#getSmLid <em>SmLid</em>}'
     * @generated
     */
    EAttribute getFabric_SmLid();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Fabric#getNodes <em>Nodes</em>}'
     * @generated
     */
    EReference getFabric_Nodes();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Fabric#getLinks <em>Links</em>}'
     * @generated
     */
    EReference getFabric_Links();
    /**
     * @return the meta object for class '{@link org.infiniscope.model.Node <em>Node</em>}'
     * @generated
     */
    EClass getNode();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getType <em>Type</em>}'
     * @generated
     */
    EAttribute getNode_Type();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getNodeGuid <em>NodeGuid</em>}'
     * @generated
     */
    EAttribute getNode_NodeGuid();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getSystemImageGuid <em>SystemImageGuid</em>}'
     * @generated
     */
    EAttribute getNode_SystemImageGuid();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getDescription <em>Description</em>}'
     * @generated
     */
    EAttribute getNode_Description();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getVendorId <em>VendorId</em>}'
     * @generated
     */
    EAttribute getNode_VendorId();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getDeviceId <em>DeviceId</em>}'
     * @generated
     */
    EAttribute getNode_DeviceId();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getRevision <em>Revision</em>}'
     * @generated
     */
    EAttribute getNode_Revision();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getNumberOfPorts <em>NumberOfPorts</em>}'
     * @generated
     */
    EAttribute getNode_NumberOfPorts();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#getLid <em>Lid</em>}'
     * @generated
     */
    EAttribute getNode_Lid();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Node#isEnhancedPort0 <em>EnhancedPort0</em>}'
     * @generated
     */
    EAttribute getNode_EnhancedPort0();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Node#getPorts <em>Ports</em>}'
     * @generated
     */
    EReference getNode_Ports();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Node#getFabric <em>Fabric</em>}'
     * @generated
     */
    EReference getNode_Fabric();
    /**
     * @return the meta object for class '{@link org.infiniscope.model.Port <em>Port</em>}'
     * @generated
     */
    EClass getPort();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getNumber <em>Number</em>}'
     * @generated
     */
    EAttribute getPort_Number();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getPortGuid <em>PortGuid</em>}'
     * @generated
     */
    EAttribute getPort_PortGuid();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getLid <em>Lid</em>}'
     * @generated
     */
    EAttribute getPort_Lid();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getLmc <em>Lmc</em>}'
     * @generated
     */
    EAttribute getPort_Lmc();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getState <em>State</em>}'
     * @generated
     */
    EAttribute getPort_State();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getPhysicalState <em>PhysicalState</em>}'
     * @generated
     */
    EAttribute getPort_PhysicalState();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getWidthActive <em>WidthActive</em>}'
     * @generated
     */
    EAttribute getPort_WidthActive();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getWidthEnabled <em>WidthEnabled</em>}'
     * @generated
     */
    EAttribute getPort_WidthEnabled();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getWidthSupported <em>WidthSupported</em>}'
     * @generated
     */
    EAttribute getPort_WidthSupported();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getSpeedActive <em>SpeedActive</em>}'
     * @generated
     */
    EAttribute getPort_SpeedActive();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getSpeedEnabled <em>SpeedEnabled</em>}'
     * @generated
     */
    EAttribute getPort_SpeedEnabled();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getSpeedSupported <em>SpeedSupported</em>}'
     * @generated
     */
    EAttribute getPort_SpeedSupported();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getSpeedExtActive <em>SpeedExtActive</em>}'
     * @generated
     */
    EAttribute getPort_SpeedExtActive();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getSpeedExtEnabled <em>SpeedExtEnabled</em>}'
     * @generated
     */
    EAttribute getPort_SpeedExtEnabled();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getSpeedExtSupported <em>SpeedExtSupported</em>}'
     * @generated
     */
    EAttribute getPort_SpeedExtSupported();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getMtu <em>Mtu</em>}'
     * @generated
     */
    EAttribute getPort_Mtu();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getMaxMtu <em>MaxMtu</em>}'
     * @generated
     */
    EAttribute getPort_MaxMtu();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#getCapabilityMask <em>CapabilityMask</em>}'
     * @generated
     */
    EAttribute getPort_CapabilityMask();
    /**
     * @return the meta object for the attribute '{@link org.infiniscope.model.Port#isReachable <em>Reachable</em>}'
     * @generated
     */
    EAttribute getPort_Reachable();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Port#getLink <em>Link</em>}'
     * @generated
     */
    EReference getPort_Link();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Port#getRemotePort <em>RemotePort</em>}'
     * @generated
     */
    EReference getPort_RemotePort();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Port#getNode <em>Node</em>}'
     * @generated
     */
    EReference getPort_Node();
    /**
     * @return the meta object for class '{@link org.infiniscope.model.Link <em>Link</em>}'
     * @generated
     */
    EClass getLink();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Link#getEndA <em>EndA</em>}'
     * @generated
     */
    EReference getLink_EndA();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Link#getEndB <em>EndB</em>}'
     * @generated
     */
    EReference getLink_EndB();
    /**
     * @return the meta object for the reference '{@link org.infiniscope.model.Link#getFabric <em>Fabric</em>}'
     * @generated
     */
    EReference getLink_Fabric();
    /**
     * @return the meta object for enum '{@link org.infiniscope.model.NodeType <em>NodeType</em>}'
     * @generated
     */
    EEnum getNodeType();
    /**
     * @return the meta object for enum '{@link org.infiniscope.model.PortState <em>PortState</em>}'
     * @generated
     */
    EEnum getPortState();
    /**
     * @return the meta object for enum '{@link org.infiniscope.model.PhysicalState <em>PhysicalState</em>}'
     * @generated
     */
    EEnum getPhysicalState();

    /**
     * @return the factory that creates the instances of the model
     * @generated
     */
    FabricFactory getFabricFactory();

    /**
     * Defines literals for the meta objects that represent each class, each feature of each class, each enum,
     * and each data type.
     *
     * @generated
     */
    interface Literals {
        /** The meta object literal for the '{@link org.infiniscope.model.impl.FabricImpl <em>Fabric</em>}' class. @generated */
        EClass FABRIC = eINSTANCE.getFabric();
        /** The meta object literal for the '<em><b>Name</b></em>' attribute feature. @generated */
        EAttribute FABRIC__NAME = eINSTANCE.getFabric_Name();
        /** The meta object literal for the '<em><b>SweepTime</b></em>' attribute feature. @generated */
        EAttribute FABRIC__SWEEP_TIME = eINSTANCE.getFabric_SweepTime();
        /** The meta object literal for the '<em><b>SubnetPrefix</b></em>' attribute feature. @generated */
        EAttribute FABRIC__SUBNET_PREFIX = eINSTANCE.getFabric_SubnetPrefix();
        /** The meta object literal for the '<em><b>SmLid</b></em>' attribute feature. @generated */
        EAttribute FABRIC__SM_LID = eINSTANCE.getFabric_SmLid();
        /** The meta object literal for the '<em><b>Nodes</b></em>' reference feature. @generated */
        EReference FABRIC__NODES = eINSTANCE.getFabric_Nodes();
        /** The meta object literal for the '<em><b>Links</b></em>' reference feature. @generated */
        EReference FABRIC__LINKS = eINSTANCE.getFabric_Links();
        /** The meta object literal for the '{@link org.infiniscope.model.impl.NodeImpl <em>Node</em>}' class. @generated */
        EClass NODE = eINSTANCE.getNode();
        /** The meta object literal for the '<em><b>Type</b></em>' attribute feature. @generated */
        EAttribute NODE__TYPE = eINSTANCE.getNode_Type();
        /** The meta object literal for the '<em><b>NodeGuid</b></em>' attribute feature. @generated */
        EAttribute NODE__NODE_GUID = eINSTANCE.getNode_NodeGuid();
        /** The meta object literal for the '<em><b>SystemImageGuid</b></em>' attribute feature. @generated */
        EAttribute NODE__SYSTEM_IMAGE_GUID = eINSTANCE.getNode_SystemImageGuid();
        /** The meta object literal for the '<em><b>Description</b></em>' attribute feature. @generated */
        EAttribute NODE__DESCRIPTION = eINSTANCE.getNode_Description();
        /** The meta object literal for the '<em><b>VendorId</b></em>' attribute feature. @generated */
        EAttribute NODE__VENDOR_ID = eINSTANCE.getNode_VendorId();
        /** The meta object literal for the '<em><b>DeviceId</b></em>' attribute feature. @generated */
        EAttribute NODE__DEVICE_ID = eINSTANCE.getNode_DeviceId();
        /** The meta object literal for the '<em><b>Revision</b></em>' attribute feature. @generated */
        EAttribute NODE__REVISION = eINSTANCE.getNode_Revision();
        /** The meta object literal for the '<em><b>NumberOfPorts</b></em>' attribute feature. @generated */
        EAttribute NODE__NUMBER_OF_PORTS = eINSTANCE.getNode_NumberOfPorts();
        /** The meta object literal for the '<em><b>Lid</b></em>' attribute feature. @generated */
        EAttribute NODE__LID = eINSTANCE.getNode_Lid();
        /** The meta object literal for the '<em><b>EnhancedPort0</b></em>' attribute feature. @generated */
        EAttribute NODE__ENHANCED_PORT0 = eINSTANCE.getNode_EnhancedPort0();
        /** The meta object literal for the '<em><b>Ports</b></em>' reference feature. @generated */
        EReference NODE__PORTS = eINSTANCE.getNode_Ports();
        /** The meta object literal for the '<em><b>Fabric</b></em>' reference feature. @generated */
        EReference NODE__FABRIC = eINSTANCE.getNode_Fabric();
        /** The meta object literal for the '{@link org.infiniscope.model.impl.PortImpl <em>Port</em>}' class. @generated */
        EClass PORT = eINSTANCE.getPort();
        /** The meta object literal for the '<em><b>Number</b></em>' attribute feature. @generated */
        EAttribute PORT__NUMBER = eINSTANCE.getPort_Number();
        /** The meta object literal for the '<em><b>PortGuid</b></em>' attribute feature. @generated */
        EAttribute PORT__PORT_GUID = eINSTANCE.getPort_PortGuid();
        /** The meta object literal for the '<em><b>Lid</b></em>' attribute feature. @generated */
        EAttribute PORT__LID = eINSTANCE.getPort_Lid();
        /** The meta object literal for the '<em><b>Lmc</b></em>' attribute feature. @generated */
        EAttribute PORT__LMC = eINSTANCE.getPort_Lmc();
        /** The meta object literal for the '<em><b>State</b></em>' attribute feature. @generated */
        EAttribute PORT__STATE = eINSTANCE.getPort_State();
        /** The meta object literal for the '<em><b>PhysicalState</b></em>' attribute feature. @generated */
        EAttribute PORT__PHYSICAL_STATE = eINSTANCE.getPort_PhysicalState();
        /** The meta object literal for the '<em><b>WidthActive</b></em>' attribute feature. @generated */
        EAttribute PORT__WIDTH_ACTIVE = eINSTANCE.getPort_WidthActive();
        /** The meta object literal for the '<em><b>WidthEnabled</b></em>' attribute feature. @generated */
        EAttribute PORT__WIDTH_ENABLED = eINSTANCE.getPort_WidthEnabled();
        /** The meta object literal for the '<em><b>WidthSupported</b></em>' attribute feature. @generated */
        EAttribute PORT__WIDTH_SUPPORTED = eINSTANCE.getPort_WidthSupported();
        /** The meta object literal for the '<em><b>SpeedActive</b></em>' attribute feature. @generated */
        EAttribute PORT__SPEED_ACTIVE = eINSTANCE.getPort_SpeedActive();
        /** The meta object literal for the '<em><b>SpeedEnabled</b></em>' attribute feature. @generated */
        EAttribute PORT__SPEED_ENABLED = eINSTANCE.getPort_SpeedEnabled();
        /** The meta object literal for the '<em><b>SpeedSupported</b></em>' attribute feature. @generated */
        EAttribute PORT__SPEED_SUPPORTED = eINSTANCE.getPort_SpeedSupported();
        /** The meta object literal for the '<em><b>SpeedExtActive</b></em>' attribute feature. @generated */
        EAttribute PORT__SPEED_EXT_ACTIVE = eINSTANCE.getPort_SpeedExtActive();
        /** The meta object literal for the '<em><b>SpeedExtEnabled</b></em>' attribute feature. @generated */
        EAttribute PORT__SPEED_EXT_ENABLED = eINSTANCE.getPort_SpeedExtEnabled();
        /** The meta object literal for the '<em><b>SpeedExtSupported</b></em>' attribute feature. @generated */
        EAttribute PORT__SPEED_EXT_SUPPORTED = eINSTANCE.getPort_SpeedExtSupported();
        /** The meta object literal for the '<em><b>Mtu</b></em>' attribute feature. @generated */
        EAttribute PORT__MTU = eINSTANCE.getPort_Mtu();
        /** The meta object literal for the '<em><b>MaxMtu</b></em>' attribute feature. @generated */
        EAttribute PORT__MAX_MTU = eINSTANCE.getPort_MaxMtu();
        /** The meta object literal for the '<em><b>CapabilityMask</b></em>' attribute feature. @generated */
        EAttribute PORT__CAPABILITY_MASK = eINSTANCE.getPort_CapabilityMask();
        /** The meta object literal for the '<em><b>Reachable</b></em>' attribute feature. @generated */
        EAttribute PORT__REACHABLE = eINSTANCE.getPort_Reachable();
        /** The meta object literal for the '<em><b>Link</b></em>' reference feature. @generated */
        EReference PORT__LINK = eINSTANCE.getPort_Link();
        /** The meta object literal for the '<em><b>RemotePort</b></em>' reference feature. @generated */
        EReference PORT__REMOTE_PORT = eINSTANCE.getPort_RemotePort();
        /** The meta object literal for the '<em><b>Node</b></em>' reference feature. @generated */
        EReference PORT__NODE = eINSTANCE.getPort_Node();
        /** The meta object literal for the '{@link org.infiniscope.model.impl.LinkImpl <em>Link</em>}' class. @generated */
        EClass LINK = eINSTANCE.getLink();
        /** The meta object literal for the '<em><b>EndA</b></em>' reference feature. @generated */
        EReference LINK__END_A = eINSTANCE.getLink_EndA();
        /** The meta object literal for the '<em><b>EndB</b></em>' reference feature. @generated */
        EReference LINK__END_B = eINSTANCE.getLink_EndB();
        /** The meta object literal for the '<em><b>Fabric</b></em>' reference feature. @generated */
        EReference LINK__FABRIC = eINSTANCE.getLink_Fabric();
        /** The meta object literal for the '{@link org.infiniscope.model.NodeType <em>NodeType</em>}' enum. @generated */
        EEnum NODE_TYPE = eINSTANCE.getNodeType();
        /** The meta object literal for the '{@link org.infiniscope.model.PortState <em>PortState</em>}' enum. @generated */
        EEnum PORT_STATE = eINSTANCE.getPortState();
        /** The meta object literal for the '{@link org.infiniscope.model.PhysicalState <em>PhysicalState</em>}' enum. @generated */
        EEnum PHYSICAL_STATE = eINSTANCE.getPhysicalState();
    }
}
