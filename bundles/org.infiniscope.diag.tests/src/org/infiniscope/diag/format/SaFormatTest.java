package org.infiniscope.diag.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.SwitchInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The text of Debian's saquery (rdma-core 44), captured on ibsim's ft2-16 with OpenSM 3.3.23 up (at h00001, LID 1;
 * the tool at h00002, LID 8), reproduced from the decoded records. SaqueryLabIT compares with the live tool.
 */
public class SaFormatTest {

    static final String NR_8 = """
            NodeRecord dump:
            \t\tlid.....................8
            \t\treserved................0x0
            \t\tbase_version............0x1
            \t\tclass_version...........0x1
            \t\tnode_type...............Channel Adapter
            \t\tnum_ports...............1
            \t\tsys_guid................0x0008f10400000200
            \t\tnode_guid...............0x0008f10400000200
            \t\tport_guid...............0x0008f10400000201
            \t\tpartition_cap...........0x40
            \t\tdevice_id...............0x0
            \t\trevision................0xA1
            \t\tport_num................1
            \t\tvendor_id...............0x0
            \t\tNodeDescription.........h00002
            """;

    static final String PIR_8 = """
            PortInfoRecord dump:
            \tRID
            \t\tEndPortLid..............8
            \t\tPortNum.................1
            \t\tOptions.................0x0
            \tPortInfo dump:
            \t\tMkey:............................<not displayed>
            \t\tGidPrefix:.......................0xfe80000000000000
            \t\tLid:.............................8
            \t\tSMLid:...........................1
            \t\tCapMask:.........................0x50c048
            \t\t\t\tIsTrapSupported
            \t\t\t\tIsSLMappingSupported
            \t\t\t\tIsExtendedSpeedsSupported
            \t\t\t\tIsCapabilityMask2Supported
            \t\t\t\tIsVendorClassSupported
            \t\t\t\tIsCapabilityMaskNoticeSupported
            \t\tDiagCode:........................0x0000
            \t\tMkeyLeasePeriod:.................4089
            \t\tLocalPort:.......................1
            \t\tLinkWidthEnabled:................4X
            \t\tLinkWidthSupported:..............1X or 4X or 8X or 12X or 2X
            \t\tLinkWidthActive:.................4X
            \t\tLinkSpeedSupported:..............2.5 Gbps or 5.0 Gbps or 10.0 Gbps
            \t\tLinkState:.......................Active
            \t\tPhysLinkState:...................LinkUp
            \t\tLinkDownDefState:................Polling
            \t\tProtectBits:.....................0
            \t\tLMC:.............................0
            \t\tLinkSpeedActive:.................2.5 Gbps
            \t\tLinkSpeedEnabled:................2.5 Gbps
            \t\tNeighborMTU:.....................2048
            \t\tSMSL:............................0
            \t\tVLCap:...........................VL0-7
            \t\tInitType:........................0x00
            \t\tVLHighLimit:.....................0
            \t\tVLArbHighCap:....................8
            \t\tVLArbLowCap:.....................8
            \t\tInitReply:.......................0x00
            \t\tMtuCap:..........................2048
            \t\tVLStallCount:....................7
            \t\tHoqLife:.........................0
            \t\tOperVLs:.........................VL0-7
            \t\tPartEnforceInb:..................0
            \t\tPartEnforceOutb:.................0
            \t\tFilterRawInb:....................0
            \t\tFilterRawOutb:...................0
            \t\tMkeyViolations:..................0
            \t\tPkeyViolations:..................0
            \t\tQkeyViolations:..................0
            \t\tGuidCap:.........................32
            \t\tClientReregister:................0
            \t\tMcastPkeyTrapSuppressionEnabled:.0
            \t\tSubnetTimeout:...................31
            \t\tRespTimeVal:.....................0
            \t\tLocalPhysErr:....................0
            \t\tOverrunErr:......................0
            \t\tMaxCreditHint:...................0
            \t\tRoundTrip:.......................0
            \t\tCapabilityMask2:.................0x30
            \t\t\t\tIsLinkWidth2xSupported
            \t\t\t\tIsLinkSpeedHDRSupported
            \t\tLinkSpeedExtActive:..............No Extended Speed
            \t\tLinkSpeedExtSupported:...........0
            \t\tLinkSpeedExtEnabled:.............0
            """;

    static final String PR_8_3 = """
            PathRecord dump:
            \t\tservice_id..............0x0000000000000000
            \t\tdgid....................fe80::8:f105:0:200
            \t\tsgid....................fe80::8:f104:0:201
            \t\tdlid....................3
            \t\tslid....................8
            \t\thop_flow_raw............0x0
            \t\ttclass..................0x0
            \t\tnum_path_revers.........0x80
            \t\tpkey....................0xFFFF
            \t\tqos_class...............0x0
            \t\tsl......................0x0
            \t\tmtu.....................0x83
            \t\trate....................0x83
            \t\tpkt_life................0x92
            \t\tpreference..............0x0
            \t\tresv2...................0x000000000000
            """;

    static final String LR_2_1 = """
            LinkRecord dump:
            \t\tFromLID....................2
            \t\tFromPort...................1
            \t\tToPort.....................1
            \t\tToLID......................1
            """;

    static final String SWIR_2 = """
            SwitchInfoRecord dump:
            \t\tRID
            \t\tLID.....................................2
            \t\tSwitchInfo dump:
            \t\tLinearFDBCap............................0x7800
            \t\tRandomFDBCap............................0x0
            \t\tMulticastFDBCap.........................0x400
            \t\tLinearFDBTop............................0x16
            \t\tDefaultPort.............................0
            \t\tDefaultMulticastPrimaryPort.............0
            \t\tDefaultMulticastNotPrimaryPort..........0
            \t\tLifeTimeValue/PortStateChange/OpSL2VL...0x90
            \t\tLIDsPerPort.............................0x0
            \t\tPartitionEnforcementCap.................0x40
            \t\tflags...................................0x30
            \t\tMulticastFDBTop.........................0x0
            """;

    static final String SMIR_1 = """
            SMInfoRecord dump:
            \t\tRID
            \t\tLID...................1
            \t\tSMInfo dump:
            \t\tGUID..................0x0008f10400000101
            \t\tSM_Key................0x0000000000000000
            \t\tActCount..............524
            \t\tPriority..............0
            \t\tSMState...............3
            """;

    static final String MCMR = """
            MCMember Record dump:
            \t\tMGID....................ff12:401b:ffff::ffff:ffff
            \t\tPortGid.................::
            \t\tqkey....................0xb1b
            \t\tmlid....................0xc000
            \t\tmtu.....................0x84
            \t\tTClass..................0x0
            \t\tpkey....................0xffff
            \t\trate....................0x83
            \t\tpkt_life................0x92
            \t\tSL......................0x0
            \t\tFlowLabel...............0x0
            \t\tHopLimit................0x0
            \t\tScope...................0x2
            \t\tJoinState...............0x0
            \t\tProxyJoin...............0x0
            """;

    static final String MC_GROUPS = """
            MCMemberRecord group dump:
            \t\tMGID....................ff12:401b:ffff::ffff:ffff
            \t\tMlid....................0xC000
            \t\tMtu.....................0x84
            \t\tpkey....................0xFFFF
            \t\tRate....................0x83
            \t\tSL......................0x0
            """;

    static final String MC_MEMBERS = """
            MCMemberRecord member dump:
            \t\tMGID....................ff12:401b:ffff::ffff:ffff
            \t\tMlid....................0xC000
            \t\tPortGid.................::
            \t\tScopeState..............0x20
            \t\tProxyJoin...............0x0
            \t\tNodeDescription.........<unknown>
            """;

    static final String IS_SM = """
            IsSM ports
            PortInfoRecord dump:
            \t\tEndPortLid..............1
            \t\tPortNum.................1
            \t\tbase_lid................1
            \t\tmaster_sm_base_lid......1
            \t\tcapability_mask.........0x50C04A

            IsSMdisabled ports
            """;

    static final String LIST = """
               LID "name"
            ================
                 1  "h00001"
            """;

    private static final Gid H2_PORT = new Gid(Gid.DEFAULT_PREFIX, 0x0008f10400000201L);
    private static final Gid BROADCAST = new Gid(0xff12401bffff0000L, 0x00000000ffffffffL);

    public static PortInfo h00002Port() {
        return new PortInfoBuilder().gidPrefix(Gid.DEFAULT_PREFIX).lid(8).masterSmLid(1).capabilityMask(0x50c048)
                .mKeyLeasePeriod(4089).localPortNum(1).linkWidthEnabled(2).linkWidthSupported(31).linkWidthActive(2)
                .linkSpeedSupported(7).portState(4).portPhysicalState(5).linkDownDefaultState(2).linkSpeedActive(1)
                .linkSpeedEnabled(1).neighborMtu(4).vlCap(4).vlArbitrationHighCap(8).vlArbitrationLowCap(8).mtuCap(4)
                .vlStallCount(7).operationalVls(4).guidCap(32).subnetTimeout(31).capabilityMask2(0x30).build();
    }

    private static MCMemberRecord broadcastGroup() {
        return new MCMemberRecord(BROADCAST, Gid.ZERO, 0xb1b, 0xc000, 2, 4, 0, 0xffff, 2, 3, 2, 0x12, 0, 0, 0, 2, 0,
                false);
    }

    @Test
    void nodeRecord() {
        NodeInfo h2 = new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, 0x0008f10400000200L, 0x0008f10400000200L,
                0x0008f10400000201L, 64, 0, 0xa1, 1, 0);
        assertEquals(NR_8, SaFormat.nodeRecord(new NodeRecord(8, h2, new NodeDescription("h00002"))));
    }

    @Test
    void portInfoRecordIndentsThePortInfoButNotTheNamesOfTheCapabilityBits() {
        assertEquals(PIR_8, SaFormat.portInfoRecord(new PortInfoRecord(8, 1, 0, h00002Port())));
    }

    @Test
    void pathRecordPrintsItsBitFieldsPacked() {
        PathRecord path = new PathRecord(0, new Gid(Gid.DEFAULT_PREFIX, 0x0008f10500000200L), H2_PORT, 3, 8, false, 0,
                0, 0, true, 0, 0xffff, 0, 0, 2, 3, 2, 3, 2, 0x12, 0);
        assertEquals(PR_8_3, SaFormat.pathRecord(path));
    }

    @Test
    void linkRecord() {
        assertEquals(LR_2_1, SaFormat.linkRecord(new LinkRecord(2, 1, 1, 1)));
    }

    @Test
    void switchInfoRecordWithMulticastFdbTopWhenTheSaSupportsIt() {
        SwitchInfo leaf = new SwitchInfo(0x7800, 0, 0x400, 0x16, 0, 0, 0, 0x12, false, 0, 0, 0x40, false, false, true,
                true, false, 0);
        assertEquals(SWIR_2, SaFormat.switchInfoRecord(new SwitchInfoRecord(2, leaf), true));
        String without = SWIR_2.substring(0, SWIR_2.indexOf("\t\tMulticastFDBTop"));
        assertEquals(without, SaFormat.switchInfoRecord(new SwitchInfoRecord(2, leaf), false));
    }

    @Test
    void smInfoRecord() {
        SmInfo sm = new SmInfo(0x0008f10400000101L, 0, 524, 0, SmInfo.MASTER);
        assertEquals(SMIR_1, SaFormat.smInfoRecord(new SMInfoRecord(1, sm)));
    }

    @Test
    void mcMemberRecordGroupAndMember() {
        assertEquals(MCMR, SaFormat.mcMemberRecord(broadcastGroup()));
        assertEquals(MC_GROUPS, SaFormat.mcGroupRecord(broadcastGroup()));
        assertEquals(MC_MEMBERS, SaFormat.mcMemberDump(broadcastGroup(), "<unknown>"));
    }

    @Test
    void theSmPortsAndTheCaList() {
        PortInfo sm = PortInfoBuilder.from(h00002Port()).lid(1).capabilityMask(0x50c04a).build();
        assertEquals(IS_SM, "IsSM ports\n" + SaFormat.portInfoRecordShort(new PortInfoRecord(1, 1, 0, sm))
                + "\nIsSMdisabled ports\n");
        NodeInfo h1 = new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, 1, 1, 1, 64, 0, 0xa1, 1, 0);
        assertEquals(LIST, "   LID \"name\"\n================\n"
                + SaFormat.nodeDescriptionLine(new NodeRecord(1, h1, new NodeDescription("h00001"))));
    }

    @Test
    void serviceRecordHidesTheKeyAndNumbersTheDataFromOne() {
        ServiceRecord r = new ServiceRecord(0x1000000000000abcL, H2_PORT, 0xffff, ServiceRecord.INFINITE_LEASE, 7, 9,
                "infiniscope", List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0xff),
                List.of(0, 0, 0, 0, 0, 0, 0, 0xabcd), List.of(0, 0, 0, -1), List.of(0L, 0x0102030405060708L));
        String text = SaFormat.serviceRecord(r);
        assertEquals("ServiceRecord dump:\n", text.lines().findFirst().orElseThrow() + "\n");
        List<String> lines = text.lines().toList();
        assertEquals(37, lines.size());
        assertEquals("\t\tServiceID...............0x1000000000000abc", lines.get(1));
        assertEquals("\t\tServiceGID..............fe80::8:f104:0:201", lines.get(2));
        assertEquals("\t\tServiceP_Key............0xFFFF", lines.get(3));
        assertEquals("\t\tServiceLease............0xFFFFFFFF", lines.get(4));
        assertEquals("\t\tServiceKey..............<not displayed>", lines.get(5));
        assertEquals("\t\tServiceName.............infiniscope", lines.get(6));
        assertEquals("\t\tServiceData8.1..........0x1", lines.get(7));
        assertEquals("\t\tServiceData8.16.........0xFF", lines.get(22));
        assertEquals("\t\tServiceData16.8.........0xABCD", lines.get(30));
        assertEquals("\t\tServiceData32.4.........0xFFFFFFFF", lines.get(34));
        assertEquals("\t\tServiceData64.2.........0x0102030405060708", lines.get(36));
    }

    @ParameterizedTest(name = "{0}:{1} -> {2}")
    @CsvSource(delimiter = '|', value = {"0|0|::", "0xfe80000000000000|0x0008f10400000201|fe80::8:f104:0:201",
            "0xff12401bffff0000|0x00000000ffffffff|ff12:401b:ffff::ffff:ffff", "0|1|::1",
            "0|0x0000000001020304|::1.2.3.4", "0|0x0000ffff01020304|::ffff:1.2.3.4", "0xfe80000000000000|0|fe80::",
            "0x0001000000000000|0x0000000000000001|1::1", "0x0001000200030004|0x0005000600070008|1:2:3:4:5:6:7:8",
            "0x0001000000020000|0x0000000300000004|1:0:2::3:0:4"})
    void gidsAsInetNtopWritesThem(String prefix, String interfaceId, String text) {
        assertEquals(text, SaFormat.gid(new Gid(Long.parseUnsignedLong(prefix.replace("0x", ""), 16),
                Long.parseUnsignedLong(interfaceId.replace("0x", ""), 16))));
    }
}
