package org.infiniscope.diag.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.SwitchInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The text of Debian's smpquery (rdma-core 44) on ibsim's 2-level fat tree, reproduced from the decoded values.
 * The lab test compares with the live tool; these keep the format honest without the lab.
 */
public class SmpFormatTest {

    /** {@code smpquery -D nodeinfo 0,1} from h00002: its leaf switch. */
    public static final String NODE_INFO_0_1 = """
            # Node info: DR path slid 65535; dlid 65535; 0,1
            BaseVers:........................1
            ClassVers:.......................1
            NodeType:........................Switch
            NumPorts:........................8
            SystemGuid:......................0x0008f10500000100
            Guid:............................0x0008f10500000100
            PortGuid:........................0x0008f10500000100
            PartCap:.........................8
            DevId:...........................0x0000
            Revision:........................0x000000a1
            LocalPort:.......................2
            VendorId:........................0x000000
            """;

    /** {@code smpquery -D portinfo 0 1} on h00002, before an SM: the capability names are tab-indented. */
    static final String PORT_INFO_CA = """
            Mkey:............................<not displayed>
            GidPrefix:.......................0x0000000000000000
            Lid:.............................0
            SMLid:...........................0
            CapMask:.........................0x50c048
            \t\t\t\tIsTrapSupported
            \t\t\t\tIsSLMappingSupported
            \t\t\t\tIsExtendedSpeedsSupported
            \t\t\t\tIsCapabilityMask2Supported
            \t\t\t\tIsVendorClassSupported
            \t\t\t\tIsCapabilityMaskNoticeSupported
            DiagCode:........................0x0000
            MkeyLeasePeriod:.................4089
            LocalPort:.......................1
            LinkWidthEnabled:................4X
            LinkWidthSupported:..............1X or 4X or 8X or 12X or 2X
            LinkWidthActive:.................4X
            LinkSpeedSupported:..............2.5 Gbps or 5.0 Gbps or 10.0 Gbps
            LinkState:.......................Initialize
            PhysLinkState:...................LinkUp
            LinkDownDefState:................Polling
            ProtectBits:.....................0
            LMC:.............................0
            LinkSpeedActive:.................2.5 Gbps
            LinkSpeedEnabled:................2.5 Gbps
            NeighborMTU:.....................2048
            SMSL:............................0
            VLCap:...........................VL0-7
            InitType:........................0x00
            VLHighLimit:.....................0
            VLArbHighCap:....................8
            VLArbLowCap:.....................8
            InitReply:.......................0x00
            MtuCap:..........................2048
            VLStallCount:....................7
            HoqLife:.........................0
            OperVLs:.........................VL0-7
            PartEnforceInb:..................0
            PartEnforceOutb:.................0
            FilterRawInb:....................0
            FilterRawOutb:...................0
            MkeyViolations:..................0
            PkeyViolations:..................0
            QkeyViolations:..................0
            GuidCap:.........................32
            ClientReregister:................0
            McastPkeyTrapSuppressionEnabled:.0
            SubnetTimeout:...................31
            RespTimeVal:.....................0
            LocalPhysErr:....................0
            OverrunErr:......................0
            MaxCreditHint:...................0
            RoundTrip:.......................0
            CapabilityMask2:.................0x30
            \t\t\t\tIsLinkWidth2xSupported
            \t\t\t\tIsLinkSpeedHDRSupported
            LinkSpeedExtActive:..............No Extended Speed
            LinkSpeedExtSupported:...........0
            LinkSpeedExtEnabled:.............0
            """;

    /** {@code smpquery -D switchinfo 0,1}. */
    static final String SWITCH_INFO = """
            LinearFdbCap:....................30720
            RandomFdbCap:....................0
            McastFdbCap:.....................1024
            LinearFdbTop:....................0
            DefPort:.........................0
            DefMcastPrimPort:................0
            DefMcastNotPrimPort:.............0
            LifeTime:........................0
            StateChange:.....................1
            OptSLtoVLMapping:................0
            LidsPerPort:.....................0
            PartEnforceCap:..................64
            InboundPartEnf:..................0
            OutboundPartEnf:.................0
            FilterRawInbound:................1
            FilterRawOutbound:...............1
            EnhancedPort0:...................0
            MulticastFDBTop:.................0x0000
            """;

    @Test
    void nodeInfo() {
        NodeInfo leaf = new NodeInfo(1, 1, NodeInfo.TYPE_SWITCH, 8, 0x0008f10500000100L, 0x0008f10500000100L,
                0x0008f10500000100L, 8, 0, 0xa1, 2, 0);
        assertEquals(NODE_INFO_0_1.lines().skip(1).map(l -> l + "\n").reduce("", String::concat),
                SmpFormat.text(SmpFormat.nodeInfo(leaf)));
    }

    @Test
    void portInfoWithTheNamesOfTheCapabilityBits() {
        PortInfo ca = new PortInfoBuilder().capabilityMask(0x50c048).mKeyLeasePeriod(4089).localPortNum(1)
                .linkWidthEnabled(2).linkWidthSupported(31).linkWidthActive(2).linkSpeedSupported(7).portState(2)
                .portPhysicalState(5).linkDownDefaultState(2).linkSpeedActive(1).linkSpeedEnabled(1).neighborMtu(4)
                .vlCap(4).vlArbitrationHighCap(8).vlArbitrationLowCap(8).mtuCap(4).vlStallCount(7).operationalVls(4)
                .guidCap(32).subnetTimeout(31).capabilityMask2(0x30).build();
        assertEquals(PORT_INFO_CA, SmpFormat.portInfoText(ca));
        assertEquals("0x50c048", SmpFormat.portInfo(ca).get("CapMask"));
    }

    @Test
    void switchInfo() {
        SwitchInfo leaf = new SwitchInfo(30720, 0, 1024, 0, 0, 0, 0, 0, true, 0, 0, 64, false, false, true, true, false,
                0);
        assertEquals(SWITCH_INFO, SmpFormat.text(SmpFormat.switchInfo(leaf)));
    }

    @Test
    void nodeDescriptionIsPaddedByTheLengthOfTheText() {
        assertEquals("Node Description:.........................leaf001", SmpFormat.nodeDescription("leaf001"));
        String long32 = "x".repeat(32);
        assertEquals("Node Description:." + long32, SmpFormat.nodeDescription(long32));
    }

    @Test
    void aNameOf32CharactersOrMoreGetsNoDots() {
        assertEquals("McastPkeyTrapSuppressionEnabled:.0", SmpFormat.line("McastPkeyTrapSuppressionEnabled", "0"));
        assertEquals("x".repeat(33) + ":7", SmpFormat.line("x".repeat(33), "7"));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {"2|4X", "3|1X or 4X", "0|undefined (0)", "33|1X or undefined (33)"})
    void widthMasks(int mask, String text) {
        assertEquals(text, SmpFormat.widthMask(mask));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {"31|1X or 4X or 8X or 12X or 2X", "2|4X (IBA extension)",
            "0|undefined (0) (IBA extension)", "32|undefined (32)"})
    void widthSupported(int mask, String text) {
        assertEquals(text, SmpFormat.widthSupported(mask));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {"7|2.5 Gbps or 5.0 Gbps or 10.0 Gbps", "4|10.0 Gbps (IBA extension)",
            "0|undefined (0) (IBA extension)", "9|2.5 Gbps or undefined (9)"})
    void speedMasks(int mask, String text) {
        assertEquals(text, SmpFormat.speedMask(mask));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {"0|0", "3|14.0625 Gbps or 25.78125 Gbps", "17|14.0625 Gbps or undefined (17)"})
    void extendedSpeedMasks(int mask, String text) {
        assertEquals(text, SmpFormat.extSpeedMask(mask));
    }

    @Test
    void capabilityNamesSkipUndefinedBits() {
        assertEquals(List.of("IsSM", "IsHierarchyInfoSupported"), SmpFormat.capabilityNames(0x80002002));
        assertEquals(List.of("IsSetNodeDescriptionSupported"), SmpFormat.capability2Names(0x8001));
    }

    @Test
    void anUnknownNodeTypeKeepsTheToolsQuestionMark() {
        NodeInfo odd = new NodeInfo(1, 1, 9, 1, 0, 0, 0, 0, 0, 0, 1, 0);
        assertEquals("?(9)?", SmpFormat.nodeInfo(odd).get("NodeType"));
    }
}
