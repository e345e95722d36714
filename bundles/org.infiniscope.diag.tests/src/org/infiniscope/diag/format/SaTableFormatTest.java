package org.infiniscope.diag.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.GUIDInfoRecord;
import org.infiniscope.mad.sa.InformInfo;
import org.infiniscope.mad.sa.InformInfoRecord;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.MFTRecord;
import org.infiniscope.mad.sa.PKeyTableRecord;
import org.infiniscope.mad.sa.SL2VLRecord;
import org.infiniscope.mad.sa.VLArbRecord;
import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.MulticastForwardingTable;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.VlArbitrationTable;
import org.junit.jupiter.api.Test;

/** saquery 44's dumps of the SA's ClassPortInfo and table records, as its printf formats lay them out. */
class SaTableFormatTest {

    @Test
    void classPortInfo() {
        ClassPortInfo cpi = new ClassPortInfo(1, 2, 0x2602, 0x8, 0x12,
                new ClassPortInfo.Address(Gid.ZERO, 0, 0, 0, 0, 0, 0, 0),
                new ClassPortInfo.Address(new Gid(0xfe80_0000_0000_0000L, 0x0008_f104_0399_3c91L), 1, 2, 3, 5, 0xffff,
                        1, 0x80010000),
                0x40);
        assertEquals("""
                SA ClassPortInfo:
                \t\tBase version.............1
                \t\tClass version............2
                \t\tCapability mask..........0x2602
                \t\tCapability mask 2........0x00000008
                \t\tResponse time value......0x12
                \t\tRedirect GID.............::
                \t\tRedirect TC/SL/FL........0x00000000
                \t\tRedirect LID.............0
                \t\tRedirect PKey............0x0000
                \t\tRedirect QP..............0x00000000
                \t\tRedirect QKey............0x00000000
                \t\tTrap GID.................fe80::8:f104:399:3c91
                \t\tTrap TC/SL/FL............0x01200003
                \t\tTrap LID.................5
                \t\tTrap PKey................0xFFFF
                \t\tTrap HL/QP...............0x40000001
                \t\tTrap QKey................0x80010000
                """, SaTableFormat.classPortInfo(cpi));
    }

    @Test
    void sl2VlRecord() {
        List<Integer> vls = IntStream.range(0, 16).map(sl -> sl % 8).boxed().toList();
        assertEquals("""
                SL2VLTableRecord dump:
                \t\tLID........................3
                \t\tInPort.....................1
                \t\tOutPort....................2
                \t\tSL: 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14|15|
                \t\tVL: 0| 1| 2| 3| 4| 5| 6| 7| 0| 1| 2| 3| 4| 5| 6| 7|
                """, SaTableFormat.sl2VlRecord(new SL2VLRecord(3, 1, 2, new Sl2VlTable(vls))));
    }

    @Test
    void pKeyTableRecord() {
        List<Integer> keys = new ArrayList<>(Collections.nCopies(32, 0));
        keys.set(0, 0xffff);
        keys.set(9, 0x8001);
        assertEquals("""
                PKeyTableRecord dump:
                \t\tLID........................4
                \t\tPort.......................0
                \t\tBlock......................0
                \t\tPKey Table:
                \t\t0xffff 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
                \t\t0x0000 0x8001 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
                \t\t0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000
                \t\t0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000 0x0000

                """, SaTableFormat.pKeyTableRecord(new PKeyTableRecord(4, 0, 0, new PKeyTable(keys))));
    }

    @Test
    void vlArbRecord() {
        List<VlArbitrationTable.Entry> entries = IntStream.range(0, 32)
                .mapToObj(i -> new VlArbitrationTable.Entry(i < 8 ? i : 0, i < 8 ? 64 : 0)).toList();
        String text = SaTableFormat.vlArbRecord(new VLArbRecord(2, 1, 1, new VlArbitrationTable(entries)));
        assertEquals("""
                VLArbTableRecord dump:
                \t\tLID........................2
                \t\tPort.......................1
                \t\tBlock......................1
                \t\tVL    : 0| 1| 2| 3| 4| 5| 6| 7| 0| 0| 0| 0| 0| 0| 0| 0|
                \t\tWeight:64|64|64|64|64|64|64|64| 0| 0| 0| 0| 0| 0| 0| 0|
                \t\tVL    : 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0|
                \t\tWeight: 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0| 0|
                """, text);
    }

    @Test
    void lftAndMftRecords() {
        List<Integer> ports = IntStream.range(0, 64).map(i -> i == 1 ? 3 : 0xff).boxed().toList();
        String lft = SaTableFormat.lftRecord(new LFTRecord(5, 1, new LinearForwardingTable(ports)));
        assertTrue(lft.startsWith("""
                LFT Record dump:
                \t\tLID........................5
                \t\tBlock......................1
                \t\tLFT:
                \t\tLID\tPort Number
                \t\t64\t255
                \t\t65\t3
                """), lft);
        assertTrue(lft.endsWith("\t\t127\t255\n\n"), lft);
        List<Integer> masks = IntStream.range(0, 32).map(i -> i == 0 ? 0x6 : 0).boxed().toList();
        String mft = SaTableFormat.mftRecord(new MFTRecord(5, 0, 1, new MulticastForwardingTable(masks)));
        assertTrue(mft.startsWith("""
                MFT Record dump:
                \t\tLID........................5
                \t\tPosition...................0
                \t\tBlock......................1
                \t\tMFT:
                \t\tMLID\tPort Mask
                \t\t0xc020\t0x0006
                \t\t0xc021\t0x0000
                """), mft);
        assertTrue(mft.endsWith("\t\t0xc03f\t0x0000\n\n"), mft);
    }

    @Test
    void guidInfoRecord() {
        List<Long> guids = new ArrayList<>(Collections.nCopies(8, 0L));
        guids.set(0, 0x0008f10400000101L);
        String text = SaTableFormat.guidInfoRecord(new GUIDInfoRecord(1, 0, new GuidInfo(guids)));
        assertTrue(text.startsWith("""
                GUIDInfo Record dump:
                \t\tLID........................1
                \t\tBlock......................0
                \t\tGUID 0.....................0x0008f10400000101
                \t\tGUID 1.....................0x0000000000000000
                """), text);
        assertTrue(text.endsWith("\t\tGUID 7.....................0x0000000000000000\n"), text);
    }

    @Test
    void informInfoRecordHidesTheQpn() {
        Gid subscriber = new Gid(0xfe80_0000_0000_0000L, 0x0008_f104_0000_0101L);
        InformInfo generic = new InformInfo(Gid.ZERO, 0xffff, 0, true, true, 4, 64, 1, 19, 0x000003);
        assertEquals("""
                InformInfoRecord dump:
                \t\tRID
                \t\tSubscriberGID...........fe80::8:f104:0:101
                \t\tSubscriberEnum..........0x0
                \t\tInformInfo dump:
                \t\tgid.....................::
                \t\tlid_range_begin.........65535
                \t\tlid_range_end...........0
                \t\tis_generic..............0x1
                \t\tsubscribe...............0x1
                \t\ttrap_type...............0x4
                \t\ttrap_num................64
                \t\tqpn.....................<not displayed>
                \t\tresp_time_val...........0x13
                \t\tnode_type...............0x000003
                """, SaTableFormat.informInfoRecord(new InformInfoRecord(subscriber, 0, generic), false));
    }
}
