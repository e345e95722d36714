package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * PortInfoRecord (IBA 15.2.5.3, attribute 0x12, 68 bytes; 72 between records of a table): the PortInfo of one
 * port.
 *
 * @param endportLid the LID of the end port: a CA port's own LID, a switch's port 0 LID for all its ports
 * @param portNum the port
 * @param options Options, 8 bits: request flags the SA echoes; with the top bit clear, OpenSM adds the QDR bit to
 *        the speeds of a port whose extended speed is active, so that older clients see a fast link
 * @param portInfo the port's PortInfo
 */
public record PortInfoRecord(int endportLid, int portNum, int options, PortInfo portInfo) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x12;
    /** Size on the wire. */
    public static final int LENGTH = 68;

    /**
     * ComponentMask bits, numbered as IBA 15.2.5.3 numbers the components: the record's own, then one per
     * PortInfo field, reserved fields included.
     */
    public static final class Components {
        public static final long ENDPORT_LID = 1L << 0;
        public static final long PORT_NUM = 1L << 1;
        public static final long OPTIONS = 1L << 2;
        public static final long M_KEY = 1L << 3;
        public static final long GID_PREFIX = 1L << 4;
        /** PortInfo:LID, the port's base LID. */
        public static final long BASE_LID = 1L << 5;
        public static final long MASTER_SM_LID = 1L << 6;
        public static final long CAPABILITY_MASK = 1L << 7;
        public static final long DIAG_CODE = 1L << 8;
        public static final long M_KEY_LEASE_PERIOD = 1L << 9;
        public static final long LOCAL_PORT_NUM = 1L << 10;
        public static final long LINK_WIDTH_ENABLED = 1L << 11;
        public static final long LINK_WIDTH_SUPPORTED = 1L << 12;
        public static final long LINK_WIDTH_ACTIVE = 1L << 13;
        public static final long LINK_SPEED_SUPPORTED = 1L << 14;
        public static final long PORT_STATE = 1L << 15;
        public static final long PORT_PHYSICAL_STATE = 1L << 16;
        public static final long LINK_DOWN_DEFAULT_STATE = 1L << 17;
        public static final long M_KEY_PROTECT_BITS = 1L << 18;
        // Bit 19 is a reserved component (PortInfo bits 274-276).
        public static final long LMC = 1L << 20;
        public static final long LINK_SPEED_ACTIVE = 1L << 21;
        public static final long LINK_SPEED_ENABLED = 1L << 22;
        public static final long NEIGHBOR_MTU = 1L << 23;
        public static final long MASTER_SM_SL = 1L << 24;
        public static final long VL_CAP = 1L << 25;
        public static final long INIT_TYPE = 1L << 26;
        public static final long VL_HIGH_LIMIT = 1L << 27;
        public static final long VL_ARBITRATION_HIGH_CAP = 1L << 28;
        public static final long VL_ARBITRATION_LOW_CAP = 1L << 29;
        public static final long INIT_TYPE_REPLY = 1L << 30;
        public static final long MTU_CAP = 1L << 31;
        public static final long VL_STALL_COUNT = 1L << 32;
        public static final long HOQ_LIFE = 1L << 33;
        public static final long OPERATIONAL_VLS = 1L << 34;
        public static final long PARTITION_ENFORCEMENT_INBOUND = 1L << 35;
        public static final long PARTITION_ENFORCEMENT_OUTBOUND = 1L << 36;
        public static final long FILTER_RAW_INBOUND = 1L << 37;
        public static final long FILTER_RAW_OUTBOUND = 1L << 38;
        public static final long M_KEY_VIOLATIONS = 1L << 39;
        public static final long P_KEY_VIOLATIONS = 1L << 40;
        public static final long Q_KEY_VIOLATIONS = 1L << 41;
        public static final long GUID_CAP = 1L << 42;
        public static final long CLIENT_REREGISTER = 1L << 43;
        /** Reserved before IBA 1.2.1 gave its two bits this field (OpenSM still calls the bit RESV3). */
        public static final long MULTICAST_P_KEY_TRAP_SUPPRESSION_ENABLED = 1L << 44;
        public static final long SUBNET_TIMEOUT = 1L << 45;
        // Bit 46 is a reserved component (PortInfo bits 416-418).
        public static final long RESP_TIME_VALUE = 1L << 47;
        public static final long LOCAL_PHY_ERRORS = 1L << 48;
        public static final long OVERRUN_ERRORS = 1L << 49;
        public static final long MAX_CREDIT_HINT = 1L << 50;
        // Bit 51 is a reserved component (PortInfo bits 448-455).
        public static final long LINK_ROUND_TRIP_LATENCY = 1L << 52;
        public static final long CAPABILITY_MASK2 = 1L << 53;
        public static final long LINK_SPEED_EXT_ACTIVE = 1L << 54;
        public static final long LINK_SPEED_EXT_SUPPORTED = 1L << 55;
        // Bit 56 is a reserved component (PortInfo bits 504-506).
        public static final long LINK_SPEED_EXT_ENABLED = 1L << 57;

        private Components() {
        }
    }

    private static final int PORT_INFO = 4;

    /** The codec; the embedded PortInfo is PortInfo's own codec. */
    public static final AttributeCodec<PortInfoRecord> CODEC = new SaRecordCodec<>("PortInfoRecord", ATTRIBUTE_ID,
            LENGTH, (b, o) -> new PortInfoRecord(Bits.u16(b, o), Bits.u8(b, o + 2), Bits.u8(b, o + 3),
                    PortInfo.CODEC.decode(b, o + PORT_INFO)),
            (r, b, o) -> {
                Bits.put16(b, o, r.endportLid);
                Bits.put8(b, o + 2, r.portNum);
                Bits.put8(b, o + 3, r.options);
                PortInfo.CODEC.encode(r.portInfo, b, o + PORT_INFO);
            });

    /** Checks the fields. */
    public PortInfoRecord {
        checkBits("endportLid", endportLid, 16);
        checkBits("portNum", portNum, 8);
        checkBits("options", options, 8);
        Objects.requireNonNull(portInfo, "portInfo");
    }
}
