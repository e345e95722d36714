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
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;

/**
 * An implementation of the model object '<em><b>Fabric</b></em>'.
 *
 * @generated
 */
public class FabricImpl extends MinimalEObjectImpl.Container implements Fabric {
    /** The default value of the '{@link #getName() <em>Name</em>}' attribute. @generated @ordered */
    protected static final String NAME_EDEFAULT = null;

    /** The cached value of the '{@link #getName() <em>Name</em>}' attribute. @generated @ordered */
    protected String name = NAME_EDEFAULT;

    /** The default value of the '{@link #getSweepTime() <em>SweepTime</em>}' attribute. @generated @ordered */
    protected static final java.util.Date SWEEP_TIME_EDEFAULT = null;

    /** The cached value of the '{@link #getSweepTime() <em>SweepTime</em>}' attribute. @generated @ordered */
    protected java.util.Date sweepTime = SWEEP_TIME_EDEFAULT;

    /** The default value of the '{@link #getSubnetPrefix() <em>SubnetPrefix</em>}' attribute. @generated @ordered */
    protected static final long SUBNET_PREFIX_EDEFAULT = 0L;

    /** The cached value of the '{@link #getSubnetPrefix() <em>SubnetPrefix</em>}' attribute. @generated @ordered */
    protected long subnetPrefix = SUBNET_PREFIX_EDEFAULT;

    /** The default value of the '{@link #getSmLid() <em>SmLid</em>}' attribute. @generated @ordered */
    protected static final int SM_LID_EDEFAULT = 0;

    /** The cached value of the '{@link #getSmLid() <em>SmLid</em>}' attribute. @generated @ordered */
    protected int smLid = SM_LID_EDEFAULT;

    /** The cached value of the '{@link #getNodes() <em>Nodes</em>}' containment reference list. @generated @ordered */
    protected EList<Node> nodes;

    /** The cached value of the '{@link #getLinks() <em>Links</em>}' containment reference list. @generated @ordered */
    protected EList<Link> links;

    /** @generated */
    protected FabricImpl() {
        super();
    }

    /** @generated */
    @Override
    protected EClass eStaticClass() {
        return FabricPackage.Literals.FABRIC;
    }

    /** @generated */
    @Override
    public String getName() {
        return name;
    }

    /** @generated */
    @Override
    public void setName(String newName) {
        String oldName = name;
        name = newName;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.FABRIC__NAME, oldName, name));
        }
    }

    /** @generated */
    @Override
    public java.util.Date getSweepTime() {
        return sweepTime;
    }

    /** @generated */
    @Override
    public void setSweepTime(java.util.Date newSweepTime) {
        java.util.Date oldSweepTime = sweepTime;
        sweepTime = newSweepTime;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.FABRIC__SWEEP_TIME, oldSweepTime,
                    sweepTime));
        }
    }

    /** @generated */
    @Override
    public long getSubnetPrefix() {
        return subnetPrefix;
    }

    /** @generated */
    @Override
    public void setSubnetPrefix(long newSubnetPrefix) {
        long oldSubnetPrefix = subnetPrefix;
        subnetPrefix = newSubnetPrefix;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.FABRIC__SUBNET_PREFIX, oldSubnetPrefix,
                    subnetPrefix));
        }
    }

    /** @generated */
    @Override
    public int getSmLid() {
        return smLid;
    }

    /** @generated */
    @Override
    public void setSmLid(int newSmLid) {
        int oldSmLid = smLid;
        smLid = newSmLid;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.FABRIC__SM_LID, oldSmLid, smLid));
        }
    }

    /** @generated */
    @Override
    public EList<Node> getNodes() {
        if (nodes == null) {
            nodes = new EObjectContainmentWithInverseEList<Node>(Node.class, this, FabricPackage.FABRIC__NODES,
                    FabricPackage.NODE__FABRIC);
        }
        return nodes;
    }

    /** @generated */
    @Override
    public EList<Link> getLinks() {
        if (links == null) {
            links = new EObjectContainmentWithInverseEList<Link>(Link.class, this, FabricPackage.FABRIC__LINKS,
                    FabricPackage.LINK__FABRIC);
        }
        return links;
    }

    /** @generated */
    @Override
    @SuppressWarnings("unchecked")
    public NotificationChain eInverseAdd(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.FABRIC__NODES :
                return ((InternalEList<InternalEObject>) (InternalEList<?>) getNodes()).basicAdd(otherEnd, msgs);
            case FabricPackage.FABRIC__LINKS :
                return ((InternalEList<InternalEObject>) (InternalEList<?>) getLinks()).basicAdd(otherEnd, msgs);
            default :
                return super.eInverseAdd(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public NotificationChain eInverseRemove(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.FABRIC__NODES :
                return ((InternalEList<?>) getNodes()).basicRemove(otherEnd, msgs);
            case FabricPackage.FABRIC__LINKS :
                return ((InternalEList<?>) getLinks()).basicRemove(otherEnd, msgs);
            default :
                return super.eInverseRemove(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public Object eGet(int featureID, boolean resolve, boolean coreType) {
        switch (featureID) {
            case FabricPackage.FABRIC__NAME :
                return getName();
            case FabricPackage.FABRIC__SWEEP_TIME :
                return getSweepTime();
            case FabricPackage.FABRIC__SUBNET_PREFIX :
                return getSubnetPrefix();
            case FabricPackage.FABRIC__SM_LID :
                return getSmLid();
            case FabricPackage.FABRIC__NODES :
                return getNodes();
            case FabricPackage.FABRIC__LINKS :
                return getLinks();
            default :
                return super.eGet(featureID, resolve, coreType);
        }
    }

    /** @generated */
    @Override
    @SuppressWarnings("unchecked")
    public void eSet(int featureID, Object newValue) {
        switch (featureID) {
            case FabricPackage.FABRIC__NAME :
                setName((String) newValue);
                return;
            case FabricPackage.FABRIC__SWEEP_TIME :
                setSweepTime((java.util.Date) newValue);
                return;
            case FabricPackage.FABRIC__SUBNET_PREFIX :
                setSubnetPrefix((Long) newValue);
                return;
            case FabricPackage.FABRIC__SM_LID :
                setSmLid((Integer) newValue);
                return;
            case FabricPackage.FABRIC__NODES :
                getNodes().clear();
                getNodes().addAll((Collection<? extends Node>) newValue);
                return;
            case FabricPackage.FABRIC__LINKS :
                getLinks().clear();
                getLinks().addAll((Collection<? extends Link>) newValue);
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
            case FabricPackage.FABRIC__NAME :
                setName(NAME_EDEFAULT);
                return;
            case FabricPackage.FABRIC__SWEEP_TIME :
                setSweepTime(SWEEP_TIME_EDEFAULT);
                return;
            case FabricPackage.FABRIC__SUBNET_PREFIX :
                setSubnetPrefix(SUBNET_PREFIX_EDEFAULT);
                return;
            case FabricPackage.FABRIC__SM_LID :
                setSmLid(SM_LID_EDEFAULT);
                return;
            case FabricPackage.FABRIC__NODES :
                getNodes().clear();
                return;
            case FabricPackage.FABRIC__LINKS :
                getLinks().clear();
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
            case FabricPackage.FABRIC__NAME :
                return NAME_EDEFAULT == null ? name != null : !NAME_EDEFAULT.equals(name);
            case FabricPackage.FABRIC__SWEEP_TIME :
                return SWEEP_TIME_EDEFAULT == null ? sweepTime != null : !SWEEP_TIME_EDEFAULT.equals(sweepTime);
            case FabricPackage.FABRIC__SUBNET_PREFIX :
                return subnetPrefix != SUBNET_PREFIX_EDEFAULT;
            case FabricPackage.FABRIC__SM_LID :
                return smLid != SM_LID_EDEFAULT;
            case FabricPackage.FABRIC__NODES :
                return nodes != null && !nodes.isEmpty();
            case FabricPackage.FABRIC__LINKS :
                return links != null && !links.isEmpty();
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
        result.append(" (name: ");
        result.append(name);
        result.append(", sweepTime: ");
        result.append(sweepTime);
        result.append(", subnetPrefix: ");
        result.append(subnetPrefix);
        result.append(", smLid: ");
        result.append(smLid);
        result.append(')');
        return result.toString();
    }
}
