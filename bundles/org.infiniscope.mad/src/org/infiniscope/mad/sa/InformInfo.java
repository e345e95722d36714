package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * InformInfo (IBA 13.4.8.3, attribute 0x03, 36 bytes): a subscription to traps (reports) from the SA,
 * sent with SubnAdmSet; also the body of an {@link InformInfoRecord}. Generic subscriptions name a trap
 * number and producer type, vendor ones a device ID and vendor ID in the same bits.
 *
 * @param gid the GID of the port whose traps to forward (zero: use the LID range)
 * @param lidRangeBegin LIDRangeBegin (0xFFFF: every LID)
 * @param lidRangeEnd LIDRangeEnd
 * @param isGeneric IsGeneric: a generic, not vendor-specific, trap
 * @param subscribe Subscribe (true) or unsubscribe (false)
 * @param type the trap type (0 fatal, 1 urgent, 2 security, 3 subnet management, 4 informational, 0xFFFF all)
 * @param trapNumberOrDeviceId TrapNumber when generic, DeviceID when not
 * @param qpn QPN, 24 bits: where to send the reports
 * @param respTimeValue RespTimeValue, 5 bits
 * @param producerTypeOrVendorId ProducerType when generic, VendorID when not, 24 bits
 */
public record InformInfo(Gid gid, int lidRangeBegin, int lidRangeEnd, boolean isGeneric, boolean subscribe, int type,
        int trapNumberOrDeviceId, int qpn, int respTimeValue, int producerTypeOrVendorId) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x03;
    /** Size on the wire. */
    public static final int LENGTH = 36;

    /** The codec. */
    public static final AttributeCodec<InformInfo> CODEC = new SaRecordCodec<>("InformInfo", ATTRIBUTE_ID, LENGTH,
            InformInfo::read, InformInfo::write);

    /** Checks that every field fits its bits. */
    public InformInfo {
        Objects.requireNonNull(gid, "gid");
        checkBits("lidRangeBegin", lidRangeBegin, 16);
        checkBits("lidRangeEnd", lidRangeEnd, 16);
        checkBits("type", type, 16);
        checkBits("trapNumberOrDeviceId", trapNumberOrDeviceId, 16);
        checkBits("qpn", qpn, 24);
        checkBits("respTimeValue", respTimeValue, 5);
        checkBits("producerTypeOrVendorId", producerTypeOrVendorId, 24);
    }

    static InformInfo read(byte[] b, int o) {
        // IsGeneric and Subscribe are whole bytes; any non-zero value counts as set, as receivers read them.
        return new InformInfo(Gid.read(b, o), Bits.u16(b, o + 16), Bits.u16(b, o + 18), Bits.u8(b, o + 22) != 0,
                Bits.u8(b, o + 23) != 0, Bits.u16(b, o + 24), Bits.u16(b, o + 26), Bits.get(b, o + 28, 0, 24),
                Bits.get(b, o + 28, 27, 5), Bits.get(b, o + 32, 8, 24));
    }

    static void write(InformInfo r, byte[] b, int o) {
        r.gid.write(b, o);
        Bits.put16(b, o + 16, r.lidRangeBegin);
        Bits.put16(b, o + 18, r.lidRangeEnd);
        Bits.put8(b, o + 22, r.isGeneric ? 1 : 0);
        Bits.put8(b, o + 23, r.subscribe ? 1 : 0);
        Bits.put16(b, o + 24, r.type);
        Bits.put16(b, o + 26, r.trapNumberOrDeviceId);
        Bits.put32(b, o + 28, (r.qpn << 8) | r.respTimeValue);
        Bits.put32(b, o + 32, r.producerTypeOrVendorId);
    }
}
