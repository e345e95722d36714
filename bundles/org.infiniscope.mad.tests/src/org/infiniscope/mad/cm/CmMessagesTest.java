package org.infiniscope.mad.cm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CmMessagesTest {

    static List<CmMessageCodec<?>> codecs() {
        return CmMad.CODECS;
    }

    @ParameterizedTest
    @MethodSource("codecs")
    <T extends CmMessage> void roundTripsRandomMessages(CmMessageCodec<T> codec) throws MadFormatException {
        Random random = new Random(7);
        int decoded = 0;
        for (int i = 0; i < 500; i++) {
            byte[] wire = new byte[232];
            random.nextBytes(wire);
            T message;
            try {
                message = codec.decode(wire, 0);
            } catch (MadFormatException e) {
                continue; // a reserved value or an over-long ARI: covered by the malformed tests
            }
            decoded++;
            byte[] encoded = new byte[232];
            codec.encode(message, encoded, 0);
            assertEquals(message, codec.decode(encoded, 0));
            byte[] again = new byte[232];
            codec.encode(codec.decode(encoded, 0), again, 0);
            assertArrayEquals(encoded, again);
        }
        assertTrue(decoded > 100, codec + " decoded only " + decoded);
    }

    @Test
    void privateDataMaximaFollowTheSpec() {
        Map<String, Integer> maxima = Map.ofEntries(Map.entry("REQ", Req.PRIVATE_DATA_MAX),
                Map.entry("MRA", Mra.PRIVATE_DATA_MAX), Map.entry("REJ", Rej.PRIVATE_DATA_MAX),
                Map.entry("REP", Rep.PRIVATE_DATA_MAX), Map.entry("RTU", Rtu.PRIVATE_DATA_MAX),
                Map.entry("DREQ", Dreq.PRIVATE_DATA_MAX), Map.entry("DREP", Drep.PRIVATE_DATA_MAX),
                Map.entry("SIDR_REQ", SidrReq.PRIVATE_DATA_MAX), Map.entry("SIDR_REP", SidrRep.PRIVATE_DATA_MAX),
                Map.entry("LAP", Lap.PRIVATE_DATA_MAX), Map.entry("APR", Apr.PRIVATE_DATA_MAX));
        assertEquals(Map.ofEntries(Map.entry("REQ", 92), Map.entry("MRA", 222), Map.entry("REJ", 148),
                Map.entry("REP", 196), Map.entry("RTU", 224), Map.entry("DREQ", 220), Map.entry("DREP", 224),
                Map.entry("SIDR_REQ", 216), Map.entry("SIDR_REP", 136), Map.entry("LAP", 168), Map.entry("APR", 148)),
                maxima);
        // Each message's private data runs exactly to the end of the MAD.
        Map<String, Integer> decodedLengths = CmMad.CODECS.stream()
                .collect(Collectors.toMap(CmMessageCodec::name, codec -> decodeZeros(codec).privateData().length()));
        assertEquals(maxima, decodedLengths);
    }

    private static CmMessage decodeZeros(CmMessageCodec<?> codec) {
        try {
            return codec.decode(new byte[232], 0);
        } catch (MadFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void longerPrivateDataIsRefusedWithTheLimit() {
        Octets tooLong = Octets.of(new byte[93]);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Req(0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, false, 0, 0, 0, 0, 0, false, 0, 0, false, 0, CmPath.NONE, CmPath.NONE, false, tooLong));
        assertEquals("REQ private data is 93 bytes; at most 92 fit", e.getMessage());
        assertEquals(224, new Rtu(1, 2, Octets.of(new byte[224])).privateData().length());
        assertThrows(IllegalArgumentException.class, () -> new Rtu(1, 2, Octets.of(new byte[225])));
        assertThrows(IllegalArgumentException.class, () -> new SidrRep(1, 0, 0, 0, 0, Octets.of(new byte[73]), null));
        assertThrows(IllegalArgumentException.class, () -> new Dreq(1, 2, 1 << 24, null));
        assertThrows(IllegalArgumentException.class, () -> new Mra(1, 2, 3, 0, null));
    }

    @Test
    void malformedMessagesNameTheField() {
        byte[] rej = new byte[232];
        rej[9] = (byte) (73 << 1);
        MadFormatException e = assertThrows(MadFormatException.class, () -> Rej.CODEC.decode(rej, 0));
        assertEquals(Problem.BAD_LENGTH, e.problem());
        assertTrue(e.getMessage().contains("RejectedInfoLength"), e.getMessage());

        byte[] mra = new byte[232];
        mra[8] = (byte) 0xC0;
        e = assertThrows(MadFormatException.class, () -> Mra.CODEC.decode(mra, 0));
        assertEquals(Problem.BAD_FIELD, e.problem());
        assertTrue(e.getMessage().contains("MessageMRAed"), e.getMessage());

        byte[] apr = new byte[232];
        apr[8] = (byte) 200;
        assertEquals(Problem.BAD_LENGTH,
                assertThrows(MadFormatException.class, () -> Apr.CODEC.decode(apr, 0)).problem());
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> Req.CODEC.decode(new byte[255], 24)).problem());
    }

    @Test
    void wholeMadsDispatchOnTheAttribute() throws MadFormatException {
        Rtu rtu = new Rtu(0x1234, 0x5678, Octets.of((byte) 1, (byte) 2));
        byte[] mad = CmMad.encode(rtu, 0xABCDEF);
        CmMad.Decoded decoded = CmMad.decode(mad);
        assertEquals(new MadHeader(1, MgmtClass.COMM_MGT, 2, Method.SEND, 0, 0, 0xABCDEF, Rtu.ATTRIBUTE_ID, 0),
                decoded.header());
        assertInstanceOf(Rtu.class, decoded.message());
        assertEquals(rtu, decoded.message());

        byte[] wrongVersion = mad.clone();
        wrongVersion[2] = 1;
        assertEquals(Problem.BAD_CLASS_VERSION,
                assertThrows(MadFormatException.class, () -> CmMad.decode(wrongVersion)).problem());
        byte[] wrongClass = mad.clone();
        wrongClass[1] = MgmtClass.PERF_MGT;
        assertEquals(Problem.BAD_CLASS,
                assertThrows(MadFormatException.class, () -> CmMad.decode(wrongClass)).problem());
        byte[] classPortInfo = mad.clone();
        classPortInfo[17] = 0x01;
        assertEquals(Problem.BAD_ATTRIBUTE,
                assertThrows(MadFormatException.class, () -> CmMad.decode(classPortInfo)).problem());
        assertThrows(IllegalArgumentException.class, () -> CmMad
                .encode(new MadHeader(1, MgmtClass.COMM_MGT, 2, Method.SEND, 0, 0, 1, Req.ATTRIBUTE_ID, 0), rtu));
    }

    @Test
    void sidrRedirectCarriesAClassPortInfo() throws MadFormatException {
        ClassPortInfo redirect = new ClassPortInfo(1, 2, 0, 0, 17,
                new ClassPortInfo.Address(Gid.ZERO, 0, 0, 0, 0x42, 0xFFFF, 0x123, 0x80010000),
                ClassPortInfo.Address.NONE, 0);
        byte[] info = new byte[ClassPortInfo.LENGTH];
        ClassPortInfo.CODEC.encode(redirect, info, 0);
        SidrRep reply = new SidrRep(9, SidrRep.REDIRECT, 0, 0x10, 0, Octets.of(info), null);
        SidrRep decoded = (SidrRep) CmMad.decode(CmMad.encode(reply, 3)).message();
        assertEquals(redirect, decoded.redirectInfo());
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class,
                        () -> new SidrRep(9, SidrRep.REDIRECT, 0, 0x10, 0, Octets.of((byte) 1), null).redirectInfo())
                        .problem());
    }

    @Test
    void rejectReasonsHaveReadableNames() {
        assertEquals(33, RejectReason.values().length);
        for (RejectReason reason : RejectReason.values()) {
            assertEquals(reason, RejectReason.of(reason.code()).orElseThrow());
        }
        assertEquals(RejectReason.CONSUMER_DEFINED, RejectReason.of(28).orElseThrow());
        assertEquals("Invalid alternate flow label (33)", RejectReason.describe(33));
        assertEquals("reason 0", RejectReason.describe(0));
        assertEquals("reason 34", RejectReason.describe(34));
    }
}
