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
public record PortInfo(long mKey, long gidPrefix, int lid, int masterSmLid, int capabilityMask, int diagCode,
        int mKeyLeasePeriod, int localPortNum, int linkWidthEnabled, int linkWidthSupported, int linkWidthActive,
        int linkSpeedSupported, int portState, int portPhysicalState, int linkDownDefaultState, int mKeyProtectBits,
        int lmc, int linkSpeedActive, int linkSpeedEnabled, int neighborMtu, int masterSmSl, int vlCap, int initType,
        int vlHighLimit, int vlArbitrationHighCap, int vlArbitrationLowCap, int initTypeReply, int mtuCap,
        int vlStallCount, int hoqLife, int operationalVls, boolean partitionEnforcementInbound,
        boolean partitionEnforcementOutbound, boolean filterRawInbound, boolean filterRawOutbound, int mKeyViolations,
        int pKeyViolations, int qKeyViolations, int guidCap, boolean clientReregister,
        int multicastPKeyTrapSuppressionEnabled, int subnetTimeout, int respTimeValue, int localPhyErrors,
        int overrunErrors, int maxCreditHint, int linkRoundTripLatency, int capabilityMask2, int linkSpeedExtActive,
        int linkSpeedExtSupported, int linkSpeedExtEnabled) {

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

    // Field by field at constant byte offsets, fields that share a byte split with shifts and masks: with 51
    // fields, Bits.get's generic bit arithmetic (a loop over the bytes a field spans) cost more than the
    // record. The bit offsets above stay the reference; the tests hold these bytes to them.

    private static PortInfo read(byte[] b, int o) {
        int speedState = Bits.u8(b, o + 32);
        int physicalDown = Bits.u8(b, o + 33);
        int protectLmc = Bits.u8(b, o + 34);
        int speedActiveEnabled = Bits.u8(b, o + 35);
        int mtuSl = Bits.u8(b, o + 36);
        int vlCapInit = Bits.u8(b, o + 37);
        int replyMtuCap = Bits.u8(b, o + 41);
        int stallHoq = Bits.u8(b, o + 42);
        int vlsFlags = Bits.u8(b, o + 43);
        int reregTimeout = Bits.u8(b, o + 51);
        int errors = Bits.u8(b, o + 53);
        int extSpeeds = Bits.u8(b, o + 62);
        return new PortInfo(Bits.u64(b, o), Bits.u64(b, o + 8), Bits.u16(b, o + 16), Bits.u16(b, o + 18),
                Bits.u32(b, o + 20), Bits.u16(b, o + 24), Bits.u16(b, o + 26), Bits.u8(b, o + 28), Bits.u8(b, o + 29),
                Bits.u8(b, o + 30), Bits.u8(b, o + 31), speedState >>> 4, speedState & 0xF, physicalDown >>> 4,
                physicalDown & 0xF, protectLmc >>> 6, protectLmc & 0x7, speedActiveEnabled >>> 4,
                speedActiveEnabled & 0xF, mtuSl >>> 4, mtuSl & 0xF, vlCapInit >>> 4, vlCapInit & 0xF,
                Bits.u8(b, o + 38), Bits.u8(b, o + 39), Bits.u8(b, o + 40), replyMtuCap >>> 4, replyMtuCap & 0xF,
                stallHoq >>> 5, stallHoq & 0x1F, vlsFlags >>> 4, (vlsFlags & 0x8) != 0, (vlsFlags & 0x4) != 0,
                (vlsFlags & 0x2) != 0, (vlsFlags & 0x1) != 0, Bits.u16(b, o + 44), Bits.u16(b, o + 46),
                Bits.u16(b, o + 48), Bits.u8(b, o + 50), (reregTimeout & 0x80) != 0, (reregTimeout >>> 5) & 0x3,
                reregTimeout & 0x1F, Bits.u8(b, o + 52) & 0x1F, errors >>> 4, errors & 0xF, Bits.u16(b, o + 54),
                Bits.u32(b, o + 56) & 0xFF_FFFF, Bits.u16(b, o + 60), extSpeeds >>> 4, extSpeeds & 0xF,
                Bits.u8(b, o + 63) & 0x1F);
    }

    /** Writes into zeroed bytes; the constructor has checked that every field fits its bits. */
    private static void write(PortInfo v, byte[] b, int o) {
        Bits.put64(b, o, v.mKey);
        Bits.put64(b, o + 8, v.gidPrefix);
        Bits.put16(b, o + 16, v.lid);
        Bits.put16(b, o + 18, v.masterSmLid);
        Bits.put32(b, o + 20, v.capabilityMask);
        Bits.put16(b, o + 24, v.diagCode);
        Bits.put16(b, o + 26, v.mKeyLeasePeriod);
        Bits.put8(b, o + 28, v.localPortNum);
        Bits.put8(b, o + 29, v.linkWidthEnabled);
        Bits.put8(b, o + 30, v.linkWidthSupported);
        Bits.put8(b, o + 31, v.linkWidthActive);
        Bits.put8(b, o + 32, v.linkSpeedSupported << 4 | v.portState);
        Bits.put8(b, o + 33, v.portPhysicalState << 4 | v.linkDownDefaultState);
        Bits.put8(b, o + 34, v.mKeyProtectBits << 6 | v.lmc);
        Bits.put8(b, o + 35, v.linkSpeedActive << 4 | v.linkSpeedEnabled);
        Bits.put8(b, o + 36, v.neighborMtu << 4 | v.masterSmSl);
        Bits.put8(b, o + 37, v.vlCap << 4 | v.initType);
        Bits.put8(b, o + 38, v.vlHighLimit);
        Bits.put8(b, o + 39, v.vlArbitrationHighCap);
        Bits.put8(b, o + 40, v.vlArbitrationLowCap);
        Bits.put8(b, o + 41, v.initTypeReply << 4 | v.mtuCap);
        Bits.put8(b, o + 42, v.vlStallCount << 5 | v.hoqLife);
        Bits.put8(b, o + 43, v.operationalVls << 4 | bit(v.partitionEnforcementInbound, 3)
                | bit(v.partitionEnforcementOutbound, 2) | bit(v.filterRawInbound, 1) | bit(v.filterRawOutbound, 0));
        Bits.put16(b, o + 44, v.mKeyViolations);
        Bits.put16(b, o + 46, v.pKeyViolations);
        Bits.put16(b, o + 48, v.qKeyViolations);
        Bits.put8(b, o + 50, v.guidCap);
        Bits.put8(b, o + 51, bit(v.clientReregister, 7) | v.multicastPKeyTrapSuppressionEnabled << 5 | v.subnetTimeout);
        Bits.put8(b, o + 52, v.respTimeValue);
        Bits.put8(b, o + 53, v.localPhyErrors << 4 | v.overrunErrors);
        Bits.put16(b, o + 54, v.maxCreditHint);
        // Byte 56 is reserved: the 24-bit value leaves it zero.
        Bits.put32(b, o + 56, v.linkRoundTripLatency);
        Bits.put16(b, o + 60, v.capabilityMask2);
        Bits.put8(b, o + 62, v.linkSpeedExtActive << 4 | v.linkSpeedExtSupported);
        Bits.put8(b, o + 63, v.linkSpeedExtEnabled);
    }

    private static int bit(boolean set, int position) {
        return set ? 1 << position : 0;
    }

    /** The M_Key is a secret: it is not in the text. */
    @Override
    public String toString() {
        return "PortInfo[lid " + lid + " port " + localPortNum + " " + LinkEncodings.portState(portState) + "/"
                + LinkEncodings.physicalState(portPhysicalState) + " " + LinkEncodings.width(linkWidthActive) + " "
                + LinkEncodings.speed(linkSpeedActive) + "]";
    }
}
