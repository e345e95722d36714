package org.infiniscope.mad.smp;

import static org.infiniscope.mad.smp.SmaCodec.check;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * PortInfo (attribute 0x15, IBA 14.2.5.6): every field of the 64-byte attribute, bit-exact with libibmad's
 * field table. Encodings stay raw here (as on the wire); {@link LinkEncodings} turns them into the text
 * infiniband-diags prints, {@link LinkSpeed} and {@link LinkWidth} into readable values. The attribute
 * modifier of a Get or Set selects the port.
 *
 * @param mKey bits 0..63
 * @param gidPrefix bits 64..127
 * @param lid bits 128..143
 * @param masterSmLid bits 144..159
 * @param capabilityMask bits 160..191
 * @param diagCode bits 192..207
 * @param mKeyLeasePeriod bits 208..223
 * @param localPortNum bits 224..231
 * @param linkWidthEnabled bits 232..239
 * @param linkWidthSupported bits 240..247
 * @param linkWidthActive bits 248..255
 * @param linkSpeedSupported bits 256..259
 * @param portState bits 260..263
 * @param portPhysicalState bits 264..267
 * @param linkDownDefaultState bits 268..271
 * @param mKeyProtectBits bits 272..273
 * @param lmc bits 277..279
 * @param linkSpeedActive bits 280..283
 * @param linkSpeedEnabled bits 284..287
 * @param neighborMtu bits 288..291
 * @param masterSmSl bits 292..295
 * @param vlCap bits 296..299
 * @param initType bits 300..303
 * @param vlHighLimit bits 304..311
 * @param vlArbitrationHighCap bits 312..319
 * @param vlArbitrationLowCap bits 320..327
 * @param initTypeReply bits 328..331
 * @param mtuCap bits 332..335
 * @param vlStallCount bits 336..338
 * @param hoqLife bits 339..343
 * @param operationalVls bits 344..347
 * @param partitionEnforcementInbound bits 348..348
 * @param partitionEnforcementOutbound bits 349..349
 * @param filterRawInbound bits 350..350
 * @param filterRawOutbound bits 351..351
 * @param mKeyViolations bits 352..367
 * @param pKeyViolations bits 368..383
 * @param qKeyViolations bits 384..399
 * @param guidCap bits 400..407
 * @param clientReregister bits 408..408
 * @param multicastPKeyTrapSuppressionEnabled bits 409..410
 * @param subnetTimeout bits 411..415
 * @param respTimeValue bits 419..423
 * @param localPhyErrors bits 424..427
 * @param overrunErrors bits 428..431
 * @param maxCreditHint bits 432..447
 * @param linkRoundTripLatency bits 456..479
 * @param capabilityMask2 bits 480..495
 * @param linkSpeedExtActive bits 496..499
 * @param linkSpeedExtSupported bits 500..503
 * @param linkSpeedExtEnabled bits 507..511
 */
public record PortInfo(long mKey,
        long gidPrefix,
        int lid,
        int masterSmLid,
        int capabilityMask,
        int diagCode,
        int mKeyLeasePeriod,
        int localPortNum,
        int linkWidthEnabled,
        int linkWidthSupported,
        int linkWidthActive,
        int linkSpeedSupported,
        int portState,
        int portPhysicalState,
        int linkDownDefaultState,
        int mKeyProtectBits,
        int lmc,
        int linkSpeedActive,
        int linkSpeedEnabled,
        int neighborMtu,
        int masterSmSl,
        int vlCap,
        int initType,
        int vlHighLimit,
        int vlArbitrationHighCap,
        int vlArbitrationLowCap,
        int initTypeReply,
        int mtuCap,
        int vlStallCount,
        int hoqLife,
        int operationalVls,
        boolean partitionEnforcementInbound,
        boolean partitionEnforcementOutbound,
        boolean filterRawInbound,
        boolean filterRawOutbound,
        int mKeyViolations,
        int pKeyViolations,
        int qKeyViolations,
        int guidCap,
        boolean clientReregister,
        int multicastPKeyTrapSuppressionEnabled,
        int subnetTimeout,
        int respTimeValue,
        int localPhyErrors,
        int overrunErrors,
        int maxCreditHint,
        int linkRoundTripLatency,
        int capabilityMask2,
        int linkSpeedExtActive,
        int linkSpeedExtSupported,
        int linkSpeedExtEnabled) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x15;
    /** Length of the wire form. */
    public static final int LENGTH = 64;
    /** CapabilityMask bit 14: the port has LinkSpeedExt fields. */
    public static final int CAP_EXTENDED_SPEEDS = 1 << 14;
    /** CapabilityMask bit 1: the port's node runs an SM. */
    public static final int CAP_IS_SM = 1 << 1;

    /** Checks the field widths. */
    public PortInfo {
        check("lid", lid, 16);
        check("masterSmLid", masterSmLid, 16);
        check("diagCode", diagCode, 16);
        check("mKeyLeasePeriod", mKeyLeasePeriod, 16);
        check("localPortNum", localPortNum, 8);
        check("linkWidthEnabled", linkWidthEnabled, 8);
        check("linkWidthSupported", linkWidthSupported, 8);
        check("linkWidthActive", linkWidthActive, 8);
        check("linkSpeedSupported", linkSpeedSupported, 4);
        check("portState", portState, 4);
        check("portPhysicalState", portPhysicalState, 4);
        check("linkDownDefaultState", linkDownDefaultState, 4);
        check("mKeyProtectBits", mKeyProtectBits, 2);
        check("lmc", lmc, 3);
        check("linkSpeedActive", linkSpeedActive, 4);
        check("linkSpeedEnabled", linkSpeedEnabled, 4);
        check("neighborMtu", neighborMtu, 4);
        check("masterSmSl", masterSmSl, 4);
        check("vlCap", vlCap, 4);
        check("initType", initType, 4);
        check("vlHighLimit", vlHighLimit, 8);
        check("vlArbitrationHighCap", vlArbitrationHighCap, 8);
        check("vlArbitrationLowCap", vlArbitrationLowCap, 8);
        check("initTypeReply", initTypeReply, 4);
        check("mtuCap", mtuCap, 4);
        check("vlStallCount", vlStallCount, 3);
        check("hoqLife", hoqLife, 5);
        check("operationalVls", operationalVls, 4);
        check("mKeyViolations", mKeyViolations, 16);
        check("pKeyViolations", pKeyViolations, 16);
        check("qKeyViolations", qKeyViolations, 16);
        check("guidCap", guidCap, 8);
        check("multicastPKeyTrapSuppressionEnabled", multicastPKeyTrapSuppressionEnabled, 2);
        check("subnetTimeout", subnetTimeout, 5);
        check("respTimeValue", respTimeValue, 5);
        check("localPhyErrors", localPhyErrors, 4);
        check("overrunErrors", overrunErrors, 4);
        check("maxCreditHint", maxCreditHint, 16);
        check("linkRoundTripLatency", linkRoundTripLatency, 24);
        check("capabilityMask2", capabilityMask2, 16);
        check("linkSpeedExtActive", linkSpeedExtActive, 4);
        check("linkSpeedExtSupported", linkSpeedExtSupported, 4);
        check("linkSpeedExtEnabled", linkSpeedExtEnabled, 5);
    }

    /** The wire form: 64 bytes. */
    public static final AttributeCodec<PortInfo> CODEC = new SmaCodec<>(ATTRIBUTE_ID, LENGTH, "PortInfo",
            PortInfo::read, PortInfo::write);

    private static PortInfo read(byte[] b, int o) {
        return new PortInfo(Bits.u64(b, o + 0),
                Bits.u64(b, o + 8),
                Bits.get(b, o, 128, 16),
                Bits.get(b, o, 144, 16),
                Bits.u32(b, o + 20),
                Bits.get(b, o, 192, 16),
                Bits.get(b, o, 208, 16),
                Bits.get(b, o, 224, 8),
                Bits.get(b, o, 232, 8),
                Bits.get(b, o, 240, 8),
                Bits.get(b, o, 248, 8),
                Bits.get(b, o, 256, 4),
                Bits.get(b, o, 260, 4),
                Bits.get(b, o, 264, 4),
                Bits.get(b, o, 268, 4),
                Bits.get(b, o, 272, 2),
                Bits.get(b, o, 277, 3),
                Bits.get(b, o, 280, 4),
                Bits.get(b, o, 284, 4),
                Bits.get(b, o, 288, 4),
                Bits.get(b, o, 292, 4),
                Bits.get(b, o, 296, 4),
                Bits.get(b, o, 300, 4),
                Bits.get(b, o, 304, 8),
                Bits.get(b, o, 312, 8),
                Bits.get(b, o, 320, 8),
                Bits.get(b, o, 328, 4),
                Bits.get(b, o, 332, 4),
                Bits.get(b, o, 336, 3),
                Bits.get(b, o, 339, 5),
                Bits.get(b, o, 344, 4),
                Bits.get(b, o, 348, 1) != 0,
                Bits.get(b, o, 349, 1) != 0,
                Bits.get(b, o, 350, 1) != 0,
                Bits.get(b, o, 351, 1) != 0,
                Bits.get(b, o, 352, 16),
                Bits.get(b, o, 368, 16),
                Bits.get(b, o, 384, 16),
                Bits.get(b, o, 400, 8),
                Bits.get(b, o, 408, 1) != 0,
                Bits.get(b, o, 409, 2),
                Bits.get(b, o, 411, 5),
                Bits.get(b, o, 419, 5),
                Bits.get(b, o, 424, 4),
                Bits.get(b, o, 428, 4),
                Bits.get(b, o, 432, 16),
                Bits.get(b, o, 456, 24),
                Bits.get(b, o, 480, 16),
                Bits.get(b, o, 496, 4),
                Bits.get(b, o, 500, 4),
                Bits.get(b, o, 507, 5));
    }

    private static void write(PortInfo v, byte[] b, int o) {
        Bits.put64(b, o + 0, v.mKey);
        Bits.put64(b, o + 8, v.gidPrefix);
        Bits.set(b, o, 128, 16, v.lid);
        Bits.set(b, o, 144, 16, v.masterSmLid);
        Bits.put32(b, o + 20, v.capabilityMask);
        Bits.set(b, o, 192, 16, v.diagCode);
        Bits.set(b, o, 208, 16, v.mKeyLeasePeriod);
        Bits.set(b, o, 224, 8, v.localPortNum);
        Bits.set(b, o, 232, 8, v.linkWidthEnabled);
        Bits.set(b, o, 240, 8, v.linkWidthSupported);
        Bits.set(b, o, 248, 8, v.linkWidthActive);
        Bits.set(b, o, 256, 4, v.linkSpeedSupported);
        Bits.set(b, o, 260, 4, v.portState);
        Bits.set(b, o, 264, 4, v.portPhysicalState);
        Bits.set(b, o, 268, 4, v.linkDownDefaultState);
        Bits.set(b, o, 272, 2, v.mKeyProtectBits);
        Bits.set(b, o, 277, 3, v.lmc);
        Bits.set(b, o, 280, 4, v.linkSpeedActive);
        Bits.set(b, o, 284, 4, v.linkSpeedEnabled);
        Bits.set(b, o, 288, 4, v.neighborMtu);
        Bits.set(b, o, 292, 4, v.masterSmSl);
        Bits.set(b, o, 296, 4, v.vlCap);
        Bits.set(b, o, 300, 4, v.initType);
        Bits.set(b, o, 304, 8, v.vlHighLimit);
        Bits.set(b, o, 312, 8, v.vlArbitrationHighCap);
        Bits.set(b, o, 320, 8, v.vlArbitrationLowCap);
        Bits.set(b, o, 328, 4, v.initTypeReply);
        Bits.set(b, o, 332, 4, v.mtuCap);
        Bits.set(b, o, 336, 3, v.vlStallCount);
        Bits.set(b, o, 339, 5, v.hoqLife);
        Bits.set(b, o, 344, 4, v.operationalVls);
        Bits.set(b, o, 348, 1, v.partitionEnforcementInbound ? 1 : 0);
        Bits.set(b, o, 349, 1, v.partitionEnforcementOutbound ? 1 : 0);
        Bits.set(b, o, 350, 1, v.filterRawInbound ? 1 : 0);
        Bits.set(b, o, 351, 1, v.filterRawOutbound ? 1 : 0);
        Bits.set(b, o, 352, 16, v.mKeyViolations);
        Bits.set(b, o, 368, 16, v.pKeyViolations);
        Bits.set(b, o, 384, 16, v.qKeyViolations);
        Bits.set(b, o, 400, 8, v.guidCap);
        Bits.set(b, o, 408, 1, v.clientReregister ? 1 : 0);
        Bits.set(b, o, 409, 2, v.multicastPKeyTrapSuppressionEnabled);
        Bits.set(b, o, 411, 5, v.subnetTimeout);
        Bits.set(b, o, 419, 5, v.respTimeValue);
        Bits.set(b, o, 424, 4, v.localPhyErrors);
        Bits.set(b, o, 428, 4, v.overrunErrors);
        Bits.set(b, o, 432, 16, v.maxCreditHint);
        Bits.set(b, o, 456, 24, v.linkRoundTripLatency);
        Bits.set(b, o, 480, 16, v.capabilityMask2);
        Bits.set(b, o, 496, 4, v.linkSpeedExtActive);
        Bits.set(b, o, 500, 4, v.linkSpeedExtSupported);
        Bits.set(b, o, 507, 5, v.linkSpeedExtEnabled);
    }

    /** The M_Key is a secret: it is not in the text. */
    @Override
    public String toString() {
        return "PortInfo[lid " + lid + " port " + localPortNum + " " + LinkEncodings.portState(portState) + "/"
                + LinkEncodings.physicalState(portPhysicalState) + " " + LinkEncodings.width(linkWidthActive) + " "
                + LinkEncodings.speed(linkSpeedActive) + "]";
    }
}
