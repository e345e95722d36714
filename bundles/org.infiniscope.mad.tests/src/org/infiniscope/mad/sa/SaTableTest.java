package org.infiniscope.mad.sa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.LossyLink;
import org.infiniscope.mad.rmpp.RmppConfig;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.rmpp.RmppSender;
import org.infiniscope.mad.rmpp.RmppState;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

class SaTableTest {

    private static MadHeader response(int attributeId) {
        return new MadHeader(1, MgmtClass.SUBN_ADM, 2, Method.GET_TABLE_RESP, 0, 0, 0x77L, attributeId, 0);
    }

    private static <T> List<T> list(int count, java.util.function.Supplier<T> supplier) {
        List<T> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            records.add(supplier.get());
        }
        return records;
    }

    @Test
    void tablesRoundTripWithTheCodecsStrideOrALongerOne() throws MadFormatException {
        RandomRecords random = new RandomRecords(3);
        List<InformInfoRecord> records = list(10, random::informInfoRecord);
        byte[] table = SaTable.encode(response(0xF3), SaHeader.EMPTY, InformInfoRecord.CODEC, records);
        assertEquals(56 + 10 * 64, table.length);
        assertEquals(8, SaHeader.decode(table, 0).attributeOffset());
        assertEquals(records, SaTable.decode(table, InformInfoRecord.CODEC));
        byte[] wide = SaTable.encode(response(0xF3), SaHeader.EMPTY, InformInfoRecord.CODEC, records, 80);
        assertEquals(10, SaHeader.decode(wide, 0).attributeOffset());
        assertEquals(records, SaTable.decode(wide, InformInfoRecord.CODEC), "records wider than the codec knows");
        assertThrows(IllegalArgumentException.class,
                () -> SaTable.encode(response(0xF3), SaHeader.EMPTY, InformInfoRecord.CODEC, records, 60));
        assertThrows(IllegalArgumentException.class,
                () -> SaTable.encode(response(0x35), SaHeader.EMPTY, InformInfoRecord.CODEC, records));
    }

    @Test
    void singleMadWithRmppFirstAndLastEndsWherePayloadLengthSays() throws MadFormatException {
        List<LinkRecord> links = List.of(new LinkRecord(1, 1, 1, 2), new LinkRecord(2, 1, 1, 1));
        byte[] table = SaTable.encode(response(0x20), SaHeader.EMPTY, LinkRecord.CODEC, links);
        byte[] mad = Arrays.copyOf(table, 256); // padded with zeros, which would read as LID 0 links
        RmppHeader.data(1, 20 + 16, true, true, 0).encode(mad, 24);
        assertEquals(links, SaTable.decode(mad, LinkRecord.CODEC));
        RmppHeader.INACTIVE.encode(mad, 24);
        assertEquals(25, SaTable.decode(mad, LinkRecord.CODEC).size(), "without RMPP the padding is data");
    }

    @Test
    void badTablesAreRefused() {
        byte[] table = SaTable.encode(response(0x35), SaHeader.EMPTY, PathRecord.CODEC,
                List.of(PathRecord.betweenLids(1, 2)));
        MadFormatException attribute = assertThrows(MadFormatException.class,
                () -> SaTable.decode(table, LinkRecord.CODEC));
        assertEquals(Problem.BAD_ATTRIBUTE, attribute.problem());
        table[45] = 7; // AttributeOffset 7: 56 bytes, shorter than a PathRecord
        MadFormatException stride = assertThrows(MadFormatException.class,
                () -> SaTable.decode(table, PathRecord.CODEC));
        assertEquals(Problem.BAD_LENGTH, stride.problem());
        assertEquals("AttributeOffset 7 (56 bytes) is shorter than a 64-byte record", stride.getMessage());
        table[45] = 0;
        assertEquals(Problem.BAD_LENGTH,
                assertThrows(MadFormatException.class, () -> SaTable.decode(table, PathRecord.CODEC)).problem());
        byte[] headerOnly = Arrays.copyOf(table, 40);
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> SaTable.decode(headerOnly, PathRecord.CODEC)).problem());
    }

    @Test
    void serverSendsAndClientReassemblesThousandsOfRecordsOverALossyLink() throws MadFormatException {
        RandomRecords random = new RandomRecords(4);
        List<PathRecord> paths = list(5000, random::pathRecord); // 320,000 bytes: 1600 segments
        byte[] table = SaTable.encode(response(0x35), SaHeader.EMPTY, PathRecord.CODEC, paths);
        RmppConfig config = RmppConfig.forSubnAdm();
        assertEquals(1600, new RmppSender(table, config).segmentCount());
        LossyLink.Outcome outcome = new LossyLink(99, 0.02, 0.01, true).run(table, config);
        assertEquals(RmppState.COMPLETE, outcome.receiver().current().state());
        byte[] message = outcome.receiver().message();
        assertEquals(table.length, message.length);
        assertEquals(paths, SaTable.decode(message, PathRecord.CODEC));
        assertEquals(response(0x35), MadHeader.decode(message, 0));
    }
}
