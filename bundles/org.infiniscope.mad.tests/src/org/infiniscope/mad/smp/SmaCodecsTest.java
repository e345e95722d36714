package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The contract every SMA attribute codec keeps: round trip, stable re-encoding, checked errors on short input. */
class SmaCodecsTest {

    static Stream<AttributeCodec<?>> codecs() {
        return Stream.of(NodeInfo.CODEC, NodeDescription.CODEC, PortInfo.CODEC, SwitchInfo.CODEC, GuidInfo.CODEC,
                PKeyTable.CODEC, Sl2VlTable.CODEC, VlArbitrationTable.CODEC, LinearForwardingTable.CODEC,
                MulticastForwardingTable.CODEC, SmInfo.CODEC, Notice.CODEC, ExtendedPortInfo.CODEC);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void randomValuesRoundTrip(AttributeCodec<?> codec) throws MadFormatException {
        roundTrip(codec, 10_000);
    }

    static <T> void roundTrip(AttributeCodec<T> codec, int count) throws MadFormatException {
        // every bit pattern of the non-reserved fields is a valid value, so decoding random bytes gives random
        // valid values; encoding them must give bytes that decode to the same value and re-encode identically
        Random random = new Random(codec.attributeId());
        for (int i = 0; i < count; i++) {
            byte[] wire = new byte[codec.length() + 8];
            random.nextBytes(wire);
            T value = codec.decode(wire, 8);
            byte[] once = new byte[codec.length()];
            codec.encode(value, once, 0);
            T again = codec.decode(once, 0);
            assertEquals(value, again);
            byte[] twice = new byte[codec.length() + 1];
            twice[codec.length()] = 0x5A;
            codec.encode(again, twice, 0);
            assertEquals(List.of(toList(once)), List.of(toList(java.util.Arrays.copyOf(twice, codec.length()))));
            assertEquals(0x5A, twice[codec.length()], "the codec writes only its own bytes");
        }
    }

    private static String toList(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(bytes);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void truncatedInputIsACheckedError(AttributeCodec<?> codec) {
        MadFormatException e = assertThrows(MadFormatException.class,
                () -> codec.decode(new byte[codec.length() - 1], 0));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertThrows(MadFormatException.class, () -> codec.decode(new byte[codec.length()], 1));
        assertThrows(MadFormatException.class, () -> codec.decode(new byte[codec.length()], -1));
        assertThrows(MadFormatException.class, () -> codec.decode(null, 0));
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void attributeIdsAreDistinctAndFitTheSmpData(AttributeCodec<?> codec) {
        assertEquals(1, codecs().filter(c -> c.attributeId() == codec.attributeId()).count());
        assertEquals(true, codec.length() <= Smp.DATA_LENGTH);
    }
}
