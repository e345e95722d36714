package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * InformInfoRecord (IBA 15.2.5.12, attribute 0xF3, 60 bytes): a subscription the SA holds, with its
 * subscriber.
 *
 * @param subscriberGid the subscriber's port GID
 * @param subscriberEnum Enum: tells apart the subscriptions of one subscriber
 * @param informInfo the subscription
 */
public record InformInfoRecord(Gid subscriberGid, int subscriberEnum, InformInfo informInfo) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0xF3;
    /** Size on the wire (64 between records of a table). */
    public static final int LENGTH = 60;

    /**
     * ComponentMask bits, numbered as IBA 15.2.5.12 numbers the components: the record's own, then those
     * of its InformInfo.
     */
    public static final class Components {
        public static final long SUBSCRIBER_GID = 1L << 0;
        public static final long ENUM = 1L << 1;
        // Bit 2 is the reserved component.
        public static final long GID = 1L << 3;
        public static final long LID_RANGE_BEGIN = 1L << 4;
        public static final long LID_RANGE_END = 1L << 5;
        // Bit 6 is the reserved component.
        public static final long IS_GENERIC = 1L << 7;
        public static final long SUBSCRIBE = 1L << 8;
        public static final long TYPE = 1L << 9;
        /** TrapNumber of a generic subscription, DeviceID of a vendor one. */
        public static final long TRAP_NUMBER_OR_DEVICE_ID = 1L << 10;
        public static final long QPN = 1L << 11;
        // Bit 12 is the reserved component.
        public static final long RESP_TIME_VALUE = 1L << 13;
        // Bit 14 is the reserved component.
        /** ProducerType of a generic subscription, VendorID of a vendor one. */
        public static final long PRODUCER_TYPE_OR_VENDOR_ID = 1L << 15;

        private Components() {
        }
    }

    /** The codec. */
    public static final AttributeCodec<InformInfoRecord> CODEC = new SaRecordCodec<>("InformInfoRecord", ATTRIBUTE_ID,
            LENGTH, (b, o) -> new InformInfoRecord(Gid.read(b, o), Bits.u16(b, o + 16), InformInfo.read(b, o + 24)),
            (r, b, o) -> {
                r.subscriberGid.write(b, o);
                Bits.put16(b, o + 16, r.subscriberEnum);
                InformInfo.write(r.informInfo, b, o + 24);
            });

    /** Checks the fields. */
    public InformInfoRecord {
        Objects.requireNonNull(subscriberGid, "subscriberGid");
        Objects.requireNonNull(informInfo, "informInfo");
        checkBits("subscriberEnum", subscriberEnum, 16);
    }
}
