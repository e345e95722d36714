package org.infiniscope.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.MulticastForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.smp.VlArbitrationTable;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

/**
 * The records that embed SMA attributes: where their own fields sit, that the embedded attribute is the SMP
 * codec's bytes at the record's offset, their component bits, and what they refuse. Round trips, truncation and
 * random bytes are in {@link SaRecordsTest}, which runs every SA codec.
 */
class SmaRecordsTest {

    private static final RandomRecords RANDOM = new RandomRecords(11);

    @Test
    void ownFieldsSitWhereTheSpecPutsThemAndTheAttributeFollowsAtItsOffset() throws MadFormatException {
        NodeRecord node = new NodeRecord(0x1234, RANDOM.attribute(NodeInfo.CODEC), new NodeDescription("leaf 7"));
        assertLayout(NodeRecord.CODEC, node, "12340000", NodeInfo.CODEC, node.nodeInfo(), 4);
        assertEquals(node.nodeDescription(), NodeDescription.CODEC.decode(encode(NodeRecord.CODEC, node), 44));

        PortInfoRecord port = new PortInfoRecord(0x0203, 0x11, 0x80, RANDOM.attribute(PortInfo.CODEC));
        assertLayout(PortInfoRecord.CODEC, port, "02031180", PortInfo.CODEC, port.portInfo(), 4);

        SL2VLRecord sl2vl = new SL2VLRecord(0x0405, 7, 9, RANDOM.attribute(Sl2VlTable.CODEC));
        assertLayout(SL2VLRecord.CODEC, sl2vl, "0405070900000000", Sl2VlTable.CODEC, sl2vl.sl2Vl(), 8);

        SwitchInfoRecord sw = new SwitchInfoRecord(0x0607, RANDOM.attribute(SwitchInfo.CODEC));
        assertLayout(SwitchInfoRecord.CODEC, sw, "06070000", SwitchInfo.CODEC, sw.switchInfo(), 4);

        LFTRecord lft = new LFTRecord(0x0809, 0x02ff, RANDOM.attribute(LinearForwardingTable.CODEC));
        assertLayout(LFTRecord.CODEC, lft, "080902ff00000000", LinearForwardingTable.CODEC, lft.lft(), 8);

        MFTRecord mft = new MFTRecord(0x0a0b, 0xA, 0x1FF, RANDOM.attribute(MulticastForwardingTable.CODEC));
        assertLayout(MFTRecord.CODEC, mft, "0a0ba1ff00000000", MulticastForwardingTable.CODEC, mft.mft(), 8);

        SMInfoRecord sm = new SMInfoRecord(0x0c0d, RANDOM.attribute(SmInfo.CODEC));
        assertLayout(SMInfoRecord.CODEC, sm, "0c0d0000", SmInfo.CODEC, sm.smInfo(), 4);

        GUIDInfoRecord guid = new GUIDInfoRecord(0x0e0f, 31, RANDOM.attribute(GuidInfo.CODEC));
        assertLayout(GUIDInfoRecord.CODEC, guid, "0e0f1f0000000000", GuidInfo.CODEC, guid.guidInfo(), 8);

        PKeyTableRecord pkey = new PKeyTableRecord(0x1011, 0x07ff, 0x24, RANDOM.attribute(PKeyTable.CODEC));
        assertLayout(PKeyTableRecord.CODEC, pkey, "101107ff24000000", PKeyTable.CODEC, pkey.pKeyTable(), 8);

        VLArbRecord vlarb = new VLArbRecord(0x1213, 0x24, 4, RANDOM.attribute(VlArbitrationTable.CODEC));
        assertLayout(VLArbRecord.CODEC, vlarb, "1213240400000000", VlArbitrationTable.CODEC, vlarb.vlArbitration(), 8);
    }

    /** Checks the record's own bytes, then that the attribute codec reads the embedded value at its offset. */
    private static <R, A> void assertLayout(AttributeCodec<R> codec, R record, String ownHex,
            AttributeCodec<A> attributeCodec, A attribute, int attributeOffset) throws MadFormatException {
        byte[] wire = encode(codec, record);
        assertEquals(ownHex, HexFormat.of().formatHex(wire, 0, ownHex.length() / 2), codec.toString());
        assertEquals(ownHex.length() / 2, attributeOffset);
        assertEquals(attribute, attributeCodec.decode(wire, attributeOffset), codec.toString());
        byte[] alone = new byte[attributeCodec.length()];
        attributeCodec.encode(attribute, alone, 0);
        assertArrayEquals(alone, Arrays.copyOfRange(wire, attributeOffset, attributeOffset + alone.length),
                "the embedded attribute has the bytes of the SMP's");
        assertEquals(record, codec.decode(wire, 0));
    }

    private static <T> byte[] encode(AttributeCodec<T> codec, T record) {
        byte[] wire = new byte[codec.length()];
        Arrays.fill(wire, (byte) 0xEE); // reserved bytes must come out zero
        codec.encode(record, wire, 0);
        return wire;
    }

    @Test
    void lengthsAndStridesFollowTheSpecAndOpenSm() {
        // records padded to 8 bytes on the wire, as AttributeOffset counts: the strides OpenSM used in the lab
        assertEquals(List.of(112, 72, 16, 24, 72, 72, 32, 72, 72, 72),
                List.of(NodeRecord.CODEC, PortInfoRecord.CODEC, SL2VLRecord.CODEC, SwitchInfoRecord.CODEC,
                        LFTRecord.CODEC, MFTRecord.CODEC, SMInfoRecord.CODEC, GUIDInfoRecord.CODEC,
                        PKeyTableRecord.CODEC, VLArbRecord.CODEC).stream().map(SaTable::strideOf).toList());
    }

    @Test
    void componentMaskBitsAreNumberedAsTheSpecNumbersComponents() {
        assertEquals(1L << 14, NodeRecord.Components.NODE_DESCRIPTION);
        assertEquals(1L << 7, NodeRecord.Components.NODE_GUID);
        assertEquals(1L << 5, PortInfoRecord.Components.BASE_LID);
        assertEquals(1L << 31, PortInfoRecord.Components.MTU_CAP);
        assertEquals(1L << 57, PortInfoRecord.Components.LINK_SPEED_EXT_ENABLED);
        assertEquals(1L << 2, SL2VLRecord.Components.OUTPUT_PORT_NUM);
        assertEquals(1L << 0, SwitchInfoRecord.Components.LID);
        assertEquals(1L << 1, LFTRecord.Components.BLOCK_NUM);
        assertEquals(1L << 3, MFTRecord.Components.BLOCK_NUM);
        assertEquals(1L << 6, SMInfoRecord.Components.SM_STATE);
        assertEquals(1L << 4, GUIDInfoRecord.Components.guid(0));
        assertEquals(1L << 11, GUIDInfoRecord.Components.guid(7));
        assertThrows(IndexOutOfBoundsException.class, () -> GUIDInfoRecord.Components.guid(8));
        assertEquals(1L << 2, PKeyTableRecord.Components.PORT_NUM);
        assertEquals(1L << 2, VLArbRecord.Components.BLOCK_NUM);
    }

    @Test
    void mftReservedBitsBetweenPositionAndBlockAreIgnoredAndWrittenZero() throws MadFormatException {
        byte[] wire = new byte[MFTRecord.LENGTH];
        wire[2] = (byte) 0x3E; // position 3, the three reserved bits set, block bit 8 clear
        wire[3] = 0x05;
        MFTRecord record = MFTRecord.CODEC.decode(wire, 0);
        assertEquals(List.of(3, 5), List.of(record.position(), record.blockNum()));
        assertEquals(0xc000 + 5 * 32, record.firstMlid());
        assertEquals("3005", HexFormat.of().formatHex(encode(MFTRecord.CODEC, record), 2, 4));
    }

    @Test
    void secretsOfTheEmbeddedAttributesStayHidden() {
        SMInfoRecord sm = new SMInfoRecord(1, new SmInfo(0x0008f10400000101L, 0x0123456789abcdefL, 542, 1, 3));
        assertFalse(sm.toString().contains("123456789abcdef"), sm.toString());
        assertFalse(sm.toString().contains(Long.toString(0x0123456789abcdefL)), sm.toString());
        PortInfoRecord port = RANDOM.portInfoRecord();
        assertFalse(port.toString().contains(Long.toHexString(port.portInfo().mKey())), port.toString());
        assertFalse(port.toString().contains(Long.toString(port.portInfo().mKey())), port.toString());
    }

    @Test
    void aNodeDescriptionThatIsNotUtf8ReadsAsTheToolsReadIt() throws MadFormatException {
        // NodeDescription is what the node says: bad UTF-8 decodes to U+FFFD, as from the SMP, rather than losing
        // the whole NodeRecord
        byte[] wire = new byte[NodeRecord.LENGTH];
        wire[44] = 'a';
        wire[45] = (byte) 0xC3;
        wire[46] = 'b';
        assertEquals("a\uFFFDb", NodeRecord.CODEC.decode(wire, 0).nodeDescription().text());
        Arrays.fill(wire, 44, 108, (byte) 'x');
        assertEquals("x".repeat(64), NodeRecord.CODEC.decode(wire, 0).nodeDescription().text(),
                "64 bytes need no NUL, and the record ends there");
    }

    @Test
    void aTableWhoseAttributeOffsetIsShorterThanTheRecordIsRefused() throws IOException, MadFormatException {
        for (String name : List.of("nr-1.response.hex", "pir-1.response.hex", "smir-1.response.hex")) {
            Golden golden = Golden.load(name);
            byte[] mad = Arrays.copyOf(golden.mad(), golden.receivedLength());
            int stride = SaMad.decode(golden.mad(), 0).saHeader().recordStride();
            // one unit short: the padding is gone and the record's last bytes would overlap the next
            Bits.put16(mad, 44, stride / 8 - 1);
            MadFormatException e = assertThrows(MadFormatException.class, () -> SaTable.decode(mad, codecOf(name)));
            assertEquals(Problem.BAD_LENGTH, e.problem(), name);
            assertEquals(44, e.offset());
            assertTrue(e.getMessage().startsWith("AttributeOffset " + (stride / 8 - 1)), e.getMessage());
        }
    }

    @Test
    void aTableOfAnotherAttributeIsRefused() throws IOException {
        byte[] mad = Golden.load("nr-1.response.hex").mad();
        MadFormatException e = assertThrows(MadFormatException.class, () -> SaTable.decode(mad, PortInfoRecord.CODEC));
        assertEquals(Problem.BAD_ATTRIBUTE, e.problem());
        assertEquals("AttributeID 0x0011, expected 0x0012", e.getMessage());
    }

    @Test
    void aRecordCutShortIsRefusedNamingIt() throws IOException {
        byte[] mad = Golden.load("nr-1.response.hex").mad();
        MadFormatException e = assertThrows(MadFormatException.class,
                () -> NodeRecord.CODEC.decode(Arrays.copyOf(mad, 56 + 100), 56));
        assertEquals(Problem.TRUNCATED, e.problem());
        assertEquals("NodeRecord needs 108 bytes at offset 56, the buffer has 156", e.getMessage());
    }

    private static AttributeCodec<?> codecOf(String name) {
        return switch (name.substring(0, name.indexOf('-'))) {
            case "nr" -> NodeRecord.CODEC;
            case "pir" -> PortInfoRecord.CODEC;
            default -> SMInfoRecord.CODEC;
        };
    }

    @Test
    void valuesOutOfRangeAreProgrammingErrors() {
        PortInfo portInfo = RANDOM.attribute(PortInfo.CODEC);
        assertThrows(IllegalArgumentException.class, () -> new PortInfoRecord(0x10000, 0, 0, portInfo));
        assertThrows(IllegalArgumentException.class, () -> new PortInfoRecord(1, 256, 0, portInfo));
        assertThrows(NullPointerException.class, () -> new PortInfoRecord(1, 1, 0, null));
        MulticastForwardingTable mft = RANDOM.attribute(MulticastForwardingTable.CODEC);
        assertThrows(IllegalArgumentException.class, () -> new MFTRecord(1, 16, 0, mft));
        assertThrows(IllegalArgumentException.class, () -> new MFTRecord(1, 0, 512, mft));
        assertThrows(IllegalArgumentException.class,
                () -> new GUIDInfoRecord(1, 256, RANDOM.attribute(GuidInfo.CODEC)));
        assertThrows(IllegalArgumentException.class,
                () -> new PKeyTableRecord(1, 0x10000, 0, RANDOM.attribute(PKeyTable.CODEC)));
        assertThrows(IllegalArgumentException.class,
                () -> new LFTRecord(-1, 0, RANDOM.attribute(LinearForwardingTable.CODEC)));
        assertThrows(NullPointerException.class, () -> new NodeRecord(1, null, new NodeDescription("")));
        assertThrows(NullPointerException.class, () -> NodeRecord.CODEC.encode(null, new byte[108], 0));
    }
}
