package org.infiniscope.mad.rmpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import java.util.Random;

import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RmppHeaderTest {

    @Test
    void firstDataSegmentHasItsBitsWhereTheSpecPutsThem() throws MadFormatException {
        byte[] wire = HexFormat.of().parseHex("0101fb00" + "00000001" + "00001234");
        RmppHeader header = RmppHeader.decode(wire, 0);
        assertEquals(RmppHeader.data(1, 0x1234, true, false, RmppHeader.NO_RESP_TIME), header);
        assertTrue(header.isActive() && header.isFirst() && !header.isLast());
        assertEquals(1, header.segmentNumber());
        assertEquals(0x1234, header.payloadLength());
        byte[] out = new byte[12];
        header.encode(out, 0);
        assertEquals(HexFormat.of().formatHex(wire), HexFormat.of().formatHex(out));
        assertEquals("RmppHeader[v1 DATA First seg 1 paylen 4660 status normal rrespTime 31]", header.toString());
    }

    @Test
    void ackCarriesSegmentAndNewWindowLast() throws MadFormatException {
        byte[] out = new byte[12];
        RmppHeader.ack(0xFFFFFFFF, 0xFFFFFFFF).encode(out, 0);
        assertEquals("01020100ffffffffffffffff", HexFormat.of().formatHex(out));
        RmppHeader ack = RmppHeader.decode(out, 0);
        assertEquals(0xFFFFFFFFL, ack.segmentNumber());
        assertEquals(0xFFFFFFFFL, ack.newWindowLast());
        assertEquals("RmppHeader[v1 ACK seg 4294967295 newWindowLast 4294967295 status normal rrespTime 0]",
                ack.toString());
        assertEquals("RmppHeader[v1 ABORT status too many retries rrespTime 0]",
                RmppHeader.abort(RmppStatus.TOO_MANY_RETRIES).toString());
        assertEquals("RmppHeader[inactive]", RmppHeader.INACTIVE.toString());
    }

    @Test
    void statusCodesHaveReadableNames() {
        assertEquals("resources exhausted", RmppStatus.name(1));
        assertEquals("total time too long", RmppStatus.name(118));
        assertEquals("inconsistent Last and PayloadLength", RmppStatus.name(119));
        assertEquals("inconsistent First and SegmentNumber", RmppStatus.name(120));
        assertEquals("bad RMPPType", RmppStatus.name(121));
        assertEquals("NewWindowLast too small", RmppStatus.name(122));
        assertEquals("SegmentNumber too big", RmppStatus.name(123));
        assertEquals("illegal status", RmppStatus.name(124));
        assertEquals("unsupported version", RmppStatus.name(125));
        assertEquals("unspecified", RmppStatus.name(127));
        assertEquals("reserved 5", RmppStatus.name(5));
        assertEquals("class-specific 130", RmppStatus.name(130));
        assertEquals("vendor-specific 200", RmppStatus.name(200));
    }

    @Test
    void randomHeadersRoundTrip() throws MadFormatException {
        Random random = new Random(13);
        byte[] buf = new byte[40];
        for (int i = 0; i < 10_000; i++) {
            RmppHeader header = new RmppHeader(random.nextInt(256), random.nextInt(256), random.nextInt(32),
                    random.nextInt(8), random.nextInt(256), random.nextInt(), random.nextInt());
            int offset = random.nextInt(28);
            header.encode(buf, offset);
            assertEquals(header, RmppHeader.decode(buf, offset));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"inactive,          00010000 00000001 00000000, BAD_RMPP_SEQUENCE, Active is clear",
            "version 2,              02010700 00000001 000000dc, BAD_RMPP_SEQUENCE, RMPPVersion 2",
            "reserved type,          01050100 00000000 00000000, BAD_RMPP_SEQUENCE, RMPPType 5 is reserved",
            "type 0,                 01000100 00000000 00000000, BAD_RMPP_SEQUENCE, RMPPType 0 is reserved",
            "status in DATA,         01010703 00000001 000000dc, BAD_RMPP_SEQUENCE, RMPPStatus 3 in DATA",
            "First on segment 2,     01010300 00000002 00000000, BAD_RMPP_SEQUENCE, SegmentNumber 2 with First set",
            "segment 1 without First,01010100 00000001 00000000, BAD_RMPP_SEQUENCE, SegmentNumber 1 with First clear",
            "segment 0,              01010500 00000000 00000010, BAD_RMPP_SEQUENCE, SegmentNumber 0 with First clear",
            "Last with length 0,     01010500 00000002 00000000, BAD_LENGTH, PayloadLength 0 in a last segment",
            "Last with length 221,   01010500 00000002 000000dd, BAD_LENGTH, PayloadLength 221 in a last segment",
            "only segment too long,  01010700 00000001 00000100, BAD_LENGTH, PayloadLength 256 in a last segment",
            "First announcing 1 seg, 01010300 00000001 00000064, BAD_LENGTH, PayloadLength 100 in a first segment",
            "status in ACK,          01020101 00000001 00000002, BAD_RMPP_SEQUENCE, RMPPStatus 1 in ACK",
            "STOP without reason,    01030100 00000000 00000000, BAD_RMPP_SEQUENCE, RMPPStatus 0 in STOP",
            "ABORT with status 5,    01040105 00000000 00000000, BAD_RMPP_SEQUENCE, RMPPStatus 5 in ABORT"})
    void malformedHeadersAreNamed(String what, String hex, Problem problem, String message) throws MadFormatException {
        RmppHeader header = RmppHeader.decode(HexFormat.of().parseHex(hex.replace(" ", "")), 0);
        MadFormatException e = assertThrows(MadFormatException.class, header::check);
        assertEquals(problem, e.problem(), what);
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void wellFormedHeadersPassTheCheck() throws MadFormatException {
        RmppHeader.data(1, 0, true, false, 0).check(); // total length not announced
        RmppHeader.data(1, 221, true, false, 0).check();
        RmppHeader.data(1, 220, true, true, 0).check();
        RmppHeader.data(7, 0, false, false, 0).check();
        RmppHeader.data(7, 1, false, true, 0).check();
        RmppHeader.ack(0, 1).check();
        RmppHeader.stop(RmppStatus.RESOURCES_EXHAUSTED).check();
        RmppHeader.abort(RmppStatus.TOTAL_TIME_TOO_LONG).check();
        RmppHeader.abort(200).check();
    }

    @Test
    void truncatedHeaderIsRefused() {
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> RmppHeader.decode(new byte[35], 24)).problem());
        assertThrows(IllegalArgumentException.class, () -> new RmppHeader(1, 1, 32, 0, 0, 0, 0));
    }
}
