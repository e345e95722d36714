package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.smp.GuidInfo;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PKeyTable;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Sl2VlTable;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.smp.VlArbitrationTable;
import org.junit.jupiter.api.Test;

/** The table operations print what Debian's smpquery printed for ibsim's nodes (captured on the 2-level tree). */
class SmpTablesTest {

    private static final NodeInfo CA = new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, 0x0008f10400000200L, 0x0008f10400000200L,
            0x0008f10400000201L, 64, 0, 0xa1, 1, 0);

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private String run(FakeFabric fabric, String... args) throws UsageException {
        SmpQueryTool tool = new SmpQueryTool("fake");
        tool.provide(fabric, 1);
        int status = tool.run(new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err)));
        assertEquals(ExitStatus.OK, status, err.toString());
        return out.toString();
    }

    private static <T> List<T> filled(int size, T first, T rest) {
        List<T> list = new ArrayList<>(Collections.nCopies(size, rest));
        list.set(0, first);
        return list;
    }

    @Test
    void pKeysOfACaUpToItsCapacity() throws UsageException {
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, CA).answer(PKeyTable.CODEC,
                new PKeyTable(filled(32, 0xffff, 0)));
        // the fake answers both blocks alike: entries 0 and 32 hold the default P_Key
        StringBuilder expected = new StringBuilder();
        for (int line = 0; line < 64; line += 8) {
            expected.append(String.format("%4d:", line)).append(line % 32 == 0 ? " 0xffff" : " 0x0000")
                    .append(" 0x0000".repeat(7)).append('\n');
        }
        expected.append("64 pkeys capacity for this port\n");
        assertEquals(expected.toString(), run(fabric, "-D", "pkeys", "0"));
    }

    @Test
    void pKeysOfASwitchPortComeFromItsPartitionEnforcementCapacity() throws UsageException {
        NodeInfo leaf = new NodeInfo(1, 1, NodeInfo.TYPE_SWITCH, 8, 1, 1, 1, 8, 0, 0xa1, 2, 0);
        SwitchInfo info = new SwitchInfo(30720, 0, 1024, 0, 0, 0, 0, 0, true, 0, 0, 8, false, false, true, true, false,
                0);
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, leaf).answer(SwitchInfo.CODEC, info)
                .answer(PKeyTable.CODEC, new PKeyTable(filled(32, 0xffff, 0)));
        assertEquals("   0: 0xffff" + " 0x0000".repeat(7) + "\n8 pkeys capacity for this port\n",
                run(fabric, "-D", "pkeys", "0,1", "3"));
    }

    @Test
    void sl2vlOfACa() throws UsageException {
        List<Integer> vls = new ArrayList<>();
        for (int sl = 0; sl < 15; sl++) {
            vls.add(sl);
        }
        vls.add(7);
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, CA).answer(Sl2VlTable.CODEC, new Sl2VlTable(vls));
        assertEquals("""
                # SL2VL table: DR path slid 65535; dlid 65535; 0
                #                 SL: | 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14|15|
                ports: in  0, out  0: | 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|10|11|12|13|14| 7|
                """, run(fabric, "-D", "sl2vl", "0"));
    }

    @Test
    void vlArbitrationOfACaPort() throws UsageException {
        PortInfo port = new PortInfoBuilder().vlArbitrationHighCap(8).vlArbitrationLowCap(8).build();
        List<VlArbitrationTable.Entry> entries = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            entries.add(new VlArbitrationTable.Entry(i < 8 ? i : 0, i == 0 ? 0 : 4));
        }
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, CA).answer(PortInfo.CODEC, port)
                .answer(VlArbitrationTable.CODEC, new VlArbitrationTable(entries));
        String table = """
                VL    : |0x0 |0x1 |0x2 |0x3 |0x4 |0x5 |0x6 |0x7 |
                WEIGHT: |0x0 |0x4 |0x4 |0x4 |0x4 |0x4 |0x4 |0x4 |
                """;
        assertEquals("# VLArbitration tables: DR path slid 65535; dlid 65535; 0 port 1 LowCap 8 HighCap 8\n"
                + "# Low priority VL Arbitration Table:\n" + table + "# High priority VL Arbitration Table:\n" + table,
                run(fabric, "-D", "vlarb", "0", "1"));
    }

    @Test
    void vlArbitrationOfABaseSwitchPort0() throws UsageException {
        NodeInfo leaf = new NodeInfo(1, 1, NodeInfo.TYPE_SWITCH, 8, 1, 1, 1, 8, 0, 0xa1, 2, 0);
        SwitchInfo info = new SwitchInfo(30720, 0, 1024, 0, 0, 0, 0, 0, true, 0, 0, 8, false, false, true, true, false,
                0);
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, leaf).answer(SwitchInfo.CODEC, info);
        assertEquals("# No VLArbitration tables (BSP0): DR path slid 65535; dlid 65535; 0,1 port 0\n",
                run(fabric, "-D", "vlarb", "0,1"));
    }

    @Test
    void guidsOfASwitchWithOneGuid() throws UsageException {
        FakeFabric fabric = new FakeFabric().answer(PortInfo.CODEC, new PortInfoBuilder().guidCap(1).build())
                .answer(GuidInfo.CODEC, new GuidInfo(filled(8, 0x0008f10500000100L, 0L)));
        assertEquals("   0: 0x0008f10500000100 0x0000000000000000\n1 guids capacity for this port\n",
                run(fabric, "-D", "gi", "0,1"));
    }

    @Test
    void pKeysAsJson() throws UsageException {
        NodeInfo small = new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, 1, 1, 1, 2, 0, 0xa1, 1, 0);
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, small).answer(PKeyTable.CODEC,
                new PKeyTable(filled(32, 0xffff, 0)));
        assertEquals("{\"operation\":\"pkeytable\",\"destination\":\"Lid 4\",\"port\":0,\"fields\":{\"capacity\":2,"
                + "\"pkeys\":[\"0xffff\",\"0x0000\",\"0x0000\",\"0x0000\",\"0x0000\",\"0x0000\",\"0x0000\",\"0x0000\"]}}\n",
                run(fabric, "--json", "pkeys", "4"));
    }
}
