package org.infiniscope.mad;

import java.time.Duration;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * ClassPortInfo (attribute 0x01, IBA 13.4.8.1), which every management class answers: the class's
 * versions and capabilities, its response time, where to redirect requests and where to send traps. The
 * capability bits are class-specific; PerfMgt's are named in {@code org.infiniscope.mad.perf.PerfCapability}.
 *
 * @param baseVersion the MAD base version the class supports (1)
 * @param classVersion the class version
 * @param capabilityMask 16 bits; bits 0 and 1 (IsTrapSupported, IsNoticeSupported) are common, the others
 *            class-specific
 * @param capabilityMask2 27 bits, class-specific
 * @param respTimeValue 5 bits: the response time is 4.096 µs × 2^value
 * @param redirect where requests should go instead, when a GetResp carries the redirect status
 * @param trap where traps should go
 * @param trapHopLimit the hop limit for traps sent with a GRH
 */
public record ClassPortInfo(int baseVersion, int classVersion, int capabilityMask, int capabilityMask2,
        int respTimeValue, Address redirect, Address trap, int trapHopLimit) {

    /** The attribute ID, common to all classes. */
    public static final int ATTRIBUTE_ID = 0x01;
    /** Size on the wire. */
    public static final int LENGTH = 72;
    /** CapabilityMask bit 0, common to all classes: the class can send traps. */
    public static final int IS_TRAP_SUPPORTED = 1 << 0;
    /** CapabilityMask bit 1, common to all classes: the class implements Get/Set(Notice). */
    public static final int IS_NOTICE_SUPPORTED = 1 << 1;

    /** Decodes and encodes ClassPortInfo at any offset (SMP data 64, SA data 56, GMP data 64). */
    public static final AttributeCodec<ClassPortInfo> CODEC = new AttributeCodec<>() {
        @Override
        public int attributeId() {
            return ATTRIBUTE_ID;
        }

        @Override
        public int length() {
            return LENGTH;
        }

        @Override
        public ClassPortInfo decode(byte[] buf, int offset) throws MadFormatException {
            Bits.require(buf, offset, LENGTH, "ClassPortInfo");
            return new ClassPortInfo(Bits.u8(buf, offset), Bits.u8(buf, offset + 1), Bits.u16(buf, offset + 2),
                    Bits.get(buf, offset, 32, 27), Bits.get(buf, offset, 59, 5), Address.read(buf, offset + 8),
                    Address.read(buf, offset + 40), Bits.u8(buf, offset + 64));
        }

        @Override
        public void encode(ClassPortInfo value, byte[] buf, int offset) {
            Bits.put8(buf, offset, value.baseVersion);
            Bits.put8(buf, offset + 1, value.classVersion);
            Bits.put16(buf, offset + 2, value.capabilityMask);
            Bits.set(buf, offset, 32, 27, value.capabilityMask2);
            Bits.set(buf, offset, 59, 5, value.respTimeValue);
            value.redirect.write(buf, offset + 8);
            value.trap.write(buf, offset + 40);
            Bits.put8(buf, offset + 64, value.trapHopLimit);
        }
    };

    /** Checks the widths of the fields. */
    public ClassPortInfo {
        check("BaseVersion", baseVersion, 8);
        check("ClassVersion", classVersion, 8);
        check("CapabilityMask", capabilityMask, 16);
        check("CapabilityMask2", capabilityMask2, 27);
        check("RespTimeValue", respTimeValue, 5);
        check("TrapHL", trapHopLimit, 8);
        if (redirect == null || trap == null) {
            throw new IllegalArgumentException("redirect and trap addresses are required (use Address.NONE)");
        }
    }

    static void check(String field, int value, int width) {
        if (width < 32 && (value < 0 || value >= (1 << width))) {
            throw new IllegalArgumentException(field + " " + value + " does not fit in " + width + " bits");
        }
    }

    /** @return whether every bit of {@code bits} is set in the CapabilityMask */
    public boolean hasCapability(int bits) {
        return (capabilityMask & bits) == bits;
    }

    /** @return whether every bit of {@code bits} is set in the CapabilityMask2 */
    public boolean hasCapability2(int bits) {
        return (capabilityMask2 & bits) == bits;
    }

    /** @return the response time the value stands for, 4.096 µs × 2^RespTimeValue */
    public Duration responseTime() {
        return Duration.ofNanos(4096L << respTimeValue);
    }

    /**
     * A redirect or trap destination. On the wire the redirect and trap blocks are laid out alike, except that
     * the trap block has its hop limit where the redirect block has a reserved byte.
     *
     * @param gid the GID (zero when unused)
     * @param trafficClass 8 bits
     * @param serviceLevel 4 bits
     * @param flowLabel 20 bits
     * @param lid 16 bits (0 when unused)
     * @param pKey 16 bits
     * @param qp 24 bits
     * @param qKey 32 bits
     */
    public record Address(Gid gid, int trafficClass, int serviceLevel, int flowLabel, int lid, int pKey, int qp,
            int qKey) {

        /** No address: every field zero. */
        public static final Address NONE = new Address(Gid.ZERO, 0, 0, 0, 0, 0, 0, 0);

        /** Checks the widths of the fields. */
        public Address {
            if (gid == null) {
                throw new IllegalArgumentException("gid is required (use Gid.ZERO)");
            }
            check("TC", trafficClass, 8);
            check("SL", serviceLevel, 4);
            check("FL", flowLabel, 20);
            check("LID", lid, 16);
            check("P_Key", pKey, 16);
            check("QP", qp, 24);
        }

        // The block starts at the GID; TC/SL/FL, LID, P_Key, a byte (reserved or TrapHL), QP and Q_Key follow.
        static Address read(byte[] buf, int offset) {
            return new Address(Gid.read(buf, offset), Bits.u8(buf, offset + 16), Bits.get(buf, offset + 17, 0, 4),
                    Bits.get(buf, offset + 17, 4, 20), Bits.u16(buf, offset + 20), Bits.u16(buf, offset + 22),
                    Bits.u32(buf, offset + 24) & 0xFFFFFF, Bits.u32(buf, offset + 28));
        }

        void write(byte[] buf, int offset) {
            gid.write(buf, offset);
            Bits.put8(buf, offset + 16, trafficClass);
            Bits.set(buf, offset + 17, 0, 4, serviceLevel);
            Bits.set(buf, offset + 17, 4, 20, flowLabel);
            Bits.put16(buf, offset + 20, lid);
            Bits.put16(buf, offset + 22, pKey);
            // The byte before the QP is reserved in the redirect block; the caller writes TrapHL after this.
            Bits.put32(buf, offset + 24, qp);
            Bits.put32(buf, offset + 28, qKey);
        }
    }
}
