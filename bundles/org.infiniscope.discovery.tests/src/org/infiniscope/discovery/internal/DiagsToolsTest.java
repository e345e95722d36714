package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.junit.jupiter.api.Test;

/** {@code hosts}, {@code switches} and {@code linkinfo} end to end on the embedded simulator. */
class DiagsToolsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(SnapshotTool tool, String... args) throws UsageException {
        tool.provide(new DiscoverToolTest.SpecProvider(), 1);
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err)));
    }

    @Test
    void hostsListsTheCasAsIbhosts() throws UsageException {
        assertEquals(ExitStatus.OK, run(new HostsTool("sim:ft2:2:1:2", new DiscoveryImpl())), err.toString());
        assertEquals("""
                Ca\t: 0x0008f10400000400 ports 1 "h00004"
                Ca\t: 0x0008f10400000300 ports 1 "h00003"
                Ca\t: 0x0008f10400000200 ports 1 "h00002"
                Ca\t: 0x0008f10400000100 ports 1 "h00001"
                """, out.toString());
    }

    @Test
    void switchesListsTheSwitchesAsIbswitches() throws UsageException {
        assertEquals(ExitStatus.OK, run(new SwitchesTool("sim:ft2:2:1:2", new DiscoveryImpl())), err.toString());
        assertEquals("""
                Switch\t: 0x0008f10500000200 ports 4 "leaf002" base port 0 lid 0 lmc 0
                Switch\t: 0x0008f10500000300 ports 4 "spine001" base port 0 lid 0 lmc 0
                Switch\t: 0x0008f10500000100 ports 4 "leaf001" base port 0 lid 0 lmc 0
                """, out.toString());
    }

    @Test
    void linkinfoPrintsEveryNodesPortsAsIblinkinfo() throws UsageException {
        assertEquals(ExitStatus.OK, run(new LinkinfoTool("sim:ft2:2:1:2", new DiscoveryImpl())), err.toString());
        assertEquals(
                """
                        CA: h00004:
                              0x0008f10400000401      0    1[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    2[  ] "leaf002" (Could be 12X Could be 10.0 Gbps)
                        CA: h00003:
                              0x0008f10400000301      0    1[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    1[  ] "leaf002" (Could be 12X Could be 10.0 Gbps)
                        Switch: 0x0008f10500000200 leaf002:
                                   0    1[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    1[  ] "h00003" (Could be 12X Could be 10.0 Gbps)
                                   0    2[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    1[  ] "h00004" (Could be 12X Could be 10.0 Gbps)
                                   0    3[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    3[  ] "spine001" (Could be 12X Could be 10.0 Gbps)
                                   0    4[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    4[  ] "spine001" (Could be 12X Could be 10.0 Gbps)
                        Switch: 0x0008f10500000300 spine001:
                                   0    1[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    3[  ] "leaf001" (Could be 12X Could be 10.0 Gbps)
                                   0    2[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    4[  ] "leaf001" (Could be 12X Could be 10.0 Gbps)
                                   0    3[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    3[  ] "leaf002" (Could be 12X Could be 10.0 Gbps)
                                   0    4[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    4[  ] "leaf002" (Could be 12X Could be 10.0 Gbps)
                        CA: h00002:
                              0x0008f10400000201      0    1[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    2[  ] "leaf001" (Could be 12X Could be 10.0 Gbps)
                        Switch: 0x0008f10500000100 leaf001:
                                   0    1[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    1[  ] "h00001" (Could be 12X Could be 10.0 Gbps)
                                   0    2[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    1[  ] "h00002" (Could be 12X Could be 10.0 Gbps)
                                   0    3[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    1[  ] "spine001" (Could be 12X Could be 10.0 Gbps)
                                   0    4[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    2[  ] "spine001" (Could be 12X Could be 10.0 Gbps)
                        CA: h00001:
                              0x0008f10400000101      0    1[  ] ==( 4X           2.5 Gbps Initialize/  LinkUp)==>       0    1[  ] "leaf001" (Could be 12X Could be 10.0 Gbps)
                        """,
                out.toString());
    }

    @Test
    void linkinfoSwitchesOnly() throws UsageException {
        assertEquals(ExitStatus.OK, run(new LinkinfoTool("sim:ft2:2:1:2", new DiscoveryImpl()), "--switches-only"),
                err.toString());
        assertTrue(out.toString().lines().noneMatch(l -> l.startsWith("CA: ")), out.toString());
        assertEquals(3, out.toString().lines().filter(l -> l.startsWith("Switch: ")).count(), out.toString());
    }

    @Test
    void linkinfoDownPrintsOnlyDownPortsAndTheirNodes() throws UsageException {
        assertEquals(ExitStatus.OK, run(new LinkinfoTool("sim:dfly:2:2", new DiscoveryImpl()), "-d"), err.toString());
        // each group's second router has a free port; the nodes without a Down port print nothing
        assertEquals("""
                Switch: 0x0008f10500000400 g02r02:
                           0    4[  ] ==(                Down/ Polling)==>             [  ] "" ( )
                Switch: 0x0008f10500000200 g01r02:
                           0    4[  ] ==(                Down/ Polling)==>             [  ] "" ( )
                """, out.toString());
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertThrows(UsageException.class, () -> run(new HostsTool("sim:ft2:2:1:2", new DiscoveryImpl()), "-d"));
        assertThrows(UsageException.class,
                () -> run(new SwitchesTool("sim:ft2:2:1:2", new DiscoveryImpl()), "topo.file"));
        UsageException none = assertThrows(UsageException.class,
                () -> run(new LinkinfoTool((String) null, new DiscoveryImpl())));
        assertTrue(none.getMessage().startsWith("no fabric: give --fabric"), none.getMessage());
        UsageException window = assertThrows(UsageException.class,
                () -> run(new LinkinfoTool("sim:ft2:2:1:2", new DiscoveryImpl()), "-o", "0"));
        assertEquals("option '-o': '0' is not a number from 1 to 4096", window.getMessage());
    }

    @Test
    void aFabricThatCannotOpenIsOneLineAndStatusOne() throws UsageException {
        assertEquals(ExitStatus.FAILURE,
                run(new LinkinfoTool((String) null, new DiscoveryImpl()), "--fabric", "sim:ft2:x"));
        assertTrue(err.toString().startsWith("infiniscope linkinfo: cannot open fabric 'sim:ft2:x': "), err.toString());
    }
}
