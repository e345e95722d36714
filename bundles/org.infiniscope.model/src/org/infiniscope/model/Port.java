package org.infiniscope.model;

import org.eclipse.emf.ecore.EObject;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A representation of the model object '<em><b>Port</b></em>'. One port of a node, as its PortInfo read; identified by its node and number.
 *
 * @see org.infiniscope.model.FabricPackage#getPort()
 * @model
 * @generated
 */
@ProviderType
public interface Port extends EObject {
    /**
     * Returns the value of the '<em><b>Number</b></em>' attribute.
     * The port number (0: a switch's management port).
     *
     * @return the value of the '<em>Number</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_Number()
     * @model
     * @generated
     */
    int getNumber();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getNumber <em>Number</em>}' attribute.
     *
     * @param value the new value of the '<em>Number</em>' attribute
     * @see #getNumber()
     * @generated
     */
    void setNumber(int value);

    /**
     * Returns the value of the '<em><b>PortGuid</b></em>' attribute.
     * The port GUID (a switch's ports share its port 0 GUID).
     *
     * @return the value of the '<em>PortGuid</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_PortGuid()
     * @model
     * @generated
     */
    long getPortGuid();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getPortGuid <em>PortGuid</em>}' attribute.
     *
     * @param value the new value of the '<em>PortGuid</em>' attribute
     * @see #getPortGuid()
     * @generated
     */
    void setPortGuid(long value);

    /**
     * Returns the value of the '<em><b>Lid</b></em>' attribute.
     * PortInfo.LID (a switch's external ports read 0; the switch's LID is port 0's).
     *
     * @return the value of the '<em>Lid</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_Lid()
     * @model
     * @generated
     */
    int getLid();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getLid <em>Lid</em>}' attribute.
     *
     * @param value the new value of the '<em>Lid</em>' attribute
     * @see #getLid()
     * @generated
     */
    void setLid(int value);

    /**
     * Returns the value of the '<em><b>Lmc</b></em>' attribute.
     * PortInfo.LMC: the port answers 2^LMC LIDs from its LID on.
     *
     * @return the value of the '<em>Lmc</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_Lmc()
     * @model
     * @generated
     */
    int getLmc();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getLmc <em>Lmc</em>}' attribute.
     *
     * @param value the new value of the '<em>Lmc</em>' attribute
     * @see #getLmc()
     * @generated
     */
    void setLmc(int value);

    /**
     * Returns the value of the '<em><b>State</b></em>' attribute.
     * PortInfo.PortState.
     *
     * @return the value of the '<em>State</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_State()
     * @model
     * @generated
     */
    PortState getState();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getState <em>State</em>}' attribute.
     *
     * @param value the new value of the '<em>State</em>' attribute
     * @see #getState()
     * @generated
     */
    void setState(PortState value);

    /**
     * Returns the value of the '<em><b>PhysicalState</b></em>' attribute.
     * PortInfo.PortPhysicalState.
     *
     * @return the value of the '<em>PhysicalState</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_PhysicalState()
     * @model
     * @generated
     */
    PhysicalState getPhysicalState();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getPhysicalState <em>PhysicalState</em>}' attribute.
     *
     * @param value the new value of the '<em>PhysicalState</em>' attribute
     * @see #getPhysicalState()
     * @generated
     */
    void setPhysicalState(PhysicalState value);

    /**
     * Returns the value of the '<em><b>WidthActive</b></em>' attribute.
     * PortInfo.LinkWidthActive: one bit, 1 1X, 2 4X, 4 8X, 8 12X, 16 2X.
     *
     * @return the value of the '<em>WidthActive</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_WidthActive()
     * @model
     * @generated
     */
    int getWidthActive();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getWidthActive <em>WidthActive</em>}' attribute.
     *
     * @param value the new value of the '<em>WidthActive</em>' attribute
     * @see #getWidthActive()
     * @generated
     */
    void setWidthActive(int value);

    /**
     * Returns the value of the '<em><b>WidthEnabled</b></em>' attribute.
     * PortInfo.LinkWidthEnabled: a mask of the bits of {@link #getWidthActive()}.
     *
     * @return the value of the '<em>WidthEnabled</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_WidthEnabled()
     * @model
     * @generated
     */
    int getWidthEnabled();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getWidthEnabled <em>WidthEnabled</em>}' attribute.
     *
     * @param value the new value of the '<em>WidthEnabled</em>' attribute
     * @see #getWidthEnabled()
     * @generated
     */
    void setWidthEnabled(int value);

    /**
     * Returns the value of the '<em><b>WidthSupported</b></em>' attribute.
     * PortInfo.LinkWidthSupported: a mask of the bits of {@link #getWidthActive()}.
     *
     * @return the value of the '<em>WidthSupported</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_WidthSupported()
     * @model
     * @generated
     */
    int getWidthSupported();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getWidthSupported <em>WidthSupported</em>}' attribute.
     *
     * @param value the new value of the '<em>WidthSupported</em>' attribute
     * @see #getWidthSupported()
     * @generated
     */
    void setWidthSupported(int value);

    /**
     * Returns the value of the '<em><b>SpeedActive</b></em>' attribute.
     * PortInfo.LinkSpeedActive: 1 SDR, 2 DDR, 4 QDR (0 when the speed is an extended one).
     *
     * @return the value of the '<em>SpeedActive</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_SpeedActive()
     * @model
     * @generated
     */
    int getSpeedActive();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getSpeedActive <em>SpeedActive</em>}' attribute.
     *
     * @param value the new value of the '<em>SpeedActive</em>' attribute
     * @see #getSpeedActive()
     * @generated
     */
    void setSpeedActive(int value);

    /**
     * Returns the value of the '<em><b>SpeedEnabled</b></em>' attribute.
     * PortInfo.LinkSpeedEnabled: a mask of the bits of {@link #getSpeedActive()}.
     *
     * @return the value of the '<em>SpeedEnabled</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_SpeedEnabled()
     * @model
     * @generated
     */
    int getSpeedEnabled();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getSpeedEnabled <em>SpeedEnabled</em>}' attribute.
     *
     * @param value the new value of the '<em>SpeedEnabled</em>' attribute
     * @see #getSpeedEnabled()
     * @generated
     */
    void setSpeedEnabled(int value);

    /**
     * Returns the value of the '<em><b>SpeedSupported</b></em>' attribute.
     * PortInfo.LinkSpeedSupported: a mask of the bits of {@link #getSpeedActive()}.
     *
     * @return the value of the '<em>SpeedSupported</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_SpeedSupported()
     * @model
     * @generated
     */
    int getSpeedSupported();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getSpeedSupported <em>SpeedSupported</em>}' attribute.
     *
     * @param value the new value of the '<em>SpeedSupported</em>' attribute
     * @see #getSpeedSupported()
     * @generated
     */
    void setSpeedSupported(int value);

    /**
     * Returns the value of the '<em><b>SpeedExtActive</b></em>' attribute.
     * PortInfo.LinkSpeedExtActive: 1 FDR, 2 EDR, 4 HDR, 8 NDR; 0 when the port has no extended speeds.
     *
     * @return the value of the '<em>SpeedExtActive</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_SpeedExtActive()
     * @model
     * @generated
     */
    int getSpeedExtActive();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getSpeedExtActive <em>SpeedExtActive</em>}' attribute.
     *
     * @param value the new value of the '<em>SpeedExtActive</em>' attribute
     * @see #getSpeedExtActive()
     * @generated
     */
    void setSpeedExtActive(int value);

    /**
     * Returns the value of the '<em><b>SpeedExtEnabled</b></em>' attribute.
     * PortInfo.LinkSpeedExtEnabled: a mask of the bits of {@link #getSpeedExtActive()} (30: disabled).
     *
     * @return the value of the '<em>SpeedExtEnabled</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_SpeedExtEnabled()
     * @model
     * @generated
     */
    int getSpeedExtEnabled();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getSpeedExtEnabled <em>SpeedExtEnabled</em>}' attribute.
     *
     * @param value the new value of the '<em>SpeedExtEnabled</em>' attribute
     * @see #getSpeedExtEnabled()
     * @generated
     */
    void setSpeedExtEnabled(int value);

    /**
     * Returns the value of the '<em><b>SpeedExtSupported</b></em>' attribute.
     * PortInfo.LinkSpeedExtSupported: a mask of the bits of {@link #getSpeedExtActive()}.
     *
     * @return the value of the '<em>SpeedExtSupported</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_SpeedExtSupported()
     * @model
     * @generated
     */
    int getSpeedExtSupported();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getSpeedExtSupported <em>SpeedExtSupported</em>}' attribute.
     *
     * @param value the new value of the '<em>SpeedExtSupported</em>' attribute
     * @see #getSpeedExtSupported()
     * @generated
     */
    void setSpeedExtSupported(int value);

    /**
     * Returns the value of the '<em><b>Mtu</b></em>' attribute.
     * The active MTU in bytes (PortInfo.NeighborMTU: 256 to 4096), 0 when unknown.
     *
     * @return the value of the '<em>Mtu</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_Mtu()
     * @model
     * @generated
     */
    int getMtu();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getMtu <em>Mtu</em>}' attribute.
     *
     * @param value the new value of the '<em>Mtu</em>' attribute
     * @see #getMtu()
     * @generated
     */
    void setMtu(int value);

    /**
     * Returns the value of the '<em><b>MaxMtu</b></em>' attribute.
     * The largest MTU the port supports in bytes (PortInfo.MTUCap), 0 when unknown.
     *
     * @return the value of the '<em>MaxMtu</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_MaxMtu()
     * @model
     * @generated
     */
    int getMaxMtu();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getMaxMtu <em>MaxMtu</em>}' attribute.
     *
     * @param value the new value of the '<em>MaxMtu</em>' attribute
     * @see #getMaxMtu()
     * @generated
     */
    void setMaxMtu(int value);

    /**
     * Returns the value of the '<em><b>CapabilityMask</b></em>' attribute.
     * PortInfo.CapabilityMask.
     *
     * @return the value of the '<em>CapabilityMask</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_CapabilityMask()
     * @model
     * @generated
     */
    int getCapabilityMask();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getCapabilityMask <em>CapabilityMask</em>}' attribute.
     *
     * @param value the new value of the '<em>CapabilityMask</em>' attribute
     * @see #getCapabilityMask()
     * @generated
     */
    void setCapabilityMask(int value);

    /**
     * Returns the value of the '<em><b>Reachable</b></em>' attribute.
     * False when the port's PortInfo, or the node behind its link, never answered.
     *
     * @return the value of the '<em>Reachable</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getPort_Reachable()
     * @model
     * @generated
     */
    boolean isReachable();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#isReachable <em>Reachable</em>}' attribute.
     *
     * @param value the new value of the '<em>Reachable</em>' attribute
     * @see #isReachable()
     * @generated
     */
    void setReachable(boolean value);

    /**
     * Returns the value of the '<em><b>Link</b></em>' reference.
     * The link cabled to this port, or null.
     *
     * @return the value of the '<em>Link</em>' reference
     * @see org.infiniscope.model.FabricPackage#getPort_Link()
     * @model
     * @generated
     */
    Link getLink();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Port#getLink <em>Link</em>}' reference.
     *
     * @param value the new value of the '<em>Link</em>' reference
     * @see #getLink()
     * @generated
     */
    void setLink(Link value);

    /**
     * Returns the value of the '<em><b>RemotePort</b></em>' reference.
     * The port at the other end of {@link #getLink()}, or null.
     *
     * @return the value of the '<em>RemotePort</em>' reference
     * @see org.infiniscope.model.FabricPackage#getPort_RemotePort()
     * @model
     * @generated
     */
    Port getRemotePort();

    /**
     * Returns the value of the '<em><b>Node</b></em>' container reference.
     * The node that contains the port.
     * <p>
     * It is bidirectional and its opposite is '{@link org.infiniscope.model.Node#getPorts <em>Ports</em>}'.
     *
     * @return the value of the '<em>Node</em>' reference
     * @see org.infiniscope.model.FabricPackage#getPort_Node()
     * @model
     * @generated
     */
    Node getNode();
}
