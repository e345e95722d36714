package org.infiniscope.model.impl;

import java.util.Collection;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.common.notify.NotificationChain;
import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.emf.ecore.impl.ENotificationImpl;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;
import org.eclipse.emf.ecore.util.EObjectContainmentWithInverseEList;
import org.eclipse.emf.ecore.util.InternalEList;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;

/**
 * An implementation of the model object '<em><b>Node</b></em>'.
 *
 * @generated
 */
public class NodeImpl extends MinimalEObjectImpl.Container implements Node {
    /** The default value of the '{@link #getType() <em>Type</em>}' attribute. @generated @ordered */
    protected static final NodeType TYPE_EDEFAULT = NodeType.CA;

    /** The cached value of the '{@link #getType() <em>Type</em>}' attribute. @generated @ordered */
    protected NodeType type = TYPE_EDEFAULT;

    /** The default value of the '{@link #getNodeGuid() <em>NodeGuid</em>}' attribute. @generated @ordered */
    protected static final long NODE_GUID_EDEFAULT = 0L;

    /** The cached value of the '{@link #getNodeGuid() <em>NodeGuid</em>}' attribute. @generated @ordered */
    protected long nodeGuid = NODE_GUID_EDEFAULT;

    /** The default value of the '{@link #getSystemImageGuid() <em>SystemImageGuid</em>}' attribute. @generated @ordered */
    protected static final long SYSTEM_IMAGE_GUID_EDEFAULT = 0L;

    /** The cached value of the '{@link #getSystemImageGuid() <em>SystemImageGuid</em>}' attribute. @generated @ordered */
    protected long systemImageGuid = SYSTEM_IMAGE_GUID_EDEFAULT;

    /** The default value of the '{@link #getDescription() <em>Description</em>}' attribute. @generated @ordered */
    protected static final String DESCRIPTION_EDEFAULT = "";

    /** The cached value of the '{@link #getDescription() <em>Description</em>}' attribute. @generated @ordered */
    protected String description = DESCRIPTION_EDEFAULT;

    /** The default value of the '{@link #getVendorId() <em>VendorId</em>}' attribute. @generated @ordered */
    protected static final int VENDOR_ID_EDEFAULT = 0;

    /** The cached value of the '{@link #getVendorId() <em>VendorId</em>}' attribute. @generated @ordered */
    protected int vendorId = VENDOR_ID_EDEFAULT;

    /** The default value of the '{@link #getDeviceId() <em>DeviceId</em>}' attribute. @generated @ordered */
    protected static final int DEVICE_ID_EDEFAULT = 0;

    /** The cached value of the '{@link #getDeviceId() <em>DeviceId</em>}' attribute. @generated @ordered */
    protected int deviceId = DEVICE_ID_EDEFAULT;

    /** The default value of the '{@link #getRevision() <em>Revision</em>}' attribute. @generated @ordered */
    protected static final int REVISION_EDEFAULT = 0;

    /** The cached value of the '{@link #getRevision() <em>Revision</em>}' attribute. @generated @ordered */
    protected int revision = REVISION_EDEFAULT;

    /** The default value of the '{@link #getNumberOfPorts() <em>NumberOfPorts</em>}' attribute. @generated @ordered */
    protected static final int NUMBER_OF_PORTS_EDEFAULT = 0;

    /** The cached value of the '{@link #getNumberOfPorts() <em>NumberOfPorts</em>}' attribute. @generated @ordered */
    protected int numberOfPorts = NUMBER_OF_PORTS_EDEFAULT;

    /** The default value of the '{@link #getLid() <em>Lid</em>}' attribute. @generated @ordered */
    protected static final int LID_EDEFAULT = 0;

    /** The default value of the '{@link #isEnhancedPort0() <em>EnhancedPort0</em>}' attribute. @generated @ordered */
    protected static final boolean ENHANCED_PORT0_EDEFAULT = false;

    /** The cached value of the '{@link #isEnhancedPort0() <em>EnhancedPort0</em>}' attribute. @generated @ordered */
    protected boolean enhancedPort0 = ENHANCED_PORT0_EDEFAULT;

    /** The cached value of the '{@link #getPorts() <em>Ports</em>}' containment reference list. @generated @ordered */
    protected EList<Port> ports;

    /** @generated */
    protected NodeImpl() {
        super();
    }

    /** @generated */
    @Override
    protected EClass eStaticClass() {
        return FabricPackage.Literals.NODE;
    }

    /** @generated */
    @Override
    public NodeType getType() {
        return type;
    }

    /** @generated */
    @Override
    public void setType(NodeType newType) {
        NodeType oldType = type;
        type = newType == null ? TYPE_EDEFAULT : newType;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__TYPE, oldType, type));
        }
    }

    /** @generated */
    @Override
    public long getNodeGuid() {
        return nodeGuid;
    }

    /** @generated */
    @Override
    public void setNodeGuid(long newNodeGuid) {
        long oldNodeGuid = nodeGuid;
        nodeGuid = newNodeGuid;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__NODE_GUID, oldNodeGuid,
                    nodeGuid));
        }
    }

    /** @generated */
    @Override
    public long getSystemImageGuid() {
        return systemImageGuid;
    }

    /** @generated */
    @Override
    public void setSystemImageGuid(long newSystemImageGuid) {
        long oldSystemImageGuid = systemImageGuid;
        systemImageGuid = newSystemImageGuid;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__SYSTEM_IMAGE_GUID,
                    oldSystemImageGuid, systemImageGuid));
        }
    }

    /** @generated */
    @Override
    public String getDescription() {
        return description;
    }

    /** @generated */
    @Override
    public void setDescription(String newDescription) {
        String oldDescription = description;
        description = newDescription;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__DESCRIPTION, oldDescription,
                    description));
        }
    }

    /** @generated */
    @Override
    public int getVendorId() {
        return vendorId;
    }

    /** @generated */
    @Override
    public void setVendorId(int newVendorId) {
        int oldVendorId = vendorId;
        vendorId = newVendorId;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__VENDOR_ID, oldVendorId,
                    vendorId));
        }
    }

    /** @generated */
    @Override
    public int getDeviceId() {
        return deviceId;
    }

    /** @generated */
    @Override
    public void setDeviceId(int newDeviceId) {
        int oldDeviceId = deviceId;
        deviceId = newDeviceId;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__DEVICE_ID, oldDeviceId,
                    deviceId));
        }
    }

    /** @generated */
    @Override
    public int getRevision() {
        return revision;
    }

    /** @generated */
    @Override
    public void setRevision(int newRevision) {
        int oldRevision = revision;
        revision = newRevision;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__REVISION, oldRevision, revision));
        }
    }

    /** @generated */
    @Override
    public int getNumberOfPorts() {
        return numberOfPorts;
    }

    /** @generated */
    @Override
    public void setNumberOfPorts(int newNumberOfPorts) {
        int oldNumberOfPorts = numberOfPorts;
        numberOfPorts = newNumberOfPorts;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__NUMBER_OF_PORTS, oldNumberOfPorts,
                    numberOfPorts));
        }
    }

    /** @generated NOT: derived */
    @Override
    public int getLid() {
        if (type != NodeType.SWITCH || ports == null) {
            return LID_EDEFAULT;
        }
        for (Port port : ports) {
            if (port.getNumber() == 0) {
                return port.getLid();
            }
        }
        return LID_EDEFAULT;
    }

    /** @generated */
    @Override
    public boolean isEnhancedPort0() {
        return enhancedPort0;
    }

    /** @generated */
    @Override
    public void setEnhancedPort0(boolean newEnhancedPort0) {
        boolean oldEnhancedPort0 = enhancedPort0;
        enhancedPort0 = newEnhancedPort0;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.NODE__ENHANCED_PORT0, oldEnhancedPort0,
                    enhancedPort0));
        }
    }

    /** @generated */
    @Override
    public EList<Port> getPorts() {
        if (ports == null) {
            ports = new EObjectContainmentWithInverseEList<Port>(Port.class, this, FabricPackage.NODE__PORTS,
                    FabricPackage.PORT__NODE);
        }
        return ports;
    }

    /** @generated */
    @Override
    public Fabric getFabric() {
        if (eContainerFeatureID() != FabricPackage.NODE__FABRIC) {
            return null;
        }
        return (Fabric) eInternalContainer();
    }

    /** @generated */
    @Override
    @SuppressWarnings("unchecked")
    public NotificationChain eInverseAdd(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.NODE__PORTS :
                return ((InternalEList<InternalEObject>) (InternalEList<?>) getPorts()).basicAdd(otherEnd, msgs);
            case FabricPackage.NODE__FABRIC :
                if (eInternalContainer() != null) {
                    msgs = eBasicRemoveFromContainer(msgs);
                }
                return eBasicSetContainer(otherEnd, FabricPackage.NODE__FABRIC, msgs);
            default :
                return super.eInverseAdd(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public NotificationChain eInverseRemove(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.NODE__PORTS :
                return ((InternalEList<?>) getPorts()).basicRemove(otherEnd, msgs);
            case FabricPackage.NODE__FABRIC :
                return eBasicSetContainer(null, FabricPackage.NODE__FABRIC, msgs);
            default :
                return super.eInverseRemove(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public NotificationChain eBasicRemoveFromContainerFeature(NotificationChain msgs) {
        switch (eContainerFeatureID()) {
            case FabricPackage.NODE__FABRIC :
                return eInternalContainer().eInverseRemove(this, FabricPackage.FABRIC__NODES, Fabric.class, msgs);
            default :
                return super.eBasicRemoveFromContainerFeature(msgs);
        }
    }

    /** @generated */
    @Override
    public Object eGet(int featureID, boolean resolve, boolean coreType) {
        switch (featureID) {
            case FabricPackage.NODE__TYPE :
                return getType();
            case FabricPackage.NODE__NODE_GUID :
                return getNodeGuid();
            case FabricPackage.NODE__SYSTEM_IMAGE_GUID :
                return getSystemImageGuid();
            case FabricPackage.NODE__DESCRIPTION :
                return getDescription();
            case FabricPackage.NODE__VENDOR_ID :
                return getVendorId();
            case FabricPackage.NODE__DEVICE_ID :
                return getDeviceId();
            case FabricPackage.NODE__REVISION :
                return getRevision();
            case FabricPackage.NODE__NUMBER_OF_PORTS :
                return getNumberOfPorts();
            case FabricPackage.NODE__LID :
                return getLid();
            case FabricPackage.NODE__ENHANCED_PORT0 :
                return isEnhancedPort0();
            case FabricPackage.NODE__PORTS :
                return getPorts();
            case FabricPackage.NODE__FABRIC :
                return getFabric();
            default :
                return super.eGet(featureID, resolve, coreType);
        }
    }

    /** @generated */
    @Override
    @SuppressWarnings("unchecked")
    public void eSet(int featureID, Object newValue) {
        switch (featureID) {
            case FabricPackage.NODE__TYPE :
                setType((NodeType) newValue);
                return;
            case FabricPackage.NODE__NODE_GUID :
                setNodeGuid((Long) newValue);
                return;
            case FabricPackage.NODE__SYSTEM_IMAGE_GUID :
                setSystemImageGuid((Long) newValue);
                return;
            case FabricPackage.NODE__DESCRIPTION :
                setDescription((String) newValue);
                return;
            case FabricPackage.NODE__VENDOR_ID :
                setVendorId((Integer) newValue);
                return;
            case FabricPackage.NODE__DEVICE_ID :
                setDeviceId((Integer) newValue);
                return;
            case FabricPackage.NODE__REVISION :
                setRevision((Integer) newValue);
                return;
            case FabricPackage.NODE__NUMBER_OF_PORTS :
                setNumberOfPorts((Integer) newValue);
                return;
            case FabricPackage.NODE__ENHANCED_PORT0 :
                setEnhancedPort0((Boolean) newValue);
                return;
            case FabricPackage.NODE__PORTS :
                getPorts().clear();
                getPorts().addAll((Collection<? extends Port>) newValue);
                return;
            default :
                super.eSet(featureID, newValue);
                return;
        }
    }

    /** @generated */
    @Override
    public void eUnset(int featureID) {
        switch (featureID) {
            case FabricPackage.NODE__TYPE :
                setType(TYPE_EDEFAULT);
                return;
            case FabricPackage.NODE__NODE_GUID :
                setNodeGuid(NODE_GUID_EDEFAULT);
                return;
            case FabricPackage.NODE__SYSTEM_IMAGE_GUID :
                setSystemImageGuid(SYSTEM_IMAGE_GUID_EDEFAULT);
                return;
            case FabricPackage.NODE__DESCRIPTION :
                setDescription(DESCRIPTION_EDEFAULT);
                return;
            case FabricPackage.NODE__VENDOR_ID :
                setVendorId(VENDOR_ID_EDEFAULT);
                return;
            case FabricPackage.NODE__DEVICE_ID :
                setDeviceId(DEVICE_ID_EDEFAULT);
                return;
            case FabricPackage.NODE__REVISION :
                setRevision(REVISION_EDEFAULT);
                return;
            case FabricPackage.NODE__NUMBER_OF_PORTS :
                setNumberOfPorts(NUMBER_OF_PORTS_EDEFAULT);
                return;
            case FabricPackage.NODE__ENHANCED_PORT0 :
                setEnhancedPort0(ENHANCED_PORT0_EDEFAULT);
                return;
            case FabricPackage.NODE__PORTS :
                getPorts().clear();
                return;
            default :
                super.eUnset(featureID);
                return;
        }
    }

    /** @generated */
    @Override
    public boolean eIsSet(int featureID) {
        switch (featureID) {
            case FabricPackage.NODE__TYPE :
                return type != TYPE_EDEFAULT;
            case FabricPackage.NODE__NODE_GUID :
                return nodeGuid != NODE_GUID_EDEFAULT;
            case FabricPackage.NODE__SYSTEM_IMAGE_GUID :
                return systemImageGuid != SYSTEM_IMAGE_GUID_EDEFAULT;
            case FabricPackage.NODE__DESCRIPTION :
                return DESCRIPTION_EDEFAULT == null ? description != null : !DESCRIPTION_EDEFAULT.equals(description);
            case FabricPackage.NODE__VENDOR_ID :
                return vendorId != VENDOR_ID_EDEFAULT;
            case FabricPackage.NODE__DEVICE_ID :
                return deviceId != DEVICE_ID_EDEFAULT;
            case FabricPackage.NODE__REVISION :
                return revision != REVISION_EDEFAULT;
            case FabricPackage.NODE__NUMBER_OF_PORTS :
                return numberOfPorts != NUMBER_OF_PORTS_EDEFAULT;
            case FabricPackage.NODE__LID :
                return getLid() != LID_EDEFAULT;
            case FabricPackage.NODE__ENHANCED_PORT0 :
                return enhancedPort0 != ENHANCED_PORT0_EDEFAULT;
            case FabricPackage.NODE__PORTS :
                return ports != null && !ports.isEmpty();
            case FabricPackage.NODE__FABRIC :
                return getFabric() != null;
            default :
                return super.eIsSet(featureID);
        }
    }

    /** @generated */
    @Override
    public String toString() {
        if (eIsProxy()) {
            return super.toString();
        }
        StringBuilder result = new StringBuilder(super.toString());
        result.append(" (type: ");
        result.append(type);
        result.append(", nodeGuid: ");
        result.append(nodeGuid);
        result.append(", systemImageGuid: ");
        result.append(systemImageGuid);
        result.append(", description: ");
        result.append(description);
        result.append(", vendorId: ");
        result.append(vendorId);
        result.append(", deviceId: ");
        result.append(deviceId);
        result.append(", revision: ");
        result.append(revision);
        result.append(", numberOfPorts: ");
        result.append(numberOfPorts);
        result.append(", enhancedPort0: ");
        result.append(enhancedPort0);
        result.append(')');
        return result.toString();
    }
}
