package org.infiniscope.mad.smp;

/**
 * Builds a {@link PortInfo}, typically from one the port answered, for a Set: the SM changes a few fields (LID,
 * M_Key, PortState, ...) and keeps the rest. Field checks happen in {@link #build()}.
 */
public final class PortInfoBuilder {

    private long mKey;
    private long gidPrefix;
    private int lid;
    private int masterSmLid;
    private int capabilityMask;
    private int diagCode;
    private int mKeyLeasePeriod;
    private int localPortNum;
    private int linkWidthEnabled;
    private int linkWidthSupported;
    private int linkWidthActive;
    private int linkSpeedSupported;
    private int portState;
    private int portPhysicalState;
    private int linkDownDefaultState;
    private int mKeyProtectBits;
    private int lmc;
    private int linkSpeedActive;
    private int linkSpeedEnabled;
    private int neighborMtu;
    private int masterSmSl;
    private int vlCap;
    private int initType;
    private int vlHighLimit;
    private int vlArbitrationHighCap;
    private int vlArbitrationLowCap;
    private int initTypeReply;
    private int mtuCap;
    private int vlStallCount;
    private int hoqLife;
    private int operationalVls;
    private boolean partitionEnforcementInbound;
    private boolean partitionEnforcementOutbound;
    private boolean filterRawInbound;
    private boolean filterRawOutbound;
    private int mKeyViolations;
    private int pKeyViolations;
    private int qKeyViolations;
    private int guidCap;
    private boolean clientReregister;
    private int multicastPKeyTrapSuppressionEnabled;
    private int subnetTimeout;
    private int respTimeValue;
    private int localPhyErrors;
    private int overrunErrors;
    private int maxCreditHint;
    private int linkRoundTripLatency;
    private int capabilityMask2;
    private int linkSpeedExtActive;
    private int linkSpeedExtSupported;
    private int linkSpeedExtEnabled;

    /** Starts with every field zero. */
    public PortInfoBuilder() {
    }

    /** @return a builder holding every field of {@code port} */
    public static PortInfoBuilder from(PortInfo port) {
        PortInfoBuilder b = new PortInfoBuilder();
        b.mKey = port.mKey();
        b.gidPrefix = port.gidPrefix();
        b.lid = port.lid();
        b.masterSmLid = port.masterSmLid();
        b.capabilityMask = port.capabilityMask();
        b.diagCode = port.diagCode();
        b.mKeyLeasePeriod = port.mKeyLeasePeriod();
        b.localPortNum = port.localPortNum();
        b.linkWidthEnabled = port.linkWidthEnabled();
        b.linkWidthSupported = port.linkWidthSupported();
        b.linkWidthActive = port.linkWidthActive();
        b.linkSpeedSupported = port.linkSpeedSupported();
        b.portState = port.portState();
        b.portPhysicalState = port.portPhysicalState();
        b.linkDownDefaultState = port.linkDownDefaultState();
        b.mKeyProtectBits = port.mKeyProtectBits();
        b.lmc = port.lmc();
        b.linkSpeedActive = port.linkSpeedActive();
        b.linkSpeedEnabled = port.linkSpeedEnabled();
        b.neighborMtu = port.neighborMtu();
        b.masterSmSl = port.masterSmSl();
        b.vlCap = port.vlCap();
        b.initType = port.initType();
        b.vlHighLimit = port.vlHighLimit();
        b.vlArbitrationHighCap = port.vlArbitrationHighCap();
        b.vlArbitrationLowCap = port.vlArbitrationLowCap();
        b.initTypeReply = port.initTypeReply();
        b.mtuCap = port.mtuCap();
        b.vlStallCount = port.vlStallCount();
        b.hoqLife = port.hoqLife();
        b.operationalVls = port.operationalVls();
        b.partitionEnforcementInbound = port.partitionEnforcementInbound();
        b.partitionEnforcementOutbound = port.partitionEnforcementOutbound();
        b.filterRawInbound = port.filterRawInbound();
        b.filterRawOutbound = port.filterRawOutbound();
        b.mKeyViolations = port.mKeyViolations();
        b.pKeyViolations = port.pKeyViolations();
        b.qKeyViolations = port.qKeyViolations();
        b.guidCap = port.guidCap();
        b.clientReregister = port.clientReregister();
        b.multicastPKeyTrapSuppressionEnabled = port.multicastPKeyTrapSuppressionEnabled();
        b.subnetTimeout = port.subnetTimeout();
        b.respTimeValue = port.respTimeValue();
        b.localPhyErrors = port.localPhyErrors();
        b.overrunErrors = port.overrunErrors();
        b.maxCreditHint = port.maxCreditHint();
        b.linkRoundTripLatency = port.linkRoundTripLatency();
        b.capabilityMask2 = port.capabilityMask2();
        b.linkSpeedExtActive = port.linkSpeedExtActive();
        b.linkSpeedExtSupported = port.linkSpeedExtSupported();
        b.linkSpeedExtEnabled = port.linkSpeedExtEnabled();
        return b;
    }

    /** @return this builder, with mKey set */
    public PortInfoBuilder mKey(long value) {
        this.mKey = value;
        return this;
    }

    /** @return this builder, with gidPrefix set */
    public PortInfoBuilder gidPrefix(long value) {
        this.gidPrefix = value;
        return this;
    }

    /** @return this builder, with lid set */
    public PortInfoBuilder lid(int value) {
        this.lid = value;
        return this;
    }

    /** @return this builder, with masterSmLid set */
    public PortInfoBuilder masterSmLid(int value) {
        this.masterSmLid = value;
        return this;
    }

    /** @return this builder, with capabilityMask set */
    public PortInfoBuilder capabilityMask(int value) {
        this.capabilityMask = value;
        return this;
    }

    /** @return this builder, with diagCode set */
    public PortInfoBuilder diagCode(int value) {
        this.diagCode = value;
        return this;
    }

    /** @return this builder, with mKeyLeasePeriod set */
    public PortInfoBuilder mKeyLeasePeriod(int value) {
        this.mKeyLeasePeriod = value;
        return this;
    }

    /** @return this builder, with localPortNum set */
    public PortInfoBuilder localPortNum(int value) {
        this.localPortNum = value;
        return this;
    }

    /** @return this builder, with linkWidthEnabled set */
    public PortInfoBuilder linkWidthEnabled(int value) {
        this.linkWidthEnabled = value;
        return this;
    }

    /** @return this builder, with linkWidthSupported set */
    public PortInfoBuilder linkWidthSupported(int value) {
        this.linkWidthSupported = value;
        return this;
    }

    /** @return this builder, with linkWidthActive set */
    public PortInfoBuilder linkWidthActive(int value) {
        this.linkWidthActive = value;
        return this;
    }

    /** @return this builder, with linkSpeedSupported set */
    public PortInfoBuilder linkSpeedSupported(int value) {
        this.linkSpeedSupported = value;
        return this;
    }

    /** @return this builder, with portState set */
    public PortInfoBuilder portState(int value) {
        this.portState = value;
        return this;
    }

    /** @return this builder, with portPhysicalState set */
    public PortInfoBuilder portPhysicalState(int value) {
        this.portPhysicalState = value;
        return this;
    }

    /** @return this builder, with linkDownDefaultState set */
    public PortInfoBuilder linkDownDefaultState(int value) {
        this.linkDownDefaultState = value;
        return this;
    }

    /** @return this builder, with mKeyProtectBits set */
    public PortInfoBuilder mKeyProtectBits(int value) {
        this.mKeyProtectBits = value;
        return this;
    }

    /** @return this builder, with lmc set */
    public PortInfoBuilder lmc(int value) {
        this.lmc = value;
        return this;
    }

    /** @return this builder, with linkSpeedActive set */
    public PortInfoBuilder linkSpeedActive(int value) {
        this.linkSpeedActive = value;
        return this;
    }

    /** @return this builder, with linkSpeedEnabled set */
    public PortInfoBuilder linkSpeedEnabled(int value) {
        this.linkSpeedEnabled = value;
        return this;
    }

    /** @return this builder, with neighborMtu set */
    public PortInfoBuilder neighborMtu(int value) {
        this.neighborMtu = value;
        return this;
    }

    /** @return this builder, with masterSmSl set */
    public PortInfoBuilder masterSmSl(int value) {
        this.masterSmSl = value;
        return this;
    }

    /** @return this builder, with vlCap set */
    public PortInfoBuilder vlCap(int value) {
        this.vlCap = value;
        return this;
    }

    /** @return this builder, with initType set */
    public PortInfoBuilder initType(int value) {
        this.initType = value;
        return this;
    }

    /** @return this builder, with vlHighLimit set */
    public PortInfoBuilder vlHighLimit(int value) {
        this.vlHighLimit = value;
        return this;
    }

    /** @return this builder, with vlArbitrationHighCap set */
    public PortInfoBuilder vlArbitrationHighCap(int value) {
        this.vlArbitrationHighCap = value;
        return this;
    }

    /** @return this builder, with vlArbitrationLowCap set */
    public PortInfoBuilder vlArbitrationLowCap(int value) {
        this.vlArbitrationLowCap = value;
        return this;
    }

    /** @return this builder, with initTypeReply set */
    public PortInfoBuilder initTypeReply(int value) {
        this.initTypeReply = value;
        return this;
    }

    /** @return this builder, with mtuCap set */
    public PortInfoBuilder mtuCap(int value) {
        this.mtuCap = value;
        return this;
    }

    /** @return this builder, with vlStallCount set */
    public PortInfoBuilder vlStallCount(int value) {
        this.vlStallCount = value;
        return this;
    }

    /** @return this builder, with hoqLife set */
    public PortInfoBuilder hoqLife(int value) {
        this.hoqLife = value;
        return this;
    }

    /** @return this builder, with operationalVls set */
    public PortInfoBuilder operationalVls(int value) {
        this.operationalVls = value;
        return this;
    }

    /** @return this builder, with partitionEnforcementInbound set */
    public PortInfoBuilder partitionEnforcementInbound(boolean value) {
        this.partitionEnforcementInbound = value;
        return this;
    }

    /** @return this builder, with partitionEnforcementOutbound set */
    public PortInfoBuilder partitionEnforcementOutbound(boolean value) {
        this.partitionEnforcementOutbound = value;
        return this;
    }

    /** @return this builder, with filterRawInbound set */
    public PortInfoBuilder filterRawInbound(boolean value) {
        this.filterRawInbound = value;
        return this;
    }

    /** @return this builder, with filterRawOutbound set */
    public PortInfoBuilder filterRawOutbound(boolean value) {
        this.filterRawOutbound = value;
        return this;
    }

    /** @return this builder, with mKeyViolations set */
    public PortInfoBuilder mKeyViolations(int value) {
        this.mKeyViolations = value;
        return this;
    }

    /** @return this builder, with pKeyViolations set */
    public PortInfoBuilder pKeyViolations(int value) {
        this.pKeyViolations = value;
        return this;
    }

    /** @return this builder, with qKeyViolations set */
    public PortInfoBuilder qKeyViolations(int value) {
        this.qKeyViolations = value;
        return this;
    }

    /** @return this builder, with guidCap set */
    public PortInfoBuilder guidCap(int value) {
        this.guidCap = value;
        return this;
    }

    /** @return this builder, with clientReregister set */
    public PortInfoBuilder clientReregister(boolean value) {
        this.clientReregister = value;
        return this;
    }

    /** @return this builder, with multicastPKeyTrapSuppressionEnabled set */
    public PortInfoBuilder multicastPKeyTrapSuppressionEnabled(int value) {
        this.multicastPKeyTrapSuppressionEnabled = value;
        return this;
    }

    /** @return this builder, with subnetTimeout set */
    public PortInfoBuilder subnetTimeout(int value) {
        this.subnetTimeout = value;
        return this;
    }

    /** @return this builder, with respTimeValue set */
    public PortInfoBuilder respTimeValue(int value) {
        this.respTimeValue = value;
        return this;
    }

    /** @return this builder, with localPhyErrors set */
    public PortInfoBuilder localPhyErrors(int value) {
        this.localPhyErrors = value;
        return this;
    }

    /** @return this builder, with overrunErrors set */
    public PortInfoBuilder overrunErrors(int value) {
        this.overrunErrors = value;
        return this;
    }

    /** @return this builder, with maxCreditHint set */
    public PortInfoBuilder maxCreditHint(int value) {
        this.maxCreditHint = value;
        return this;
    }

    /** @return this builder, with linkRoundTripLatency set */
    public PortInfoBuilder linkRoundTripLatency(int value) {
        this.linkRoundTripLatency = value;
        return this;
    }

    /** @return this builder, with capabilityMask2 set */
    public PortInfoBuilder capabilityMask2(int value) {
        this.capabilityMask2 = value;
        return this;
    }

    /** @return this builder, with linkSpeedExtActive set */
    public PortInfoBuilder linkSpeedExtActive(int value) {
        this.linkSpeedExtActive = value;
        return this;
    }

    /** @return this builder, with linkSpeedExtSupported set */
    public PortInfoBuilder linkSpeedExtSupported(int value) {
        this.linkSpeedExtSupported = value;
        return this;
    }

    /** @return this builder, with linkSpeedExtEnabled set */
    public PortInfoBuilder linkSpeedExtEnabled(int value) {
        this.linkSpeedExtEnabled = value;
        return this;
    }

    /**
     * @return the PortInfo
     * @throws IllegalArgumentException if a field does not fit its width
     */
    public PortInfo build() {
        return new PortInfo(mKey, gidPrefix, lid, masterSmLid, capabilityMask, diagCode, mKeyLeasePeriod, localPortNum,
                linkWidthEnabled, linkWidthSupported, linkWidthActive, linkSpeedSupported, portState, portPhysicalState,
                linkDownDefaultState, mKeyProtectBits, lmc, linkSpeedActive, linkSpeedEnabled, neighborMtu, masterSmSl,
                vlCap, initType, vlHighLimit, vlArbitrationHighCap, vlArbitrationLowCap, initTypeReply, mtuCap,
                vlStallCount, hoqLife, operationalVls, partitionEnforcementInbound, partitionEnforcementOutbound,
                filterRawInbound, filterRawOutbound, mKeyViolations, pKeyViolations, qKeyViolations, guidCap,
                clientReregister, multicastPKeyTrapSuppressionEnabled, subnetTimeout, respTimeValue, localPhyErrors,
                overrunErrors, maxCreditHint, linkRoundTripLatency, capabilityMask2, linkSpeedExtActive,
                linkSpeedExtSupported, linkSpeedExtEnabled);
    }
}
