package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * PathRecord (IBA 15.2.5.16, attribute 0x35, 64 bytes): a path between two ports and the properties to
 * use on it. In a request, the {@link Components} in the component mask say which fields to match.
 *
 * @param serviceId ServiceID (64 bits; two components, MSB and LSB halves)
 * @param dgid destination GID
 * @param sgid source GID
 * @param dlid destination LID
 * @param slid source LID
 * @param rawTraffic RawTraffic: the path carries raw packets, not IBA transport
 * @param flowLabel FlowLabel, 20 bits
 * @param hopLimit HopLimit, 8 bits
 * @param tClass TClass, 8 bits
 * @param reversible Reversible
 * @param numbPath NumbPath, 7 bits: in a request the most paths to return
 * @param pKey P_Key
 * @param qosClass QoSClass, 12 bits
 * @param sl SL, 4 bits
 * @param mtuSelector MTUSelector, 2 bits (0 greater than, 1 less than, 2 exactly, 3 largest)
 * @param mtu MTU, 6 bits (1 = 256 ... 5 = 4096)
 * @param rateSelector RateSelector, 2 bits
 * @param rate Rate, 6 bits
 * @param packetLifeTimeSelector PacketLifeTimeSelector, 2 bits
 * @param packetLifeTime PacketLifeTime, 6 bits
 * @param preference Preference, 8 bits: lower is better
 */
public record PathRecord(long serviceId, Gid dgid, Gid sgid, int dlid, int slid, boolean rawTraffic, int flowLabel,
        int hopLimit, int tClass, boolean reversible, int numbPath, int pKey, int qosClass, int sl, int mtuSelector,
        int mtu, int rateSelector, int rate, int packetLifeTimeSelector, int packetLifeTime, int preference) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x35;
    /** Size on the wire. */
    public static final int LENGTH = 64;

    /** ComponentMask bits, numbered as IBA 15.2.5.16 numbers the components. */
    public static final class Components {
        public static final long SERVICE_ID_MSB = 1L << 0;
        public static final long SERVICE_ID_LSB = 1L << 1;
        /** Both halves of the ServiceID. */
        public static final long SERVICE_ID = SERVICE_ID_MSB | SERVICE_ID_LSB;
        public static final long DGID = 1L << 2;
        public static final long SGID = 1L << 3;
        public static final long DLID = 1L << 4;
        public static final long SLID = 1L << 5;
        public static final long RAW_TRAFFIC = 1L << 6;
        // Bit 7 is the reserved component.
        public static final long FLOW_LABEL = 1L << 8;
        public static final long HOP_LIMIT = 1L << 9;
        public static final long TCLASS = 1L << 10;
        public static final long REVERSIBLE = 1L << 11;
        public static final long NUMB_PATH = 1L << 12;
        public static final long P_KEY = 1L << 13;
        public static final long QOS_CLASS = 1L << 14;
        public static final long SL = 1L << 15;
        public static final long MTU_SELECTOR = 1L << 16;
        public static final long MTU = 1L << 17;
        public static final long RATE_SELECTOR = 1L << 18;
        public static final long RATE = 1L << 19;
        public static final long PACKET_LIFE_TIME_SELECTOR = 1L << 20;
        public static final long PACKET_LIFE_TIME = 1L << 21;
        public static final long PREFERENCE = 1L << 22;

        private Components() {
        }
    }

    /** The codec. */
    public static final AttributeCodec<PathRecord> CODEC = new SaRecordCodec<>("PathRecord", ATTRIBUTE_ID, LENGTH,
            PathRecord::read, PathRecord::write);

    /** Checks that every field fits its bits. */
    public PathRecord {
        Objects.requireNonNull(dgid, "dgid");
        Objects.requireNonNull(sgid, "sgid");
        checkBits("dlid", dlid, 16);
        checkBits("slid", slid, 16);
        checkBits("flowLabel", flowLabel, 20);
        checkBits("hopLimit", hopLimit, 8);
        checkBits("tClass", tClass, 8);
        checkBits("numbPath", numbPath, 7);
        checkBits("pKey", pKey, 16);
        checkBits("qosClass", qosClass, 12);
        checkBits("sl", sl, 4);
        checkBits("mtuSelector", mtuSelector, 2);
        checkBits("mtu", mtu, 6);
        checkBits("rateSelector", rateSelector, 2);
        checkBits("rate", rate, 6);
        checkBits("packetLifeTimeSelector", packetLifeTimeSelector, 2);
        checkBits("packetLifeTime", packetLifeTime, 6);
        checkBits("preference", preference, 8);
    }

    private static PathRecord read(byte[] b, int o) {
        return new PathRecord(Bits.u64(b, o), Gid.read(b, o + 8), Gid.read(b, o + 24), Bits.u16(b, o + 40),
                Bits.u16(b, o + 42), Bits.get(b, o + 44, 0, 1) != 0, Bits.get(b, o + 44, 4, 20), Bits.u8(b, o + 47),
                Bits.u8(b, o + 48), Bits.get(b, o + 49, 0, 1) != 0, Bits.get(b, o + 49, 1, 7), Bits.u16(b, o + 50),
                Bits.get(b, o + 52, 0, 12), Bits.get(b, o + 52, 12, 4), Bits.get(b, o + 54, 0, 2),
                Bits.get(b, o + 54, 2, 6), Bits.get(b, o + 55, 0, 2), Bits.get(b, o + 55, 2, 6),
                Bits.get(b, o + 56, 0, 2), Bits.get(b, o + 56, 2, 6), Bits.u8(b, o + 57));
    }

    private static void write(PathRecord r, byte[] b, int o) {
        Bits.put64(b, o, r.serviceId);
        r.dgid.write(b, o + 8);
        r.sgid.write(b, o + 24);
        Bits.put16(b, o + 40, r.dlid);
        Bits.put16(b, o + 42, r.slid);
        Bits.set(b, o + 44, 0, 1, r.rawTraffic ? 1 : 0);
        Bits.set(b, o + 44, 4, 20, r.flowLabel);
        Bits.put8(b, o + 47, r.hopLimit);
        Bits.put8(b, o + 48, r.tClass);
        Bits.put8(b, o + 49, (r.reversible ? 0x80 : 0) | r.numbPath);
        Bits.put16(b, o + 50, r.pKey);
        Bits.put16(b, o + 52, (r.qosClass << 4) | r.sl);
        Bits.put8(b, o + 54, (r.mtuSelector << 6) | r.mtu);
        Bits.put8(b, o + 55, (r.rateSelector << 6) | r.rate);
        Bits.put8(b, o + 56, (r.packetLifeTimeSelector << 6) | r.packetLifeTime);
        Bits.put8(b, o + 57, r.preference);
    }

    /** @return a request template: zero everywhere but the two LIDs (match with DLID | SLID components) */
    public static PathRecord betweenLids(int slid, int dlid) {
        return new PathRecord(0, Gid.ZERO, Gid.ZERO, dlid, slid, false, 0, 0, 0, false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0);
    }
}
