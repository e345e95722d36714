package org.infiniscope.mad.vendor;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;

/**
 * A vendor-class MAD as raw bytes (IBA 13.4.9): the header, and the payload the vendor's codec interprets.
 * Classes 0x09–0x0F carry 232 bytes of data from byte 24. Classes 0x30–0x4F may use RMPP: bytes 24–35 are
 * the RMPP header, byte 36 is reserved, 37–39 the vendor's OUI, and the data is 216 bytes from byte 40.
 *
 * @param header the common header; its class is a vendor class
 * @param rmppHeader the 12 RMPP header bytes of a class 0x30–0x4F MAD, empty for classes 0x09–0x0F
 * @param oui the 24-bit OUI of a class 0x30–0x4F MAD, {@link #NO_OUI} for classes 0x09–0x0F
 * @param payload the data, zero-padded to 232 or 216 bytes
 */
public record VendorMad(MadHeader header, Octets rmppHeader, int oui, Octets payload) {

    /** The OUI of a class 0x09–0x0F MAD, which carries none. */
    public static final int NO_OUI = -1;
    /** Where the data of a class 0x09–0x0F MAD starts. */
    public static final int RANGE1_DATA_OFFSET = 24;
    /** Where the OUI of a class 0x30–0x4F MAD starts. */
    public static final int OUI_OFFSET = 37;
    /** Where the data of a class 0x30–0x4F MAD starts. */
    public static final int RANGE2_DATA_OFFSET = 40;
    private static final int RMPP_HEADER_LENGTH = 12;

    /** Checks the class, the OUI and the payload size; pads the payload and a missing RMPP header. */
    public VendorMad {
        if (!MgmtClass.isVendor(header.mgmtClass())) {
            throw new IllegalArgumentException(MgmtClass.name(header.mgmtClass()) + " is not a vendor class");
        }
        boolean range2 = isRange2(header.mgmtClass());
        if (range2 ? (oui < 0 || oui > 0xFFFFFF) : oui != NO_OUI) {
            throw new IllegalArgumentException("OUI " + oui + " for " + MgmtClass.name(header.mgmtClass())
                    + (range2 ? ": must be 24 bits" : ": only classes 0x30-0x4F carry one (use NO_OUI)"));
        }
        int dataLength = dataLength(header.mgmtClass());
        payload = padded("payload", payload, dataLength);
        if (!range2 && rmppHeader != null && rmppHeader.length() != 0) {
            throw new IllegalArgumentException("classes 0x09-0x0F have no RMPP header");
        }
        rmppHeader = range2 ? padded("RMPP header", rmppHeader, RMPP_HEADER_LENGTH) : Octets.EMPTY;
    }

    private static Octets padded(String what, Octets bytes, int length) {
        if (bytes == null || bytes.length() == 0) {
            return Octets.copyOf(new byte[length], 0, length);
        }
        if (bytes.length() > length) {
            throw new IllegalArgumentException(what + " is " + bytes.length() + " bytes; at most " + length + " fit");
        }
        byte[] out = new byte[length];
        bytes.copyTo(out, 0);
        return Octets.of(out);
    }

    /** @return whether the class is one of 0x30–0x4F, which carry an OUI and may use RMPP */
    public static boolean isRange2(int mgmtClass) {
        return mgmtClass >= 0x30 && mgmtClass <= 0x4F;
    }

    /** @return the size of the data of a vendor class's MADs: 232 or 216 bytes */
    public static int dataLength(int mgmtClass) {
        return Mad.SIZE - (isRange2(mgmtClass) ? RANGE2_DATA_OFFSET : RANGE1_DATA_OFFSET);
    }

    /** @return a Get request with an empty payload */
    public static VendorMad get(int mgmtClass, int classVersion, int oui, int attributeId, int attributeModifier,
            long transactionId) {
        return new VendorMad(new MadHeader(MadHeader.BASE_VERSION, mgmtClass, classVersion, Method.GET, 0, 0,
                transactionId, attributeId, attributeModifier), null, oui, null);
    }

    /**
     * Decodes a 256-byte vendor MAD.
     *
     * @throws MadFormatException when it is short, its base version is not 1, or its class is not a vendor class
     */
    public static VendorMad decode(byte[] mad) throws MadFormatException {
        Bits.require(mad, 0, Mad.SIZE, "vendor MAD");
        MadHeader header = MadHeader.decode(mad, 0);
        if (!MgmtClass.isVendor(header.mgmtClass())) {
            throw new MadFormatException(Problem.BAD_CLASS, 1,
                    "MgmtClass " + MgmtClass.name(header.mgmtClass()) + " is not a vendor class");
        }
        if (isRange2(header.mgmtClass())) {
            return new VendorMad(header, Octets.copyOf(mad, 24, RMPP_HEADER_LENGTH),
                    Bits.u32(mad, OUI_OFFSET - 1) & 0xFFFFFF,
                    Octets.copyOf(mad, RANGE2_DATA_OFFSET, Mad.SIZE - RANGE2_DATA_OFFSET));
        }
        return new VendorMad(header, Octets.EMPTY, NO_OUI,
                Octets.copyOf(mad, RANGE1_DATA_OFFSET, Mad.SIZE - RANGE1_DATA_OFFSET));
    }

    /** @return the 256-byte MAD; the reserved byte 36 of classes 0x30–0x4F is zero */
    public byte[] encode() {
        byte[] mad = new byte[Mad.SIZE];
        header.encode(mad, 0);
        if (isRange2(header.mgmtClass())) {
            rmppHeader.copyTo(mad, 24);
            Bits.put32(mad, OUI_OFFSET - 1, oui);
            payload.copyTo(mad, RANGE2_DATA_OFFSET);
        } else {
            payload.copyTo(mad, RANGE1_DATA_OFFSET);
        }
        return mad;
    }

    /** @return the management class */
    public int mgmtClass() {
        return header.mgmtClass();
    }

    /** @return the attribute ID */
    public int attributeId() {
        return header.attributeId();
    }

    /** @return the attribute modifier */
    public int attributeModifier() {
        return header.attributeModifier();
    }
}
