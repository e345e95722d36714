package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.diag.format.SaFormatTest;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.umad.UmadCa;
import org.infiniscope.mad.umad.UmadPort;
import org.junit.jupiter.api.Test;

/**
 * stat's text as Debian's ibstat (rdma-core 44) prints it under umad2sim on ibsim's ft2-16 with OpenSM up (the tool
 * at h00002, LID 8), from libibumad's values and, on a fabric without libibumad, from the port's NodeInfo and
 * PortInfo.
 */
class StatToolTest {

    /** {@code ibstat} at h00002. */
    static final String IBSTAT = """
            CA 'ibsim0'
            \tCA type: simulator
            \tNumber of ports: 1
            \tFirmware version: 1
            \tHardware version: a1
            \tNode GUID: 0x0008f10400000200
            \tSystem image GUID: 0x0008f10400000200
            \tPort 1:
            \t\tState: Active
            \t\tPhysical state: LinkUp
            \t\tRate: 10
            \t\tBase lid: 8
            \t\tLMC: 0
            \t\tSM lid: 1
            \t\tCapability mask: 0x0050c048
            \t\tPort GUID: 0x0008f10400000201
            \t\tLink layer: IB
            """;

    /** {@code ibstat ibsim0 1} at h00002. */
    static final String IBSTAT_PORT = """
            CA: 'ibsim0'
            Port 1:
            State: Active
            Physical state: LinkUp
            Rate: 10
            Base lid: 8
            LMC: 0
            SM lid: 1
            Capability mask: 0x0050c048
            Port GUID: 0x0008f10400000201
            Link layer: IB
            """;

    private static final UmadPort PORT = new UmadPort(1, 8, 0, 1, 0, 4, 5, 10, 0x0050c048, 0xfe80000000000000L,
            0x0008f10400000201L, "IB");
    private static final UmadCa CA = new UmadCa("ibsim0", 1, 1, "1", "simulator", "a1", 0x0008f10400000200L,
            0x0008f10400000200L, List.of(PORT));

    @Test
    void aCaAndItsPorts() {
        assertEquals(IBSTAT, StatFormat.ca(CA, false));
        assertEquals(IBSTAT.substring(0, IBSTAT.indexOf("\tPort 1:")), StatFormat.ca(CA, true));
        assertEquals(IBSTAT_PORT, StatFormat.alonePort(CA, PORT));
        assertEquals("0x0008f10400000201\n", StatFormat.portGuids(CA));
    }

    @Test
    void oneLaneOfSdrIsTwoAndAHalf() {
        UmadPort slow = new UmadPort(1, 8, 0, 1, 0, 4, 5, 2, 0, 0, 1, "InfiniBand");
        assertTrue(StatFormat.port(slow, true).contains("\nRate: 2.5\n"));
        UmadPort odd = new UmadPort(1, 8, 0, 1, 0, 9, 9, 100, 0, 0, 1, "InfiniBand");
        assertTrue(StatFormat.port(odd, true).contains("State: ???\nPhysical state: ???\nRate: 100\n"));
    }

    @Test
    void aCaOfNodeTypeZeroIsSkippedAsIbstatSkipsIt() {
        assertEquals("", StatFormat.ca(new UmadCa("x", 0, 0, "", "", "", 0, 0, List.of()), false));
    }

    @Test
    void ratesAsUmad2simWritesThem() {
        PortInfo fourSdr = SaFormatTest.h00002Port();
        assertEquals(10, SimCa.rate(fourSdr));
        assertEquals(40, SimCa.rate(PortInfoBuilder.from(fourSdr).linkSpeedActive(4).build()));
        assertEquals(2, SimCa.rate(PortInfoBuilder.from(fourSdr).linkWidthActive(1).build()));
        PortInfo fdr = PortInfoBuilder.from(fourSdr).capabilityMask(PortInfo.CAP_EXTENDED_SPEEDS).linkSpeedExtActive(1)
                .build();
        assertEquals(56, SimCa.rate(fdr));
        assertEquals(104, SimCa.rate(PortInfoBuilder.from(fdr).linkSpeedExtActive(2).build()));
    }

    @Test
    void onAFabricWithoutLibibumadThePortDescribesItselfAsUmad2simWould() throws Exception {
        NodeInfo h2 = new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, 0x0008f10400000200L, 0x0008f10400000200L,
                0x0008f10400000201L, 64, 0, 0xa1, 1, 0);
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, h2).answer(PortInfo.CODEC,
                SaFormatTest.h00002Port());
        StatTool tool = new StatTool((String) null);
        tool.provide(fabric, 1);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = tool.run(new ToolInvocation(List.of("--fabric", "fake"), new PrintWriter(out, true),
                new PrintWriter(err, true)));
        assertEquals(ExitStatus.OK, status, err.toString());
        assertEquals(IBSTAT, out.toString());
        assertTrue(fabric.closed());
    }

    @Test
    void anUnknownCaOrPortFails() throws Exception {
        FakeFabric fabric = new FakeFabric()
                .answer(NodeInfo.CODEC, new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, 1, 1, 2, 64, 0, 0xa1, 1, 0))
                .answer(PortInfo.CODEC, SaFormatTest.h00002Port());
        for (List<String> args : List.of(List.of("--fabric", "fake", "mlx5_0"),
                List.of("--fabric", "fake", "ibsim0", "2"))) {
            StatTool tool = new StatTool((String) null);
            tool.provide(fabric, 1);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int status = tool.run(new ToolInvocation(args, new PrintWriter(out, true), new PrintWriter(err, true)));
            assertEquals(ExitStatus.FAILURE, status, args.toString());
            assertEquals("", out.toString());
            assertTrue(err.toString().contains(args.size() == 3 ? "IB device can't be found" : "has no port number 2"),
                    err.toString());
        }
    }
}
