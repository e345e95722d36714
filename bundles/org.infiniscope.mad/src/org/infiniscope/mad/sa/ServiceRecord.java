package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * ServiceRecord (IBA 15.2.5.14, attribute 0x31, 176 bytes): a service registered with the SA, found by
 * ID, GID or name. {@link #toString()} leaves out the ServiceKey, which guards the record's deletion.
 *
 * @param serviceId ServiceID
 * @param serviceGid the GID of the port offering the service
 * @param servicePKey ServiceP_Key
 * @param serviceLease ServiceLease in seconds, unsigned 32 bits; 0xFFFFFFFF is for ever
 * @param serviceKeyHigh the upper 64 bits of ServiceKey
 * @param serviceKeyLow the lower 64 bits of ServiceKey
 * @param serviceName ServiceName: UTF-8, at most 64 bytes, NUL-terminated when shorter
 * @param serviceData8 ServiceData8: 16 values of 8 bits
 * @param serviceData16 ServiceData16: 8 values of 16 bits
 * @param serviceData32 ServiceData32: 4 values of 32 bits (as int bits)
 * @param serviceData64 ServiceData64: 2 values of 64 bits
 */
public record ServiceRecord(long serviceId, Gid serviceGid, int servicePKey, long serviceLease, long serviceKeyHigh,
        long serviceKeyLow, String serviceName, List<Integer> serviceData8, List<Integer> serviceData16,
        List<Integer> serviceData32, List<Long> serviceData64) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x31;
    /** Size on the wire. */
    public static final int LENGTH = 176;
    /** The size of ServiceName on the wire. */
    public static final int NAME_LENGTH = 64;
    /** ServiceLease meaning "never expires". */
    public static final long INFINITE_LEASE = 0xFFFF_FFFFL;

    /** ComponentMask bits, numbered as IBA 15.2.5.14 numbers the components. */
    public static final class Components {
        public static final long SERVICE_ID = 1L << 0;
        public static final long SERVICE_GID = 1L << 1;
        public static final long SERVICE_P_KEY = 1L << 2;
        // Bit 3 is the reserved component.
        public static final long SERVICE_LEASE = 1L << 4;
        public static final long SERVICE_KEY = 1L << 5;
        public static final long SERVICE_NAME = 1L << 6;

        private Components() {
        }

        /** @return the bit of ServiceData8.{@code index} (0–15) */
        public static long serviceData8(int index) {
            return 1L << (7 + Objects.checkIndex(index, 16));
        }

        /** @return the bit of ServiceData16.{@code index} (0–7) */
        public static long serviceData16(int index) {
            return 1L << (23 + Objects.checkIndex(index, 8));
        }

        /** @return the bit of ServiceData32.{@code index} (0–3) */
        public static long serviceData32(int index) {
            return 1L << (31 + Objects.checkIndex(index, 4));
        }

        /** @return the bit of ServiceData64.{@code index} (0–1) */
        public static long serviceData64(int index) {
            return 1L << (35 + Objects.checkIndex(index, 2));
        }
    }

    /** The codec. */
    public static final AttributeCodec<ServiceRecord> CODEC = new SaRecordCodec<>("ServiceRecord", ATTRIBUTE_ID, LENGTH,
            ServiceRecord::read, ServiceRecord::write);

    /** Checks the fields and copies the lists. */
    public ServiceRecord {
        Objects.requireNonNull(serviceGid, "serviceGid");
        checkBits("servicePKey", servicePKey, 16);
        checkBits("serviceLease", serviceLease, 32);
        if (serviceName.getBytes(StandardCharsets.UTF_8).length > NAME_LENGTH || serviceName.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("serviceName takes more than 64 UTF-8 bytes or holds a NUL");
        }
        serviceData8 = sized("serviceData8", serviceData8, 16, 8);
        serviceData16 = sized("serviceData16", serviceData16, 8, 16);
        serviceData32 = List.copyOf(serviceData32);
        serviceData64 = List.copyOf(serviceData64);
        if (serviceData32.size() != 4 || serviceData64.size() != 2) {
            throw new IllegalArgumentException("serviceData32 takes 4 values and serviceData64 2");
        }
    }

    private static List<Integer> sized(String name, List<Integer> values, int count, int bits) {
        List<Integer> copy = List.copyOf(values);
        if (copy.size() != count) {
            throw new IllegalArgumentException(name + " takes " + count + " values, got " + copy.size());
        }
        for (int value : copy) {
            checkBits(name, value, bits);
        }
        return copy;
    }

    private static ServiceRecord read(byte[] b, int o) throws MadFormatException {
        List<Integer> data8 = new ArrayList<>(16);
        List<Integer> data16 = new ArrayList<>(8);
        List<Integer> data32 = new ArrayList<>(4);
        for (int i = 0; i < 16; i++) {
            data8.add(Bits.u8(b, o + 112 + i));
        }
        for (int i = 0; i < 8; i++) {
            data16.add(Bits.u16(b, o + 128 + 2 * i));
        }
        for (int i = 0; i < 4; i++) {
            data32.add(Bits.u32(b, o + 144 + 4 * i));
        }
        return new ServiceRecord(Bits.u64(b, o), Gid.read(b, o + 8), Bits.u16(b, o + 24),
                Integer.toUnsignedLong(Bits.u32(b, o + 28)), Bits.u64(b, o + 32), Bits.u64(b, o + 40),
                readName(b, o + 48), data8, data16, data32, List.of(Bits.u64(b, o + 160), Bits.u64(b, o + 168)));
    }

    private static String readName(byte[] b, int offset) throws MadFormatException {
        int end = 0;
        while (end < NAME_LENGTH && b[offset + end] != 0) {
            end++;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, offset, end)).toString();
        } catch (CharacterCodingException e) {
            throw new MadFormatException(Problem.BAD_FIELD, offset, "ServiceName is not UTF-8");
        }
    }

    private static void write(ServiceRecord r, byte[] b, int o) {
        Bits.put64(b, o, r.serviceId);
        r.serviceGid.write(b, o + 8);
        Bits.put16(b, o + 24, r.servicePKey);
        Bits.put32(b, o + 28, (int) r.serviceLease);
        Bits.put64(b, o + 32, r.serviceKeyHigh);
        Bits.put64(b, o + 40, r.serviceKeyLow);
        byte[] name = r.serviceName.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(name, 0, b, o + 48, name.length);
        for (int i = 0; i < 16; i++) {
            Bits.put8(b, o + 112 + i, r.serviceData8.get(i));
        }
        for (int i = 0; i < 8; i++) {
            Bits.put16(b, o + 128 + 2 * i, r.serviceData16.get(i));
        }
        for (int i = 0; i < 4; i++) {
            Bits.put32(b, o + 144 + 4 * i, r.serviceData32.get(i));
        }
        Bits.put64(b, o + 160, r.serviceData64.get(0));
        Bits.put64(b, o + 168, r.serviceData64.get(1));
    }

    /** Leaves out the ServiceKey. */
    @Override
    public String toString() {
        return "ServiceRecord[serviceId=0x" + Long.toHexString(serviceId) + ", serviceGid=" + serviceGid
                + ", servicePKey=0x" + Integer.toHexString(servicePKey) + ", serviceLease=" + serviceLease
                + ", serviceKey=hidden, serviceName=" + serviceName + ", serviceData8=" + serviceData8
                + ", serviceData16=" + serviceData16 + ", serviceData32=" + serviceData32 + ", serviceData64="
                + serviceData64 + "]";
    }
}
