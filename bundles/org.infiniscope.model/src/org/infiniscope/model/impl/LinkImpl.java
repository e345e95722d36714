package org.infiniscope.model.impl;

import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.common.notify.NotificationChain;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.emf.ecore.impl.ENotificationImpl;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.Link;
import org.infiniscope.model.Port;

/**
 * An implementation of the model object '<em><b>Link</b></em>'.
 *
 * @generated
 */
public class LinkImpl extends MinimalEObjectImpl.Container implements Link {
    /** The cached value of the '{@link #getEndA() <em>EndA</em>}' reference. @generated @ordered */
    protected Port endA;

    /** The cached value of the '{@link #getEndB() <em>EndB</em>}' reference. @generated @ordered */
    protected Port endB;

    /** @generated */
    protected LinkImpl() {
        super();
    }

    /** @generated */
    @Override
    protected EClass eStaticClass() {
        return FabricPackage.Literals.LINK;
    }

    /** @generated */
    @Override
    public Port getEndA() {
        return endA;
    }

    /** @generated */
    @Override
    public void setEndA(Port newEndA) {
        Port oldEndA = endA;
        endA = newEndA;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.LINK__END_A, oldEndA, endA));
        }
    }

    /** @generated */
    @Override
    public Port getEndB() {
        return endB;
    }

    /** @generated */
    @Override
    public void setEndB(Port newEndB) {
        Port oldEndB = endB;
        endB = newEndB;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.LINK__END_B, oldEndB, endB));
        }
    }

    /** @generated */
    @Override
    public Fabric getFabric() {
        if (eContainerFeatureID() != FabricPackage.LINK__FABRIC) {
            return null;
        }
        return (Fabric) eInternalContainer();
    }

    /** @generated */
    @Override
    @SuppressWarnings("unchecked")
    public NotificationChain eInverseAdd(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.LINK__FABRIC :
                if (eInternalContainer() != null) {
                    msgs = eBasicRemoveFromContainer(msgs);
                }
                return eBasicSetContainer(otherEnd, FabricPackage.LINK__FABRIC, msgs);
            default :
                return super.eInverseAdd(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public NotificationChain eInverseRemove(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.LINK__FABRIC :
                return eBasicSetContainer(null, FabricPackage.LINK__FABRIC, msgs);
            default :
                return super.eInverseRemove(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public NotificationChain eBasicRemoveFromContainerFeature(NotificationChain msgs) {
        switch (eContainerFeatureID()) {
            case FabricPackage.LINK__FABRIC :
                return eInternalContainer().eInverseRemove(this, FabricPackage.FABRIC__LINKS, Fabric.class, msgs);
            default :
                return super.eBasicRemoveFromContainerFeature(msgs);
        }
    }

    /** @generated */
    @Override
    public Object eGet(int featureID, boolean resolve, boolean coreType) {
        switch (featureID) {
            case FabricPackage.LINK__END_A :
                return getEndA();
            case FabricPackage.LINK__END_B :
                return getEndB();
            case FabricPackage.LINK__FABRIC :
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
            case FabricPackage.LINK__END_A :
                setEndA((Port) newValue);
                return;
            case FabricPackage.LINK__END_B :
                setEndB((Port) newValue);
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
            case FabricPackage.LINK__END_A :
                setEndA((Port) null);
                return;
            case FabricPackage.LINK__END_B :
                setEndB((Port) null);
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
            case FabricPackage.LINK__END_A :
                return endA != null;
            case FabricPackage.LINK__END_B :
                return endB != null;
            case FabricPackage.LINK__FABRIC :
                return getFabric() != null;
            default :
                return super.eIsSet(featureID);
        }
    }
}
