package org.infiniscope.mad.sa;

import org.infiniscope.mad.Gid;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SaRecordsTest {

    private static final RandomRecords RANDOM = new RandomRecords(42);

    static Stream<Arguments> codecs() {
        return Stream.of(Arguments.of(PathRecord.CODEC, 0x35, 64, (Supplier<?>) RANDOM::pathRecord),
                Arguments.of(MCMemberRecord.CODEC, 0x38, 52, (Supplier<?>) RANDOM::mcMemberRecord),
                Arguments.of(ServiceRecord.CODEC, 0x31, 176, (Supplier<?>) RANDOM::serviceRecord),
                Arguments.of(LinkRecord.CODEC, 0x20, 8, (Supplier<?>) RANDOM::linkRecord),
                Arguments.of(InformInfo.CODEC, 0x03, 36, (Supplier<?>) RANDOM::informInfo),
                Arguments.of(InformInfoRecord.CODEC, 0xF3, 60, (Supplier<?>) RANDOM::informInfoRecord),
                Arguments.of(NodeRecord.CODEC, 0x11, 108, (Supplier<?>) RANDOM::nodeRecord),
                Arguments.of(PortInfoRecord.CODEC, 0x12, 68, (Supplier<?>) RANDOM::portInfoRecord),
                Arguments.of(SL2VLRecord.CODEC, 0x13, 16, (Supplier<?>) RANDOM::sl2VlRecord),
                Arguments.of(SwitchInfoRecord.CODEC, 0x14, 24, (Supplier<?>) RANDOM::switchInfoRecord),
                Arguments.of(LFTRecord.CODEC, 0x15, 72, (Supplier<?>) RANDOM::lftRecord),
                Arguments.of(MFTRecord.CODEC, 0x17, 72, (Supplier<?>) RANDOM::mftRecord),
                Arguments.of(SMInfoRecord.CODEC, 0x18, 25, (Supplier<?>) RANDOM::smInfoRecord),
                Arguments.of(GUIDInfoRecord.CODEC, 0x30, 72, (Supplier<?>) RANDOM::guidInfoRecord),
                Arguments.of(PKeyTableRecord.CODEC, 0x33, 72, (Supplier<?>) RANDOM::pKeyTableRecord),
                Arguments.of(VLArbRecord.CODEC, 0x36, 72, (Supplier<?>) RANDOM::vlArbRecord));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    <T> void randomRecordsRoundTrip(AttributeCodec<T> codec, int attributeId, int length, Supplier<T> records)
            throws MadFormatException {
        assertEquals(attributeId, codec.attributeId());
        assertEquals(length, codec.length());
        Random random = new Random(7);
        byte[] buf = new byte[length + 64];
        for (int i = 0; i < 2000; i++) {
            T record = records.get();
            int offset = random.nextInt(64);
            random.nextBytes(buf); // reserved bytes and neighbours hold garbage
            byte[] before = buf.clone();
            codec.encode(record, buf, offset);
            assertEquals(record, codec.decode(buf, offset));
            assertArrayEquals(java.util.Arrays.copyOfRange(before, 0, offset),
                    java.util.Arrays.copyOfRange(buf, 0, offset), "bytes before the record are left alone");
            assertArrayEquals(java.util.Arrays.copyOfRange(before, offset + length, buf.length),
                    java.util.Arrays.copyOfRange(buf, offset + length, buf.length), "bytes after it too");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    <T> void randomBytesDecodeToRecordsThatEncodeToTheirMeaningfulBits(AttributeCodec<T> codec, int attributeId,
            int length, Supplier<T> records) {
        Random random = new Random(8);
        byte[] buf = new byte[length];
        int decoded = 0;
        for (int i = 0; i < 2000; i++) {
            random.nextBytes(buf);
            try {
                T record = codec.decode(buf, 0);
                byte[] again = new byte[length];
                codec.encode(record, again, 0);
                assertEquals(record, codec.decode(again, 0));
                decoded++;
            } catch (MadFormatException e) {
                assertEquals(Problem.BAD_FIELD, e.problem(), e.getMessage()); // only ServiceName's UTF-8
            }
        }
        assertTrue(decoded > 0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    <T> void truncatedInputIsRefusedNamingTheRecord(AttributeCodec<T> codec, int attributeId, int length,
            Supplier<T> records) {
        for (int offset : new int[]{0, 1, -1}) {
            byte[] shortBuf = new byte[length - 1 + Math.max(offset, 0)];
            MadFormatException e = assertThrows(MadFormatException.class, () -> codec.decode(shortBuf, offset));
            assertEquals(Problem.TRUNCATED, e.problem());
            assertTrue(e.getMessage().startsWith(codec.toString().substring(0, codec.toString().indexOf(' '))),
                    e.getMessage());
        }
        assertEquals(Problem.TRUNCATED, assertThrows(MadFormatException.class, () -> codec.decode(null, 0)).problem());
        T record = records.get();
        assertThrows(IndexOutOfBoundsException.class, () -> codec.encode(record, new byte[length - 1], 0));
    }

    @Test
    void pathRecordFieldsSitWhereTheSpecPutsThem() throws MadFormatException {
        byte[] buf = new byte[64];
        PathRecord.CODEC.encode(new PathRecord(0x0102030405060708L, new Gid(1, 2), new Gid(3, 4), 0x1122, 0x3344, true,
                0xABCDE, 0x55, 0x66, true, 0x7F, 0x8001, 0xFED, 0x9, 3, 0x3F, 1, 0x2A, 2, 0x15, 0x77), buf, 0);
        assertEquals("0102030405060708" + "00000000000000010000000000000002" + "00000000000000030000000000000004"
                + "1122" + "3344" + "8abcde55" + "66" + "ff" + "8001" + "fed9" + "ff" + "6a" + "95" + "77"
                + "000000000000", java.util.HexFormat.of().formatHex(buf));
    }

    @Test
    void componentMaskBitsAreNumberedAsTheSpecNumbersComponents() {
        assertEquals(1L << 22, PathRecord.Components.PREFERENCE);
        assertEquals(0x1030, PathRecord.Components.DLID | PathRecord.Components.SLID | PathRecord.Components.NUMB_PATH);
        assertEquals(1L << 17, MCMemberRecord.Components.PROXY_JOIN);
        assertEquals(1L << 7, ServiceRecord.Components.serviceData8(0));
        assertEquals(1L << 30, ServiceRecord.Components.serviceData16(7));
        assertEquals(1L << 34, ServiceRecord.Components.serviceData32(3));
        assertEquals(1L << 36, ServiceRecord.Components.serviceData64(1));
        assertThrows(IndexOutOfBoundsException.class, () -> ServiceRecord.Components.serviceData64(2));
        assertEquals(1L << 3, LinkRecord.Components.TO_LID);
        assertEquals(1L << 15, InformInfoRecord.Components.PRODUCER_TYPE_OR_VENDOR_ID);
    }

    @Test
    void serviceNameMustBeUtf8AndFit() throws MadFormatException {
        ServiceRecord record = RANDOM.serviceRecord();
        byte[] buf = new byte[176];
        ServiceRecord.CODEC.encode(record, buf, 0);
        buf[48] = (byte) 0xC3; // a lead byte without its continuation
        buf[49] = 0x41;
        MadFormatException e = assertThrows(MadFormatException.class, () -> ServiceRecord.CODEC.decode(buf, 0));
        assertEquals(Problem.BAD_FIELD, e.problem());
        assertEquals(48, e.offset());
        assertEquals("ServiceName is not UTF-8", e.getMessage());
        byte[] full = new byte[176];
        for (int i = 0; i < 64; i++) {
            full[48 + i] = 'x';
        }
        assertEquals("x".repeat(64), ServiceRecord.CODEC.decode(full, 0).serviceName(), "64 bytes need no NUL");
        assertThrows(IllegalArgumentException.class, () -> withName(record, "y".repeat(65)));
        assertThrows(IllegalArgumentException.class, () -> withName(record, "a\0b"));
        assertEquals(64, "é".repeat(32).getBytes(StandardCharsets.UTF_8).length);
        withName(record, "é".repeat(32));
    }

    private static ServiceRecord withName(ServiceRecord r, String name) {
        return new ServiceRecord(r.serviceId(), r.serviceGid(), r.servicePKey(), r.serviceLease(), r.serviceKeyHigh(),
                r.serviceKeyLow(), name, r.serviceData8(), r.serviceData16(), r.serviceData32(), r.serviceData64());
    }

    @Test
    void serviceKeyIsNeverShown() {
        ServiceRecord record = RANDOM.serviceRecord();
        String text = record.toString();
        assertFalse(text.contains(Long.toHexString(record.serviceKeyHigh())), text);
        assertFalse(text.contains(Long.toString(record.serviceKeyHigh())), text);
        assertTrue(text.contains("serviceKey=hidden"));
    }

    @Test
    void valuesOutOfRangeAreProgrammingErrors() {
        assertThrows(IllegalArgumentException.class, () -> new LinkRecord(0x10000, 0, 0, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new MCMemberRecord(Gid.ZERO, Gid.ZERO, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, false));
        assertThrows(IllegalArgumentException.class, () -> PathRecord.betweenLids(1, -1));
        assertThrows(IllegalArgumentException.class,
                () -> new InformInfo(Gid.ZERO, 0, 0, true, true, 0, 0, 1 << 24, 0, 0));
        assertThrows(NullPointerException.class, () -> new InformInfoRecord(Gid.ZERO, 0, null));
        assertThrows(IllegalArgumentException.class,
                () -> new ServiceRecord(0, Gid.ZERO, 0, 0, 0, 0, "", List.of(1), List.of(), List.of(), List.of()));
    }
}
