package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.RecordComponent;
import java.util.Optional;
import java.util.Random;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

class PortInfoTest {

    /** A port as an SM would see it: every field distinct so a swapped pair shows. */
    static PortInfo sample() {
        return new PortInfo(0x1122334455667788L, 0xfe80000000000000L, 0x1234, 0x0001, 0x2651086a, 0xabc, 300, 3, 3, 3,
                2, 7, 4, 5, 2, 1, 2, 4, 7, 5, 14, 4, 2, 8, 8, 32, 1, 5, 7, 16, 4, true, false, true, false, 11, 12, 13,
                32, true, 1, 18, 19, 8, 9, 0xbeef, 0x123456, 0x0aa8, 1, 3, 0x1f);
    }

    @Test
    void fieldsLandOnLibibmadsBitOffsets() {
        byte[] b = new byte[64];
        PortInfo.CODEC.encode(sample(), b, 0);
        assertEquals(0x1234, Bits.u16(b, 16));
        assertEquals(0x2651086a, Bits.u32(b, 20));
        assertEquals(3, b[28]);
        assertEquals(0x74, b[32] & 0xFF, "LinkSpeedSupported 7, PortState Active");
        assertEquals(0x52, b[33] & 0xFF, "LinkUp, LinkDownDefault Polling");
        assertEquals(0x42, b[34] & 0xFF, "M_KeyProtectBits 1 in the top two bits, LMC 2 in the low three");
        assertEquals(0x47, b[35] & 0xFF, "LinkSpeedActive 4, LinkSpeedEnabled 7");
        assertEquals(0xF0, b[42] & 0xFF, "VLStallCount 7, HOQLife 16");
        assertEquals(0x4a, b[43] & 0xFF, "OperVLs 4, enforcement inbound, filter raw inbound");
        assertEquals(0x80 | 0x20 | 18, b[51] & 0xFF, "ClientReregister, trap suppression 1, SubnetTimeout 18");
        assertEquals(19, b[52] & 0xFF);
        assertEquals(0x123456, Bits.get(b, 0, 456, 24));
        assertEquals(0x0aa8, Bits.u16(b, 60));
        assertEquals(0x13, b[62] & 0xFF);
        assertEquals(0x1f, b[63] & 0xFF);
    }

    /** Each component's bit offset and width, in declaration order, as the record's Javadoc and libibmad give them. */
    private static final int[][] LAYOUT = {{0, 64}, {64, 64}, {128, 16}, {144, 16}, {160, 32}, {192, 16}, {208, 16},
            {224, 8}, {232, 8}, {240, 8}, {248, 8}, {256, 4}, {260, 4}, {264, 4}, {268, 4}, {272, 2}, {277, 3},
            {280, 4}, {284, 4}, {288, 4}, {292, 4}, {296, 4}, {300, 4}, {304, 8}, {312, 8}, {320, 8}, {328, 4},
            {332, 4}, {336, 3}, {339, 5}, {344, 4}, {348, 1}, {349, 1}, {350, 1}, {351, 1}, {352, 16}, {368, 16},
            {384, 16}, {400, 8}, {408, 1}, {409, 2}, {411, 5}, {419, 5}, {424, 4}, {428, 4}, {432, 16}, {456, 24},
            {480, 16}, {496, 4}, {500, 4}, {507, 5}};

    @Test
    void everyFieldIsReadAndWrittenAtItsBitsAsTheGenericAccessorsDo() throws Exception {
        RecordComponent[] components = PortInfo.class.getRecordComponents();
        assertEquals(LAYOUT.length, components.length);
        Random random = new Random(19);
        for (int i = 0; i < 200; i++) {
            byte[] wire = new byte[64];
            random.nextBytes(wire);
            PortInfo decoded = PortInfo.CODEC.decode(wire, 0);
            byte[] expected = new byte[64];
            for (int k = 0; k < components.length; k++) {
                int bitOffset = LAYOUT[k][0];
                int width = LAYOUT[k][1];
                long reference = width == 64
                        ? Bits.u64(wire, bitOffset / 8)
                        : Integer.toUnsignedLong(Bits.get(wire, 0, bitOffset, width));
                Object value = components[k].getAccessor().invoke(decoded);
                long actual = switch (value) {
                    case Boolean flag -> flag ? 1 : 0;
                    case Integer number -> Integer.toUnsignedLong(number);
                    case Long number -> number;
                    default -> throw new AssertionError(value);
                };
                assertEquals(reference, actual, components[k].getName());
                if (width == 64) {
                    Bits.put64(expected, bitOffset / 8, reference);
                } else {
                    Bits.set(expected, 0, bitOffset, width, (int) reference);
                }
            }
            byte[] encoded = new byte[64];
            PortInfo.CODEC.encode(decoded, encoded, 0);
            assertArrayEquals(expected, encoded);
        }
    }

    @Test
    void randomPortInfosRoundTripAndReservedBitsStayZero() throws MadFormatException {
        Random random = new Random(7);
        byte[] reserved = new byte[64];
        Bits.set(reserved, 0, 274, 3, 7);
        Bits.set(reserved, 0, 416, 3, 7);
        Bits.set(reserved, 0, 448, 8, 0xFF);
        Bits.set(reserved, 0, 504, 3, 7);
        for (int i = 0; i < 10_000; i++) {
            byte[] wire = new byte[70];
            random.nextBytes(wire);
            PortInfo decoded = PortInfo.CODEC.decode(wire, 3);
            byte[] again = new byte[64];
            PortInfo.CODEC.encode(decoded, again, 0);
            for (int k = 0; k < 64; k++) {
                assertEquals(wire[3 + k] & ~reserved[k], again[k], "byte " + k);
            }
            assertEquals(decoded, PortInfo.CODEC.decode(again, 0));
        }
    }

    @Test
    void encodingsReadAsInfinibandDiagsPrintsThem() {
        assertEquals("1X or 4X", LinkEncodings.widthMask(3));
        assertEquals("1X or 4X or 8X or 12X or 2X", LinkEncodings.widthMask(0x1f));
        assertEquals("4X", LinkEncodings.width(2));
        assertEquals("2X", LinkEncodings.width(16));
        assertEquals("undefined (3)", LinkEncodings.width(3));
        assertEquals("2.5 Gbps or 5.0 Gbps or 10.0 Gbps", LinkEncodings.speedMask(7));
        assertEquals("10.0 Gbps (IBA extension)", LinkEncodings.speedMask(4));
        assertEquals("0", LinkEncodings.extSpeedMask(0));
        assertEquals("Extended link speeds disabled", LinkEncodings.extSpeedEnabled(30));
        assertEquals("10.0 Gbps", LinkEncodings.speed(4));
        assertEquals("Extended speed", LinkEncodings.speed(0), "0: the active speed is in LinkSpeedExtActive");
        assertEquals("No Extended Speed", LinkEncodings.extSpeed(0));
        assertEquals("25.78125 Gbps", LinkEncodings.extSpeed(2));
        assertEquals("14.0625 Gbps or 25.78125 Gbps or 53.125 Gbps or 106.25 Gbps", LinkEncodings.extSpeedMask(15));
        assertEquals("Active", LinkEncodings.portState(4));
        assertEquals("LinkUp", LinkEncodings.physicalState(5));
        assertEquals("4096", LinkEncodings.mtu(5));
        assertEquals("VL0-7", LinkEncodings.vlCap(4));
        assertEquals("?(9)", LinkEncodings.portState(9));
    }

    @Test
    void speedsAndWidthsByName() {
        PortInfo qdr = sample();
        assertEquals(Optional.of(LinkSpeed.QDR), LinkSpeed.active(withCap(qdr, 0), Optional.empty()));
        assertEquals(Optional.of(LinkSpeed.FDR10),
                LinkSpeed.active(withCap(qdr, 0), Optional.of(new ExtendedPortInfo(1, 1, 1, 1))));
        assertEquals(Optional.of(LinkSpeed.FDR),
                LinkSpeed.active(withCap(qdr, PortInfo.CAP_EXTENDED_SPEEDS), Optional.empty()));
        assertEquals(Optional.of(LinkWidth.X4), LinkWidth.ofActive(2));
        assertEquals(Optional.empty(), LinkWidth.ofActive(6));
        assertEquals("12X", LinkWidth.X12.toString());
        assertEquals("2.5 Gbps", LinkSpeed.SDR.laneRateText());
        assertEquals("10.3125 Gbps", LinkSpeed.FDR10.laneRateText());
        assertEquals("25.78125 Gbps", LinkSpeed.EDR.laneRateText());
        assertEquals("106.25 Gbps", LinkSpeed.NDR.laneRateText());
    }

    private static PortInfo withCap(PortInfo p, int cap) {
        byte[] b = new byte[64];
        PortInfo.CODEC.encode(p, b, 0);
        Bits.put32(b, 20, cap);
        try {
            return PortInfo.CODEC.decode(b, 0);
        } catch (MadFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aSetChangesAFewFieldsOfThePortsAnswer() {
        PortInfo answered = sample();
        PortInfo set = PortInfoBuilder.from(answered).lid(0x42).portState(0).clientReregister(false).build();
        assertEquals(0x42, set.lid());
        assertEquals(0, set.portState());
        assertEquals(answered.capabilityMask(), set.capabilityMask());
        assertEquals(answered.linkSpeedExtEnabled(), set.linkSpeedExtEnabled());
        assertEquals(answered, PortInfoBuilder.from(answered).build());
        assertEquals(0, new PortInfoBuilder().build().lid());
        assertThrows(IllegalArgumentException.class, () -> PortInfoBuilder.from(answered).lmc(8).build());
    }

    @Test
    void theMKeyIsNotPrinted() {
        assertEquals(-1, sample().toString().indexOf("1122334455667788"));
        byte[] b = new byte[64];
        PortInfo.CODEC.encode(sample(), b, 0);
        assertArrayEquals(new byte[]{0x11, 0x22}, new byte[]{b[0], b[1]});
    }
}
