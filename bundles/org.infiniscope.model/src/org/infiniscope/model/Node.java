package org.infiniscope.model;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A representation of the model object '<em><b>Node</b></em>'. A switch, channel adapter or router, identified by its node GUID.
 *
 * @see org.infiniscope.model.FabricPackage#getNode()
 * @model
 * @generated
 */
@ProviderType
public interface Node extends EObject {
    /**
     * Returns the value of the '<em><b>Type</b></em>' attribute.
     * NodeInfo.NodeType.
     *
     * @return the value of the '<em>Type</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_Type()
     * @model
     * @generated
     */
    NodeType getType();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getType <em>Type</em>}' attribute.
     *
     * @param value the new value of the '<em>Type</em>' attribute
     * @see #getType()
     * @generated
     */
    void setType(NodeType value);

    /**
     * Returns the value of the '<em><b>NodeGuid</b></em>' attribute.
     * NodeInfo.NodeGUID: the node's identity in the model.
     *
     * @return the value of the '<em>NodeGuid</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_NodeGuid()
     * @model
     * @generated
     */
    long getNodeGuid();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getNodeGuid <em>NodeGuid</em>}' attribute.
     *
     * @param value the new value of the '<em>NodeGuid</em>' attribute
     * @see #getNodeGuid()
     * @generated
     */
    void setNodeGuid(long value);

    /**
     * Returns the value of the '<em><b>SystemImageGuid</b></em>' attribute.
     * NodeInfo.SystemImageGUID: shared by the nodes of one chassis or host.
     *
     * @return the value of the '<em>SystemImageGuid</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_SystemImageGuid()
     * @model
     * @generated
     */
    long getSystemImageGuid();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getSystemImageGuid <em>SystemImageGuid</em>}' attribute.
     *
     * @param value the new value of the '<em>SystemImageGuid</em>' attribute
     * @see #getSystemImageGuid()
     * @generated
     */
    void setSystemImageGuid(long value);

    /**
     * Returns the value of the '<em><b>Description</b></em>' attribute.
     * The NodeDescription text ("" when it could not be read).
     *
     * @return the value of the '<em>Description</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_Description()
     * @model
     * @generated
     */
    String getDescription();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getDescription <em>Description</em>}' attribute.
     *
     * @param value the new value of the '<em>Description</em>' attribute
     * @see #getDescription()
     * @generated
     */
    void setDescription(String value);

    /**
     * Returns the value of the '<em><b>VendorId</b></em>' attribute.
     * NodeInfo.VendorID (24 bits).
     *
     * @return the value of the '<em>VendorId</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_VendorId()
     * @model
     * @generated
     */
    int getVendorId();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getVendorId <em>VendorId</em>}' attribute.
     *
     * @param value the new value of the '<em>VendorId</em>' attribute
     * @see #getVendorId()
     * @generated
     */
    void setVendorId(int value);

    /**
     * Returns the value of the '<em><b>DeviceId</b></em>' attribute.
     * NodeInfo.DeviceID (16 bits).
     *
     * @return the value of the '<em>DeviceId</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_DeviceId()
     * @model
     * @generated
     */
    int getDeviceId();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getDeviceId <em>DeviceId</em>}' attribute.
     *
     * @param value the new value of the '<em>DeviceId</em>' attribute
     * @see #getDeviceId()
     * @generated
     */
    void setDeviceId(int value);

    /**
     * Returns the value of the '<em><b>Revision</b></em>' attribute.
     * NodeInfo.Revision (32 bits).
     *
     * @return the value of the '<em>Revision</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_Revision()
     * @model
     * @generated
     */
    int getRevision();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getRevision <em>Revision</em>}' attribute.
     *
     * @param value the new value of the '<em>Revision</em>' attribute
     * @see #getRevision()
     * @generated
     */
    void setRevision(int value);

    /**
     * Returns the value of the '<em><b>NumberOfPorts</b></em>' attribute.
     * NodeInfo.NumPorts: the external ports (a switch's port 0 not counted).
     *
     * @return the value of the '<em>NumberOfPorts</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_NumberOfPorts()
     * @model
     * @generated
     */
    int getNumberOfPorts();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#getNumberOfPorts <em>NumberOfPorts</em>}' attribute.
     *
     * @param value the new value of the '<em>NumberOfPorts</em>' attribute
     * @see #getNumberOfPorts()
     * @generated
     */
    void setNumberOfPorts(int value);

    /**
     * Returns the value of the '<em><b>Lid</b></em>' attribute.
     * A switch's LID, which is its port 0's; 0 for a CA or router, whose LIDs are per port.
     *
     * @return the value of the '<em>Lid</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_Lid()
     * @model
     * @generated
     */
    int getLid();

    /**
     * Returns the value of the '<em><b>EnhancedPort0</b></em>' attribute.
     * SwitchInfo.EnhancedPort0: a switch whose port 0 has a physical PortInfo of its own.
     *
     * @return the value of the '<em>EnhancedPort0</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getNode_EnhancedPort0()
     * @model
     * @generated
     */
    boolean isEnhancedPort0();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Node#isEnhancedPort0 <em>EnhancedPort0</em>}' attribute.
     *
     * @param value the new value of the '<em>EnhancedPort0</em>' attribute
     * @see #isEnhancedPort0()
     * @generated
     */
    void setEnhancedPort0(boolean value);

    /**
     * Returns the value of the '<em><b>Ports</b></em>' containment reference list.
     * The ports read, in number order (a switch's port 0 first).
     * <p>
     * It is bidirectional and its opposite is '{@link org.infiniscope.model.Port#getNode <em>Node</em>}'.
     *
     * @return the value of the '<em>Ports</em>' reference
     * @see org.infiniscope.model.FabricPackage#getNode_Ports()
     * @model
     * @generated
     */
    EList<Port> getPorts();

    /**
     * Returns the value of the '<em><b>Fabric</b></em>' container reference.
     * The fabric that contains the node.
     * <p>
     * It is bidirectional and its opposite is '{@link org.infiniscope.model.Fabric#getNodes <em>Nodes</em>}'.
     *
     * @return the value of the '<em>Fabric</em>' reference
     * @see org.infiniscope.model.FabricPackage#getNode_Fabric()
     * @model
     * @generated
     */
    Fabric getFabric();
}
