package org.infiniscope.model.impl;

import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.common.notify.NotificationChain;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.emf.ecore.impl.ENotificationImpl;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;
import org.infiniscope.model.FabricPackage;
import org.infiniscope.model.Link;
import org.infiniscope.model.Node;
import org.infiniscope.model.PhysicalState;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;

/**
 * An implementation of the model object '<em><b>Port</b></em>'.
 *
 * @generated
 */
public class PortImpl extends MinimalEObjectImpl.Container implements Port {
    /** The default value of the '{@link #getNumber() <em>Number</em>}' attribute. @generated @ordered */
    protected static final int NUMBER_EDEFAULT = 0;

    /** The cached value of the '{@link #getNumber() <em>Number</em>}' attribute. @generated @ordered */
    protected int number = NUMBER_EDEFAULT;

    /** The default value of the '{@link #getPortGuid() <em>PortGuid</em>}' attribute. @generated @ordered */
    protected static final long PORT_GUID_EDEFAULT = 0L;

    /** The cached value of the '{@link #getPortGuid() <em>PortGuid</em>}' attribute. @generated @ordered */
    protected long portGuid = PORT_GUID_EDEFAULT;

    /** The default value of the '{@link #getLid() <em>Lid</em>}' attribute. @generated @ordered */
    protected static final int LID_EDEFAULT = 0;

    /** The cached value of the '{@link #getLid() <em>Lid</em>}' attribute. @generated @ordered */
    protected int lid = LID_EDEFAULT;

    /** The default value of the '{@link #getLmc() <em>Lmc</em>}' attribute. @generated @ordered */
    protected static final int LMC_EDEFAULT = 0;

    /** The cached value of the '{@link #getLmc() <em>Lmc</em>}' attribute. @generated @ordered */
    protected int lmc = LMC_EDEFAULT;

    /** The default value of the '{@link #getState() <em>State</em>}' attribute. @generated @ordered */
    protected static final PortState STATE_EDEFAULT = PortState.UNKNOWN;

    /** The cached value of the '{@link #getState() <em>State</em>}' attribute. @generated @ordered */
    protected PortState state = STATE_EDEFAULT;

    /** The default value of the '{@link #getPhysicalState() <em>PhysicalState</em>}' attribute. @generated @ordered */
    protected static final PhysicalState PHYSICAL_STATE_EDEFAULT = PhysicalState.UNKNOWN;

    /** The cached value of the '{@link #getPhysicalState() <em>PhysicalState</em>}' attribute. @generated @ordered */
    protected PhysicalState physicalState = PHYSICAL_STATE_EDEFAULT;

    /** The default value of the '{@link #getWidthActive() <em>WidthActive</em>}' attribute. @generated @ordered */
    protected static final int WIDTH_ACTIVE_EDEFAULT = 0;

    /** The cached value of the '{@link #getWidthActive() <em>WidthActive</em>}' attribute. @generated @ordered */
    protected int widthActive = WIDTH_ACTIVE_EDEFAULT;

    /** The default value of the '{@link #getWidthEnabled() <em>WidthEnabled</em>}' attribute. @generated @ordered */
    protected static final int WIDTH_ENABLED_EDEFAULT = 0;

    /** The cached value of the '{@link #getWidthEnabled() <em>WidthEnabled</em>}' attribute. @generated @ordered */
    protected int widthEnabled = WIDTH_ENABLED_EDEFAULT;

    /** The default value of the '{@link #getWidthSupported() <em>WidthSupported</em>}' attribute. @generated @ordered */
    protected static final int WIDTH_SUPPORTED_EDEFAULT = 0;

    /** The cached value of the '{@link #getWidthSupported() <em>WidthSupported</em>}' attribute. @generated @ordered */
    protected int widthSupported = WIDTH_SUPPORTED_EDEFAULT;

    /** The default value of the '{@link #getSpeedActive() <em>SpeedActive</em>}' attribute. @generated @ordered */
    protected static final int SPEED_ACTIVE_EDEFAULT = 0;

    /** The cached value of the '{@link #getSpeedActive() <em>SpeedActive</em>}' attribute. @generated @ordered */
    protected int speedActive = SPEED_ACTIVE_EDEFAULT;

    /** The default value of the '{@link #getSpeedEnabled() <em>SpeedEnabled</em>}' attribute. @generated @ordered */
    protected static final int SPEED_ENABLED_EDEFAULT = 0;

    /** The cached value of the '{@link #getSpeedEnabled() <em>SpeedEnabled</em>}' attribute. @generated @ordered */
    protected int speedEnabled = SPEED_ENABLED_EDEFAULT;

    /** The default value of the '{@link #getSpeedSupported() <em>SpeedSupported</em>}' attribute. @generated @ordered */
    protected static final int SPEED_SUPPORTED_EDEFAULT = 0;

    /** The cached value of the '{@link #getSpeedSupported() <em>SpeedSupported</em>}' attribute. @generated @ordered */
    protected int speedSupported = SPEED_SUPPORTED_EDEFAULT;

    /** The default value of the '{@link #getSpeedExtActive() <em>SpeedExtActive</em>}' attribute. @generated @ordered */
    protected static final int SPEED_EXT_ACTIVE_EDEFAULT = 0;

    /** The cached value of the '{@link #getSpeedExtActive() <em>SpeedExtActive</em>}' attribute. @generated @ordered */
    protected int speedExtActive = SPEED_EXT_ACTIVE_EDEFAULT;

    /** The default value of the '{@link #getSpeedExtEnabled() <em>SpeedExtEnabled</em>}' attribute. @generated @ordered */
    protected static final int SPEED_EXT_ENABLED_EDEFAULT = 0;

    /** The cached value of the '{@link #getSpeedExtEnabled() <em>SpeedExtEnabled</em>}' attribute. @generated @ordered */
    protected int speedExtEnabled = SPEED_EXT_ENABLED_EDEFAULT;

    /** The default value of the '{@link #getSpeedExtSupported() <em>SpeedExtSupported</em>}' attribute. @generated @ordered */
    protected static final int SPEED_EXT_SUPPORTED_EDEFAULT = 0;

    /** The cached value of the '{@link #getSpeedExtSupported() <em>SpeedExtSupported</em>}' attribute. @generated @ordered */
    protected int speedExtSupported = SPEED_EXT_SUPPORTED_EDEFAULT;

    /** The default value of the '{@link #getMtu() <em>Mtu</em>}' attribute. @generated @ordered */
    protected static final int MTU_EDEFAULT = 0;

    /** The cached value of the '{@link #getMtu() <em>Mtu</em>}' attribute. @generated @ordered */
    protected int mtu = MTU_EDEFAULT;

    /** The default value of the '{@link #getMaxMtu() <em>MaxMtu</em>}' attribute. @generated @ordered */
    protected static final int MAX_MTU_EDEFAULT = 0;

    /** The cached value of the '{@link #getMaxMtu() <em>MaxMtu</em>}' attribute. @generated @ordered */
    protected int maxMtu = MAX_MTU_EDEFAULT;

    /** The default value of the '{@link #getCapabilityMask() <em>CapabilityMask</em>}' attribute. @generated @ordered */
    protected static final int CAPABILITY_MASK_EDEFAULT = 0;

    /** The cached value of the '{@link #getCapabilityMask() <em>CapabilityMask</em>}' attribute. @generated @ordered */
    protected int capabilityMask = CAPABILITY_MASK_EDEFAULT;

    /** The default value of the '{@link #isReachable() <em>Reachable</em>}' attribute. @generated @ordered */
    protected static final boolean REACHABLE_EDEFAULT = true;

    /** The cached value of the '{@link #isReachable() <em>Reachable</em>}' attribute. @generated @ordered */
    protected boolean reachable = REACHABLE_EDEFAULT;

    /** The cached value of the '{@link #getLink() <em>Link</em>}' reference. @generated @ordered */
    protected Link link;

    /** @generated */
    protected PortImpl() {
        super();
    }

    /** @generated */
    @Override
    protected EClass eStaticClass() {
        return FabricPackage.Literals.PORT;
    }

    /** @generated */
    @Override
    public int getNumber() {
        return number;
    }

    /** @generated */
    @Override
    public void setNumber(int newNumber) {
        int oldNumber = number;
        number = newNumber;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__NUMBER, oldNumber, number));
        }
    }

    /** @generated */
    @Override
    public long getPortGuid() {
        return portGuid;
    }

    /** @generated */
    @Override
    public void setPortGuid(long newPortGuid) {
        long oldPortGuid = portGuid;
        portGuid = newPortGuid;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__PORT_GUID, oldPortGuid,
                    portGuid));
        }
    }

    /** @generated */
    @Override
    public int getLid() {
        return lid;
    }

    /** @generated */
    @Override
    public void setLid(int newLid) {
        int oldLid = lid;
        lid = newLid;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__LID, oldLid, lid));
        }
    }

    /** @generated */
    @Override
    public int getLmc() {
        return lmc;
    }

    /** @generated */
    @Override
    public void setLmc(int newLmc) {
        int oldLmc = lmc;
        lmc = newLmc;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__LMC, oldLmc, lmc));
        }
    }

    /** @generated */
    @Override
    public PortState getState() {
        return state;
    }

    /** @generated */
    @Override
    public void setState(PortState newState) {
        PortState oldState = state;
        state = newState == null ? STATE_EDEFAULT : newState;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__STATE, oldState, state));
        }
    }

    /** @generated */
    @Override
    public PhysicalState getPhysicalState() {
        return physicalState;
    }

    /** @generated */
    @Override
    public void setPhysicalState(PhysicalState newPhysicalState) {
        PhysicalState oldPhysicalState = physicalState;
        physicalState = newPhysicalState == null ? PHYSICAL_STATE_EDEFAULT : newPhysicalState;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__PHYSICAL_STATE, oldPhysicalState,
                    physicalState));
        }
    }

    /** @generated */
    @Override
    public int getWidthActive() {
        return widthActive;
    }

    /** @generated */
    @Override
    public void setWidthActive(int newWidthActive) {
        int oldWidthActive = widthActive;
        widthActive = newWidthActive;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__WIDTH_ACTIVE, oldWidthActive,
                    widthActive));
        }
    }

    /** @generated */
    @Override
    public int getWidthEnabled() {
        return widthEnabled;
    }

    /** @generated */
    @Override
    public void setWidthEnabled(int newWidthEnabled) {
        int oldWidthEnabled = widthEnabled;
        widthEnabled = newWidthEnabled;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__WIDTH_ENABLED, oldWidthEnabled,
                    widthEnabled));
        }
    }

    /** @generated */
    @Override
    public int getWidthSupported() {
        return widthSupported;
    }

    /** @generated */
    @Override
    public void setWidthSupported(int newWidthSupported) {
        int oldWidthSupported = widthSupported;
        widthSupported = newWidthSupported;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__WIDTH_SUPPORTED,
                    oldWidthSupported, widthSupported));
        }
    }

    /** @generated */
    @Override
    public int getSpeedActive() {
        return speedActive;
    }

    /** @generated */
    @Override
    public void setSpeedActive(int newSpeedActive) {
        int oldSpeedActive = speedActive;
        speedActive = newSpeedActive;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__SPEED_ACTIVE, oldSpeedActive,
                    speedActive));
        }
    }

    /** @generated */
    @Override
    public int getSpeedEnabled() {
        return speedEnabled;
    }

    /** @generated */
    @Override
    public void setSpeedEnabled(int newSpeedEnabled) {
        int oldSpeedEnabled = speedEnabled;
        speedEnabled = newSpeedEnabled;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__SPEED_ENABLED, oldSpeedEnabled,
                    speedEnabled));
        }
    }

    /** @generated */
    @Override
    public int getSpeedSupported() {
        return speedSupported;
    }

    /** @generated */
    @Override
    public void setSpeedSupported(int newSpeedSupported) {
        int oldSpeedSupported = speedSupported;
        speedSupported = newSpeedSupported;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__SPEED_SUPPORTED,
                    oldSpeedSupported, speedSupported));
        }
    }

    /** @generated */
    @Override
    public int getSpeedExtActive() {
        return speedExtActive;
    }

    /** @generated */
    @Override
    public void setSpeedExtActive(int newSpeedExtActive) {
        int oldSpeedExtActive = speedExtActive;
        speedExtActive = newSpeedExtActive;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__SPEED_EXT_ACTIVE,
                    oldSpeedExtActive, speedExtActive));
        }
    }

    /** @generated */
    @Override
    public int getSpeedExtEnabled() {
        return speedExtEnabled;
    }

    /** @generated */
    @Override
    public void setSpeedExtEnabled(int newSpeedExtEnabled) {
        int oldSpeedExtEnabled = speedExtEnabled;
        speedExtEnabled = newSpeedExtEnabled;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__SPEED_EXT_ENABLED,
                    oldSpeedExtEnabled, speedExtEnabled));
        }
    }

    /** @generated */
    @Override
    public int getSpeedExtSupported() {
        return speedExtSupported;
    }

    /** @generated */
    @Override
    public void setSpeedExtSupported(int newSpeedExtSupported) {
        int oldSpeedExtSupported = speedExtSupported;
        speedExtSupported = newSpeedExtSupported;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__SPEED_EXT_SUPPORTED,
                    oldSpeedExtSupported, speedExtSupported));
        }
    }

    /** @generated */
    @Override
    public int getMtu() {
        return mtu;
    }

    /** @generated */
    @Override
    public void setMtu(int newMtu) {
        int oldMtu = mtu;
        mtu = newMtu;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__MTU, oldMtu, mtu));
        }
    }

    /** @generated */
    @Override
    public int getMaxMtu() {
        return maxMtu;
    }

    /** @generated */
    @Override
    public void setMaxMtu(int newMaxMtu) {
        int oldMaxMtu = maxMtu;
        maxMtu = newMaxMtu;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__MAX_MTU, oldMaxMtu, maxMtu));
        }
    }

    /** @generated */
    @Override
    public int getCapabilityMask() {
        return capabilityMask;
    }

    /** @generated */
    @Override
    public void setCapabilityMask(int newCapabilityMask) {
        int oldCapabilityMask = capabilityMask;
        capabilityMask = newCapabilityMask;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__CAPABILITY_MASK,
                    oldCapabilityMask, capabilityMask));
        }
    }

    /** @generated */
    @Override
    public boolean isReachable() {
        return reachable;
    }

    /** @generated */
    @Override
    public void setReachable(boolean newReachable) {
        boolean oldReachable = reachable;
        reachable = newReachable;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__REACHABLE, oldReachable,
                    reachable));
        }
    }

    /** @generated */
    @Override
    public Link getLink() {
        return link;
    }

    /** @generated */
    @Override
    public void setLink(Link newLink) {
        Link oldLink = link;
        link = newLink;
        if (eNotificationRequired()) {
            eNotify(new ENotificationImpl(this, Notification.SET, FabricPackage.PORT__LINK, oldLink, link));
        }
    }

    /** @generated NOT: derived */
    @Override
    public Port getRemotePort() {
        if (link == null) {
            return null;
        }
        return link.getEndA() == this ? link.getEndB() : link.getEndA();
    }

    /** @generated */
    @Override
    public Node getNode() {
        if (eContainerFeatureID() != FabricPackage.PORT__NODE) {
            return null;
        }
        return (Node) eInternalContainer();
    }

    /** @generated */
    @Override
    @SuppressWarnings("unchecked")
    public NotificationChain eInverseAdd(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.PORT__NODE :
                if (eInternalContainer() != null) {
                    msgs = eBasicRemoveFromContainer(msgs);
                }
                return eBasicSetContainer(otherEnd, FabricPackage.PORT__NODE, msgs);
            default :
                return super.eInverseAdd(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public NotificationChain eInverseRemove(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
        switch (featureID) {
            case FabricPackage.PORT__NODE :
                return eBasicSetContainer(null, FabricPackage.PORT__NODE, msgs);
            default :
                return super.eInverseRemove(otherEnd, featureID, msgs);
        }
    }

    /** @generated */
    @Override
    public NotificationChain eBasicRemoveFromContainerFeature(NotificationChain msgs) {
        switch (eContainerFeatureID()) {
            case FabricPackage.PORT__NODE :
                return eInternalContainer().eInverseRemove(this, FabricPackage.NODE__PORTS, Node.class, msgs);
            default :
                return super.eBasicRemoveFromContainerFeature(msgs);
        }
    }

    /** @generated */
    @Override
    public Object eGet(int featureID, boolean resolve, boolean coreType) {
        switch (featureID) {
            case FabricPackage.PORT__NUMBER :
                return getNumber();
            case FabricPackage.PORT__PORT_GUID :
                return getPortGuid();
            case FabricPackage.PORT__LID :
                return getLid();
            case FabricPackage.PORT__LMC :
                return getLmc();
            case FabricPackage.PORT__STATE :
                return getState();
            case FabricPackage.PORT__PHYSICAL_STATE :
                return getPhysicalState();
            case FabricPackage.PORT__WIDTH_ACTIVE :
                return getWidthActive();
            case FabricPackage.PORT__WIDTH_ENABLED :
                return getWidthEnabled();
            case FabricPackage.PORT__WIDTH_SUPPORTED :
                return getWidthSupported();
            case FabricPackage.PORT__SPEED_ACTIVE :
                return getSpeedActive();
            case FabricPackage.PORT__SPEED_ENABLED :
                return getSpeedEnabled();
            case FabricPackage.PORT__SPEED_SUPPORTED :
                return getSpeedSupported();
            case FabricPackage.PORT__SPEED_EXT_ACTIVE :
                return getSpeedExtActive();
            case FabricPackage.PORT__SPEED_EXT_ENABLED :
                return getSpeedExtEnabled();
            case FabricPackage.PORT__SPEED_EXT_SUPPORTED :
                return getSpeedExtSupported();
            case FabricPackage.PORT__MTU :
                return getMtu();
            case FabricPackage.PORT__MAX_MTU :
                return getMaxMtu();
            case FabricPackage.PORT__CAPABILITY_MASK :
                return getCapabilityMask();
            case FabricPackage.PORT__REACHABLE :
                return isReachable();
            case FabricPackage.PORT__LINK :
                return getLink();
            case FabricPackage.PORT__REMOTE_PORT :
                return getRemotePort();
            case FabricPackage.PORT__NODE :
                return getNode();
            default :
                return super.eGet(featureID, resolve, coreType);
        }
    }

    /** @generated */
    @Override
    @SuppressWarnings("unchecked")
    public void eSet(int featureID, Object newValue) {
        switch (featureID) {
            case FabricPackage.PORT__NUMBER :
                setNumber((Integer) newValue);
                return;
            case FabricPackage.PORT__PORT_GUID :
                setPortGuid((Long) newValue);
                return;
            case FabricPackage.PORT__LID :
                setLid((Integer) newValue);
                return;
            case FabricPackage.PORT__LMC :
                setLmc((Integer) newValue);
                return;
            case FabricPackage.PORT__STATE :
                setState((PortState) newValue);
                return;
            case FabricPackage.PORT__PHYSICAL_STATE :
                setPhysicalState((PhysicalState) newValue);
                return;
            case FabricPackage.PORT__WIDTH_ACTIVE :
                setWidthActive((Integer) newValue);
                return;
            case FabricPackage.PORT__WIDTH_ENABLED :
                setWidthEnabled((Integer) newValue);
                return;
            case FabricPackage.PORT__WIDTH_SUPPORTED :
                setWidthSupported((Integer) newValue);
                return;
            case FabricPackage.PORT__SPEED_ACTIVE :
                setSpeedActive((Integer) newValue);
                return;
            case FabricPackage.PORT__SPEED_ENABLED :
                setSpeedEnabled((Integer) newValue);
                return;
            case FabricPackage.PORT__SPEED_SUPPORTED :
                setSpeedSupported((Integer) newValue);
                return;
            case FabricPackage.PORT__SPEED_EXT_ACTIVE :
                setSpeedExtActive((Integer) newValue);
                return;
            case FabricPackage.PORT__SPEED_EXT_ENABLED :
                setSpeedExtEnabled((Integer) newValue);
                return;
            case FabricPackage.PORT__SPEED_EXT_SUPPORTED :
                setSpeedExtSupported((Integer) newValue);
                return;
            case FabricPackage.PORT__MTU :
                setMtu((Integer) newValue);
                return;
            case FabricPackage.PORT__MAX_MTU :
                setMaxMtu((Integer) newValue);
                return;
            case FabricPackage.PORT__CAPABILITY_MASK :
                setCapabilityMask((Integer) newValue);
                return;
            case FabricPackage.PORT__REACHABLE :
                setReachable((Boolean) newValue);
                return;
            case FabricPackage.PORT__LINK :
                setLink((Link) newValue);
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
            case FabricPackage.PORT__NUMBER :
                setNumber(NUMBER_EDEFAULT);
                return;
            case FabricPackage.PORT__PORT_GUID :
                setPortGuid(PORT_GUID_EDEFAULT);
                return;
            case FabricPackage.PORT__LID :
                setLid(LID_EDEFAULT);
                return;
            case FabricPackage.PORT__LMC :
                setLmc(LMC_EDEFAULT);
                return;
            case FabricPackage.PORT__STATE :
                setState(STATE_EDEFAULT);
                return;
            case FabricPackage.PORT__PHYSICAL_STATE :
                setPhysicalState(PHYSICAL_STATE_EDEFAULT);
                return;
            case FabricPackage.PORT__WIDTH_ACTIVE :
                setWidthActive(WIDTH_ACTIVE_EDEFAULT);
                return;
            case FabricPackage.PORT__WIDTH_ENABLED :
                setWidthEnabled(WIDTH_ENABLED_EDEFAULT);
                return;
            case FabricPackage.PORT__WIDTH_SUPPORTED :
                setWidthSupported(WIDTH_SUPPORTED_EDEFAULT);
                return;
            case FabricPackage.PORT__SPEED_ACTIVE :
                setSpeedActive(SPEED_ACTIVE_EDEFAULT);
                return;
            case FabricPackage.PORT__SPEED_ENABLED :
                setSpeedEnabled(SPEED_ENABLED_EDEFAULT);
                return;
            case FabricPackage.PORT__SPEED_SUPPORTED :
                setSpeedSupported(SPEED_SUPPORTED_EDEFAULT);
                return;
            case FabricPackage.PORT__SPEED_EXT_ACTIVE :
                setSpeedExtActive(SPEED_EXT_ACTIVE_EDEFAULT);
                return;
            case FabricPackage.PORT__SPEED_EXT_ENABLED :
                setSpeedExtEnabled(SPEED_EXT_ENABLED_EDEFAULT);
                return;
            case FabricPackage.PORT__SPEED_EXT_SUPPORTED :
                setSpeedExtSupported(SPEED_EXT_SUPPORTED_EDEFAULT);
                return;
            case FabricPackage.PORT__MTU :
                setMtu(MTU_EDEFAULT);
                return;
            case FabricPackage.PORT__MAX_MTU :
                setMaxMtu(MAX_MTU_EDEFAULT);
                return;
            case FabricPackage.PORT__CAPABILITY_MASK :
                setCapabilityMask(CAPABILITY_MASK_EDEFAULT);
                return;
            case FabricPackage.PORT__REACHABLE :
                setReachable(REACHABLE_EDEFAULT);
                return;
            case FabricPackage.PORT__LINK :
                setLink((Link) null);
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
            case FabricPackage.PORT__NUMBER :
                return number != NUMBER_EDEFAULT;
            case FabricPackage.PORT__PORT_GUID :
                return portGuid != PORT_GUID_EDEFAULT;
            case FabricPackage.PORT__LID :
                return lid != LID_EDEFAULT;
            case FabricPackage.PORT__LMC :
                return lmc != LMC_EDEFAULT;
            case FabricPackage.PORT__STATE :
                return state != STATE_EDEFAULT;
            case FabricPackage.PORT__PHYSICAL_STATE :
                return physicalState != PHYSICAL_STATE_EDEFAULT;
            case FabricPackage.PORT__WIDTH_ACTIVE :
                return widthActive != WIDTH_ACTIVE_EDEFAULT;
            case FabricPackage.PORT__WIDTH_ENABLED :
                return widthEnabled != WIDTH_ENABLED_EDEFAULT;
            case FabricPackage.PORT__WIDTH_SUPPORTED :
                return widthSupported != WIDTH_SUPPORTED_EDEFAULT;
            case FabricPackage.PORT__SPEED_ACTIVE :
                return speedActive != SPEED_ACTIVE_EDEFAULT;
            case FabricPackage.PORT__SPEED_ENABLED :
                return speedEnabled != SPEED_ENABLED_EDEFAULT;
            case FabricPackage.PORT__SPEED_SUPPORTED :
                return speedSupported != SPEED_SUPPORTED_EDEFAULT;
            case FabricPackage.PORT__SPEED_EXT_ACTIVE :
                return speedExtActive != SPEED_EXT_ACTIVE_EDEFAULT;
            case FabricPackage.PORT__SPEED_EXT_ENABLED :
                return speedExtEnabled != SPEED_EXT_ENABLED_EDEFAULT;
            case FabricPackage.PORT__SPEED_EXT_SUPPORTED :
                return speedExtSupported != SPEED_EXT_SUPPORTED_EDEFAULT;
            case FabricPackage.PORT__MTU :
                return mtu != MTU_EDEFAULT;
            case FabricPackage.PORT__MAX_MTU :
                return maxMtu != MAX_MTU_EDEFAULT;
            case FabricPackage.PORT__CAPABILITY_MASK :
                return capabilityMask != CAPABILITY_MASK_EDEFAULT;
            case FabricPackage.PORT__REACHABLE :
                return reachable != REACHABLE_EDEFAULT;
            case FabricPackage.PORT__LINK :
                return link != null;
            case FabricPackage.PORT__REMOTE_PORT :
                return getRemotePort() != null;
            case FabricPackage.PORT__NODE :
                return getNode() != null;
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
        result.append(" (number: ");
        result.append(number);
        result.append(", portGuid: ");
        result.append(portGuid);
        result.append(", lid: ");
        result.append(lid);
        result.append(", lmc: ");
        result.append(lmc);
        result.append(", state: ");
        result.append(state);
        result.append(", physicalState: ");
        result.append(physicalState);
        result.append(", widthActive: ");
        result.append(widthActive);
        result.append(", widthEnabled: ");
        result.append(widthEnabled);
        result.append(", widthSupported: ");
        result.append(widthSupported);
        result.append(", speedActive: ");
        result.append(speedActive);
        result.append(", speedEnabled: ");
        result.append(speedEnabled);
        result.append(", speedSupported: ");
        result.append(speedSupported);
        result.append(", speedExtActive: ");
        result.append(speedExtActive);
        result.append(", speedExtEnabled: ");
        result.append(speedExtEnabled);
        result.append(", speedExtSupported: ");
        result.append(speedExtSupported);
        result.append(", mtu: ");
        result.append(mtu);
        result.append(", maxMtu: ");
        result.append(maxMtu);
        result.append(", capabilityMask: ");
        result.append(capabilityMask);
        result.append(", reachable: ");
        result.append(reachable);
        result.append(')');
        return result.toString();
    }
}
