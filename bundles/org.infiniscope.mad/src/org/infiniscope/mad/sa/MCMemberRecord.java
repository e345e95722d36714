package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * MCMemberRecord (IBA 15.2.5.17, attribute 0x38, 52 bytes): a port's membership of a multicast group and
 * the group's properties. Joins are SubnAdmSet, leaves SubnAdmDelete, with {@link Components} saying
 * which fields the request gives.
 *
 * @param mgid the multicast GID
 * @param portGid the member port's GID
 * @param qKey Q_Key
 * @param mlid the multicast LID
 * @param mtuSelector MTUSelector, 2 bits
 * @param mtu MTU, 6 bits
 * @param tClass TClass
 * @param pKey P_Key
 * @param rateSelector RateSelector, 2 bits
 * @param rate Rate, 6 bits
 * @param packetLifeTimeSelector PacketLifeTimeSelector, 2 bits
 * @param packetLifeTime PacketLifeTime, 6 bits
 * @param sl SL, 4 bits
 * @param flowLabel FlowLabel, 20 bits
 * @param hopLimit HopLimit
 * @param scope Scope, 4 bits
 * @param joinState JoinState, 4 bits ({@link #FULL_MEMBER}, {@link #NON_MEMBER}, {@link #SEND_ONLY_NON_MEMBER},
 *        {@link #SEND_ONLY_FULL_MEMBER})
 * @param proxyJoin ProxyJoin
 */
public record MCMemberRecord(Gid mgid, Gid portGid, int qKey, int mlid, int mtuSelector, int mtu, int tClass, int pKey,
        int rateSelector, int rate, int packetLifeTimeSelector, int packetLifeTime, int sl, int flowLabel, int hopLimit,
        int scope, int joinState, boolean proxyJoin) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x38;
    /** Size on the wire. */
    public static final int LENGTH = 52;
    /** JoinState bit: full member. */
    public static final int FULL_MEMBER = 0x1;
    /** JoinState bit: non-member. */
    public static final int NON_MEMBER = 0x2;
    /** JoinState bit: send-only non-member. */
    public static final int SEND_ONLY_NON_MEMBER = 0x4;
    /** JoinState bit: send-only full member. */
    public static final int SEND_ONLY_FULL_MEMBER = 0x8;

    /** ComponentMask bits, numbered as IBA 15.2.5.17 numbers the components. */
    public static final class Components {
        public static final long MGID = 1L << 0;
        public static final long PORT_GID = 1L << 1;
        public static final long Q_KEY = 1L << 2;
        public static final long MLID = 1L << 3;
        public static final long MTU_SELECTOR = 1L << 4;
        public static final long MTU = 1L << 5;
        public static final long TCLASS = 1L << 6;
        public static final long P_KEY = 1L << 7;
        public static final long RATE_SELECTOR = 1L << 8;
        public static final long RATE = 1L << 9;
        public static final long PACKET_LIFE_TIME_SELECTOR = 1L << 10;
        public static final long PACKET_LIFE_TIME = 1L << 11;
        public static final long SL = 1L << 12;
        public static final long FLOW_LABEL = 1L << 13;
        public static final long HOP_LIMIT = 1L << 14;
        public static final long SCOPE = 1L << 15;
        public static final long JOIN_STATE = 1L << 16;
        public static final long PROXY_JOIN = 1L << 17;

        private Components() {
        }
    }

    /** The codec. */
    public static final AttributeCodec<MCMemberRecord> CODEC = new SaRecordCodec<>("MCMemberRecord", ATTRIBUTE_ID,
            LENGTH, MCMemberRecord::read, MCMemberRecord::write);

    /** Checks that every field fits its bits. */
    public MCMemberRecord {
        Objects.requireNonNull(mgid, "mgid");
        Objects.requireNonNull(portGid, "portGid");
        checkBits("mlid", mlid, 16);
        checkBits("mtuSelector", mtuSelector, 2);
        checkBits("mtu", mtu, 6);
        checkBits("tClass", tClass, 8);
        checkBits("pKey", pKey, 16);
        checkBits("rateSelector", rateSelector, 2);
        checkBits("rate", rate, 6);
        checkBits("packetLifeTimeSelector", packetLifeTimeSelector, 2);
        checkBits("packetLifeTime", packetLifeTime, 6);
        checkBits("sl", sl, 4);
        checkBits("flowLabel", flowLabel, 20);
        checkBits("hopLimit", hopLimit, 8);
        checkBits("scope", scope, 4);
        checkBits("joinState", joinState, 4);
    }

    private static MCMemberRecord read(byte[] b, int o) {
        return new MCMemberRecord(Gid.read(b, o), Gid.read(b, o + 16), Bits.u32(b, o + 32), Bits.u16(b, o + 36),
                Bits.get(b, o + 38, 0, 2), Bits.get(b, o + 38, 2, 6), Bits.u8(b, o + 39), Bits.u16(b, o + 40),
                Bits.get(b, o + 42, 0, 2), Bits.get(b, o + 42, 2, 6), Bits.get(b, o + 43, 0, 2),
                Bits.get(b, o + 43, 2, 6), Bits.get(b, o + 44, 0, 4), Bits.get(b, o + 44, 4, 20), Bits.u8(b, o + 47),
                Bits.get(b, o + 48, 0, 4), Bits.get(b, o + 48, 4, 4), Bits.get(b, o + 49, 0, 1) != 0);
    }

    private static void write(MCMemberRecord r, byte[] b, int o) {
        r.mgid.write(b, o);
        r.portGid.write(b, o + 16);
        Bits.put32(b, o + 32, r.qKey);
        Bits.put16(b, o + 36, r.mlid);
        Bits.put8(b, o + 38, (r.mtuSelector << 6) | r.mtu);
        Bits.put8(b, o + 39, r.tClass);
        Bits.put16(b, o + 40, r.pKey);
        Bits.put8(b, o + 42, (r.rateSelector << 6) | r.rate);
        Bits.put8(b, o + 43, (r.packetLifeTimeSelector << 6) | r.packetLifeTime);
        Bits.put32(b, o + 44, (r.sl << 28) | (r.flowLabel << 8) | r.hopLimit);
        Bits.put8(b, o + 48, (r.scope << 4) | r.joinState);
        Bits.put8(b, o + 49, r.proxyJoin ? 0x80 : 0);
    }
}
