package org.infiniscope.mad;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * The common MAD header, the first 24 bytes of every MAD (IBA 13.4.3).
 *
 * @param baseVersion always 1 on the wire
 * @param mgmtClass the management class ({@link MgmtClass})
 * @param classVersion the class's version (1 for SM and PerfMgt, 2 for SA and CM)
 * @param method the method, bit 7 set in responses ({@link Method})
 * @param status 16 bits ({@link MadStatus}); for directed-route SMPs bit 15 is the D (direction) bit
 * @param classSpecific 16 bits; directed-route SMPs carry the hop pointer (high byte) and hop count
 * @param transactionId the 64-bit transaction ID
 * @param attributeId 16 bits
 * @param attributeModifier 32 bits
 */
public record MadHeader(int baseVersion, int mgmtClass, int classVersion, int method, int status, int classSpecific,
        long transactionId, int attributeId, int attributeModifier) {

    /** Size of the header on the wire. */
    public static final int LENGTH = 24;
    /** The only base version IBA defines. */
    public static final int BASE_VERSION = 1;

    /** Checks the ranges of the narrow fields. */
    public MadHeader {
        checkRange("baseVersion", baseVersion, 0xFF);
        checkRange("mgmtClass", mgmtClass, 0xFF);
        checkRange("classVersion", classVersion, 0xFF);
        checkRange("method", method, 0xFF);
        checkRange("status", status, 0xFFFF);
        checkRange("classSpecific", classSpecific, 0xFFFF);
        checkRange("attributeId", attributeId, 0xFFFF);
    }

    private static void checkRange(String name, int value, int max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException(name + " " + value + " is outside 0.." + max);
        }
    }

    /**
     * Decodes the header at the start of a MAD.
     *
     * @throws MadFormatException if fewer than 24 bytes are there, or the base version is not 1
     */
    public static MadHeader decode(byte[] mad, int offset) throws MadFormatException {
        Bits.require(mad, offset, LENGTH, "MAD header");
        int base = Bits.u8(mad, offset);
        if (base != BASE_VERSION) {
            throw new MadFormatException(Problem.BAD_BASE_VERSION, offset, "BaseVersion " + base + ", expected 1");
        }
        return new MadHeader(base, Bits.u8(mad, offset + 1), Bits.u8(mad, offset + 2), Bits.u8(mad, offset + 3),
                Bits.u16(mad, offset + 4), Bits.u16(mad, offset + 6), Bits.u64(mad, offset + 8),
                Bits.u16(mad, offset + 16), Bits.u32(mad, offset + 20));
    }

    /** Writes the header; the reserved bytes 18–19 are zeroed. */
    public void encode(byte[] mad, int offset) {
        Bits.put8(mad, offset, baseVersion);
        Bits.put8(mad, offset + 1, mgmtClass);
        Bits.put8(mad, offset + 2, classVersion);
        Bits.put8(mad, offset + 3, method);
        Bits.put16(mad, offset + 4, status);
        Bits.put16(mad, offset + 6, classSpecific);
        Bits.put64(mad, offset + 8, transactionId);
        Bits.put16(mad, offset + 16, attributeId);
        Bits.put16(mad, offset + 18, 0);
        Bits.put32(mad, offset + 20, attributeModifier);
    }

    /** @return whether the method is a response (bit 7 set) */
    public boolean isResponse() {
        return Method.isResponse(method);
    }

    /** @return this header as the answer to it: the response method, the given status, the same TID */
    public MadHeader response(int responseStatus) {
        return new MadHeader(baseVersion, mgmtClass, classVersion, Method.responseOf(method), responseStatus,
                classSpecific, transactionId, attributeId, attributeModifier);
    }

    @Override
    public String toString() {
        return "MadHeader[" + MgmtClass.name(mgmtClass) + " v" + classVersion + " " + Method.name(method) + " attr 0x"
                + Integer.toHexString(attributeId) + " mod 0x" + Integer.toHexString(attributeModifier) + " tid 0x"
                + Long.toHexString(transactionId) + " status " + MadStatus.describe(status) + "]";
    }
}
