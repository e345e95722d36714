package org.infiniscope.mad.smp;

import static org.infiniscope.mad.smp.SmaCodec.check;

import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * Notice (attribute 0x02, IBA 14.2.5.1), the payload of a Trap: the 64 bytes an SMP carries. The SA's form adds
 * a 16-byte IssuerGID after them, which the SA codecs handle.
 *
 * @param generic whether it is a generic notice (else a vendor-specific one)
 * @param type 7 bits: 0 fatal, 1 urgent, 2 security, 3 subnet management, 4 informational
 * @param producerTypeOrVendorId 24 bits: for generic notices the producer type (1 CA, 2 switch, 3 router, 4 class
 *        manager), for vendor notices the vendor's OUI
 * @param trapNumberOrDeviceId 16 bits: the trap number, or a vendor notice's device ID
 * @param issuerLid 16 bits
 * @param toggle the NoticeToggle bit
 * @param count 15 bits, NoticeCount
 * @param details the 54 bytes of DataDetails: typed for the traps {@link TrapDetails} knows, raw otherwise
 */
public record Notice(boolean generic, int type, int producerTypeOrVendorId, int trapNumberOrDeviceId, int issuerLid,
        boolean toggle, int count, TrapDetails details) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x02;
    /** Length of the wire form. */
    public static final int LENGTH = 64;
    /** Offset of DataDetails in the attribute. */
    public static final int DETAILS_OFFSET = 10;

    /** Checks the widths and that typed details belong to this trap. */
    public Notice {
        check("type", type, 7);
        check("producerTypeOrVendorId", producerTypeOrVendorId, 24);
        check("trapNumberOrDeviceId", trapNumberOrDeviceId, 16);
        check("issuerLid", issuerLid, 16);
        check("count", count, 15);
        Objects.requireNonNull(details, "details");
        if (!(details instanceof TrapDetails.Raw)
                && !(generic && TrapDetails.typeFor(trapNumberOrDeviceId) == details.getClass())) {
            throw new IllegalArgumentException(details.getClass().getSimpleName() + " are not the details of "
                    + (generic ? "trap " + trapNumberOrDeviceId : "a vendor notice"));
        }
    }

    /** The wire form: 64 bytes. */
    public static final AttributeCodec<Notice> CODEC = new SmaCodec<>(ATTRIBUTE_ID, LENGTH, "Notice", (b, o) -> {
        boolean generic = Bits.get(b, o, 0, 1) != 0;
        int trap = Bits.u16(b, o + 4);
        return new Notice(generic, Bits.get(b, o, 1, 7), Bits.get(b, o, 8, 24), trap, Bits.u16(b, o + 6),
                Bits.get(b, o, 64, 1) != 0, Bits.get(b, o, 65, 15),
                TrapDetails.decode(generic, trap, b, o + DETAILS_OFFSET));
    }, (v, b, o) -> {
        Bits.set(b, o, 0, 1, v.generic ? 1 : 0);
        Bits.set(b, o, 1, 7, v.type);
        Bits.set(b, o, 8, 24, v.producerTypeOrVendorId);
        Bits.put16(b, o + 4, v.trapNumberOrDeviceId);
        Bits.put16(b, o + 6, v.issuerLid);
        Bits.set(b, o, 64, 1, v.toggle ? 1 : 0);
        Bits.set(b, o, 65, 15, v.count);
        v.details.encode(b, o + DETAILS_OFFSET);
    });
}
