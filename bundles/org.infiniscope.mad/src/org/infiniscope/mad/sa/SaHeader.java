package org.infiniscope.mad.sa;

import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The SA header (IBA 15.2.1.1), bytes 24–55 of every SA MAD: the RMPP header, SM_Key, AttributeOffset
 * and ComponentMask. {@link #toString()} never shows the SM_Key, a secret.
 *
 * @param rmpp the RMPP header (bytes 24–35)
 * @param smKey SM_Key (36–43): only the SM's own requests carry it
 * @param attributeOffset AttributeOffset (44–45): the distance between records of a table, in 8-byte units
 * @param componentMask ComponentMask (48–55): which components of the record in the request to match
 */
public record SaHeader(RmppHeader rmpp, long smKey, int attributeOffset, long componentMask) {

    /** Where the header starts in a MAD. */
    public static final int OFFSET = RmppHeader.OFFSET;
    /** Size of the header, from byte 24 to the data. */
    public static final int LENGTH = 32;
    /** The header of a plain request: no RMPP, no SM_Key, no components. */
    public static final SaHeader EMPTY = new SaHeader(RmppHeader.INACTIVE, 0, 0, 0);

    /** Checks the range of AttributeOffset. */
    public SaHeader {
        if (rmpp == null) {
            throw new IllegalArgumentException("rmpp is null");
        }
        if (attributeOffset < 0 || attributeOffset > 0xFFFF) {
            throw new IllegalArgumentException("attributeOffset " + attributeOffset + " is outside 0..65535");
        }
    }

    /** @return a header without RMPP and SM_Key, with the given component mask */
    public static SaHeader withComponents(long componentMask) {
        return new SaHeader(RmppHeader.INACTIVE, 0, 0, componentMask);
    }

    /**
     * @param mad a MAD
     * @param madOffset where the MAD starts
     * @throws MadFormatException if the 56 bytes of the SA headers are not there
     */
    public static SaHeader decode(byte[] mad, int madOffset) throws MadFormatException {
        Bits.require(mad, madOffset, OFFSET + LENGTH, "SA header");
        return new SaHeader(RmppHeader.decode(mad, madOffset + OFFSET), Bits.u64(mad, madOffset + 36),
                Bits.u16(mad, madOffset + 44), Bits.u64(mad, madOffset + 48));
    }

    /** Writes bytes 24–55 of the MAD at {@code madOffset}; the reserved bytes 46–47 are zeroed. */
    public void encode(byte[] mad, int madOffset) {
        rmpp.encode(mad, madOffset + OFFSET);
        Bits.put64(mad, madOffset + 36, smKey);
        Bits.put16(mad, madOffset + 44, attributeOffset);
        Bits.put16(mad, madOffset + 46, 0);
        Bits.put64(mad, madOffset + 48, componentMask);
    }

    /** @return the distance between the records of a table in bytes */
    public int recordStride() {
        return attributeOffset * 8;
    }

    /** @return the same header with another RMPP header */
    public SaHeader withRmpp(RmppHeader value) {
        return new SaHeader(value, smKey, attributeOffset, componentMask);
    }

    /** @return the same header with another AttributeOffset */
    public SaHeader withAttributeOffset(int value) {
        return new SaHeader(rmpp, smKey, value, componentMask);
    }

    /** Leaves the SM_Key out: it is a secret. */
    @Override
    public String toString() {
        return "SaHeader[" + rmpp + ", SM_Key " + (smKey == 0 ? "none" : "hidden") + ", attributeOffset "
                + attributeOffset + ", componentMask 0x" + Long.toHexString(componentMask) + "]";
    }
}
