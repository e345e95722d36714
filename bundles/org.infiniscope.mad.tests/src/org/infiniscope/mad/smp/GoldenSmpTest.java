package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/**
 * SMPs captured from infiniband-diags on the ibsim lab (ft2-16.net, OpenSM as master on h00001, tools run on
 * h00002); each file's first line is the command. The expected values are what the tool printed.
 */
class GoldenSmpTest {

    static byte[] load(String name) throws IOException {
        try (InputStream in = GoldenSmpTest.class.getResourceAsStream("/org/infiniscope/mad/golden/smp/" + name)) {
            assertNotNull(in, name);
            String hex = new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
                    .filter(line -> !line.startsWith("#")).collect(Collectors.joining()).strip();
            byte[] mad = HexFormat.of().parseHex(hex);
            assertEquals(256, mad.length, name);
            return mad;
        }
    }

    /** Decodes the SMP and its attribute, and checks both re-encode to the captured bytes. */
    private static <T> T decode(String name, AttributeCodec<T> codec) throws IOException, MadFormatException {
        byte[] mad = load(name);
        Smp smp = Smp.decode(mad);
        assertArrayEquals(mad, smp.encode(), name + ": the SMP re-encodes to the same bytes");
        T value = Smp.decodeAttribute(mad, codec);
        assertEquals(value, smp.attribute(codec));
        byte[] again = mad.clone();
        codec.encode(value, again, Smp.DATA_OFFSET);
        assertArrayEquals(mad, again, name + ": the attribute re-encodes to the same bytes");
        return value;
    }

    @Test
    void nodeInfoRequestAsSmpquerySendsIt() throws Exception {
        Smp request = Smp.decode(load("nodeinfo-switch-request.hex"));
        assertEquals(MgmtClass.SUBN_DIRECTED_ROUTE, request.header().mgmtClass());
        assertEquals(Method.GET, request.header().method());
        assertEquals(NodeInfo.ATTRIBUTE_ID, request.header().attributeId());
        assertEquals(0, request.hopPointer());
        assertEquals(1, request.hopCount());
        assertEquals(1, request.initialPathPort(1));
        assertEquals(0xFFFF, request.drSlid());
        assertEquals(0xFFFF, request.drDlid());
        assertFalse(request.isReturning());
    }

    @Test
    void nodeInfoOfASwitch() throws Exception {
        NodeInfo info = decode("nodeinfo-switch.hex", NodeInfo.CODEC);
        assertEquals(new NodeInfo(1, 1, NodeInfo.TYPE_SWITCH, 8, 0x0008f10500000100L, 0x0008f10500000100L,
                0x0008f10500000100L, 8, 0, 0xa1, 2, 0), info);
        assertEquals("Switch", info.nodeTypeName());
        Smp response = Smp.decode(load("nodeinfo-switch.hex"));
        assertTrue(response.isReturning());
        assertEquals(0, response.hopPointer());
        assertEquals(2, response.returnPathPort(1), "the switch port the request arrived on");
    }

    @Test
    void nodeInfoOfAChannelAdapter() throws Exception {
        NodeInfo info = decode("nodeinfo-ca.hex", NodeInfo.CODEC);
        assertEquals(new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, 0x0008f10400000200L, 0x0008f10400000200L,
                0x0008f10400000201L, 64, 0, 0xa1, 1, 0), info);
        assertEquals("Channel Adapter", info.nodeTypeName());
    }

    @Test
    void portInfoOfAChannelAdapterWithALid() throws Exception {
        PortInfo port = decode("portinfo-ca.hex", PortInfo.CODEC);
        assertEquals(0xfe80000000000000L, port.gidPrefix());
        assertEquals(8, port.lid());
        assertEquals(1, port.masterSmLid());
        assertEquals(0x50c048, port.capabilityMask());
        assertEquals(4089, port.mKeyLeasePeriod());
        assertEquals(1, port.localPortNum());
        assertEquals("4X", LinkEncodings.widthMask(port.linkWidthEnabled()));
        assertEquals("1X or 4X or 8X or 12X or 2X", LinkEncodings.widthMask(port.linkWidthSupported()));
        assertEquals("4X", LinkEncodings.width(port.linkWidthActive()));
        assertEquals("2.5 Gbps or 5.0 Gbps or 10.0 Gbps", LinkEncodings.speedMask(port.linkSpeedSupported()));
        assertEquals("Active", LinkEncodings.portState(port.portState()));
        assertEquals("LinkUp", LinkEncodings.physicalState(port.portPhysicalState()));
        assertEquals("Polling", LinkEncodings.physicalState(port.linkDownDefaultState()));
        assertEquals("2.5 Gbps", LinkEncodings.speed(port.linkSpeedActive()));
        assertEquals("2.5 Gbps", LinkEncodings.speedMask(port.linkSpeedEnabled()));
        assertEquals("2048", LinkEncodings.mtu(port.neighborMtu()));
        assertEquals("VL0-7", LinkEncodings.vlCap(port.vlCap()));
        assertEquals(8, port.vlArbitrationHighCap());
        assertEquals(8, port.vlArbitrationLowCap());
        assertEquals("2048", LinkEncodings.mtu(port.mtuCap()));
        assertEquals(7, port.vlStallCount());
        assertEquals(0, port.hoqLife());
        assertEquals("VL0-7", LinkEncodings.vlCap(port.operationalVls()));
        assertEquals(32, port.guidCap());
        assertEquals(31, port.subnetTimeout());
        assertEquals(0x30, port.capabilityMask2());
        assertEquals("No Extended Speed", LinkEncodings.extSpeed(port.linkSpeedExtActive()));
        assertEquals("0", LinkEncodings.extSpeedMask(port.linkSpeedExtSupported()));
        assertEquals("0", LinkEncodings.extSpeedEnabled(port.linkSpeedExtEnabled()));
        assertFalse(port.clientReregister());
        assertEquals(Optional.of(LinkSpeed.SDR), LinkSpeed.active(port, Optional.empty()));
        assertEquals(Optional.of(LinkWidth.X4), LinkWidth.ofActive(port.linkWidthActive()));
    }

    @Test
    void portInfoOfAnFdrPort() throws Exception {
        // a fabric file with speed=4 extspeed=1: QDR in the base field, FDR in the extended one
        PortInfo port = decode("portinfo-ca-fdr.hex", PortInfo.CODEC);
        assertEquals("Initialize", LinkEncodings.portState(port.portState()));
        assertEquals("10.0 Gbps", LinkEncodings.speed(port.linkSpeedActive()));
        assertEquals("10.0 Gbps (IBA extension)", LinkEncodings.speedMask(port.linkSpeedEnabled()));
        assertEquals("14.0625 Gbps", LinkEncodings.extSpeed(port.linkSpeedExtActive()));
        assertEquals("14.0625 Gbps or 25.78125 Gbps or 53.125 Gbps",
                LinkEncodings.extSpeedMask(port.linkSpeedExtSupported()));
        assertEquals("14.0625 Gbps", LinkEncodings.extSpeedEnabled(port.linkSpeedExtEnabled()));
        assertEquals(31, port.subnetTimeout());
        assertEquals(Optional.of(LinkSpeed.FDR), LinkSpeed.active(port, Optional.empty()));
    }

    @Test
    void portInfoOfASwitchPort() throws Exception {
        PortInfo port = decode("portinfo-switch-port2.hex", PortInfo.CODEC);
        assertEquals(0, port.lid());
        assertEquals(0, port.capabilityMask());
        assertEquals(2, port.localPortNum());
        assertEquals(16, port.hoqLife());
        assertEquals("Active", LinkEncodings.portState(port.portState()));
        assertEquals("LinkUp", LinkEncodings.physicalState(port.portPhysicalState()));
    }

    @Test
    void switchInfo() throws Exception {
        assertEquals(
                new SwitchInfo(30720, 0, 1024, 22, 0, 0, 0, 18, false, 0, 0, 64, false, false, true, true, false, 0),
                decode("switchinfo.hex", SwitchInfo.CODEC));
    }

    @Test
    void nodeDescriptions() throws Exception {
        assertEquals("leaf001", decode("nodedesc-switch.hex", NodeDescription.CODEC).text());
        assertEquals("h00002", decode("nodedesc-ca.hex", NodeDescription.CODEC).text());
    }

    @Test
    void guidInfo() throws Exception {
        List<Long> guids = Arrays.asList(0x0008f10400000201L, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
        assertEquals(new GuidInfo(guids), decode("guidinfo-ca.hex", GuidInfo.CODEC));
    }

    @Test
    void pKeyTable() throws Exception {
        PKeyTable table = decode("pkeytable-ca.hex", PKeyTable.CODEC);
        assertEquals(0xffff, table.pKeys().get(0));
        assertEquals(0, table.pKeys().subList(1, 32).stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void sl2VlTable() throws Exception {
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7),
                decode("sl2vl-switch.hex", Sl2VlTable.CODEC).vls());
    }

    @Test
    void vlArbitrationLowPriority() throws Exception {
        VlArbitrationTable table = decode("vlarb-ca.hex", VlArbitrationTable.CODEC);
        assertEquals(new VlArbitrationTable.Entry(0, 0), table.entries().get(0));
        for (int vl = 1; vl < 8; vl++) {
            assertEquals(new VlArbitrationTable.Entry(vl, 4), table.entries().get(vl));
        }
    }

    @Test
    void linearForwardingTableBlock0() throws Exception {
        LinearForwardingTable lft = decode("lft-block0.hex", LinearForwardingTable.CODEC);
        // ibroute: lid 1 -> 1, 2 -> 0 (the switch), 3..6 -> 5, 7 -> 6, 8..14 -> 2..8, 15..22 -> 5..8 twice
        assertEquals(List.of(255, 1, 0, 5, 5, 5, 5, 6, 2, 3, 4, 5, 6, 7, 8, 5, 6, 7, 8, 5, 6, 7, 8),
                lft.ports().subList(0, 23));
        assertTrue(lft.ports().subList(23, 64).stream().allMatch(p -> p == LinearForwardingTable.NO_ROUTE));
    }

    @Test
    void multicastForwardingTableBlock0IsEmpty() throws Exception {
        MulticastForwardingTable mft = decode("mft-block0.hex", MulticastForwardingTable.CODEC);
        assertTrue(mft.portMasks().stream().allMatch(mask -> mask == 0), "ibroute -M: 0 valid mlids");
    }

    @Test
    void smInfoOfTheMaster() throws Exception {
        SmInfo sm = decode("sminfo.hex", SmInfo.CODEC);
        assertEquals(0x0008f10400000101L, sm.guid());
        assertEquals(542, sm.actCount());
        assertEquals(0, sm.priority());
        assertEquals("SMINFO_MASTER", sm.stateName());
    }

    @Test
    void mellanoxExtendedPortInfo() throws Exception {
        assertEquals(new ExtendedPortInfo(0, 0, 0, 0), decode("extportinfo-switch.hex", ExtendedPortInfo.CODEC));
    }
}
