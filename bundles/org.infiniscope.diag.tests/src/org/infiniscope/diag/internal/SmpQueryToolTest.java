package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.diag.format.SmpFormatTest;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.junit.jupiter.api.Test;

/** The tool end to end over a fake channel: fabric selection, output, time-outs, and the channel closed after. */
class SmpQueryToolTest {

    static final NodeInfo LEAF = new NodeInfo(1, 1, NodeInfo.TYPE_SWITCH, 8, 0x0008f10500000100L, 0x0008f10500000100L,
            0x0008f10500000100L, 8, 0, 0xa1, 2, 0);

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(SmpQueryTool tool, String... args) throws UsageException {
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err)));
    }

    private static SmpQueryTool toolWith(String defaultFabric, FakeFabric fabric) {
        SmpQueryTool tool = new SmpQueryTool(defaultFabric);
        tool.provide(fabric, 1);
        return tool;
    }

    @Test
    void nodeInfoOverADirectedRoutePrintsWhatSmpqueryPrints() throws UsageException {
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, LEAF);
        assertEquals(ExitStatus.OK, run(toolWith(null, fabric), "--fabric", "fake", "-D", "nodeinfo", "0,1"),
                err.toString());
        assertEquals(SmpFormatTest.NODE_INFO_0_1, out.toString());
        assertTrue(fabric.closed(), "the channel is closed after the query");
    }

    @Test
    void theFabricDefaultsToTheLaunchersProperty() throws UsageException {
        FakeFabric fabric = new FakeFabric().answer(NodeInfo.CODEC, LEAF).answer(NodeDescription.CODEC,
                new NodeDescription("leaf001"));
        assertEquals(ExitStatus.OK, run(toolWith("fake:default", fabric), "nd", "7"), err.toString());
        assertEquals("Node Description:.........................leaf001\n", out.toString());
    }

    @Test
    void aTimeOutIsOneLineAndStatusOne() throws UsageException {
        FakeFabric silent = new FakeFabric();
        assertEquals(ExitStatus.FAILURE, run(toolWith(null, silent), "--fabric", "fake", "-t", "20", "-D", "si", "0"));
        assertEquals("", out.toString());
        assertEquals("infiniscope smpquery: operation switchinfo: switch info query failed: no answer from DR path"
                + " slid 65535; dlid 65535; 0 after 4 attempts of 20 ms\n", err.toString().replace("\r", ""));
        assertTrue(silent.closed());
    }

    @Test
    void withoutAFabricTheChoicesAreNamed() {
        UsageException e = assertThrows(UsageException.class, () -> run(new SmpQueryTool((String) null), "ni", "1"));
        assertTrue(e.getMessage().contains("umad, umad:CA:PORT or ibsim:SOCKET[@NODE]"), e.getMessage());
    }

    @Test
    void theSimulatorIsNotInstalledYet() throws UsageException {
        assertEquals(ExitStatus.UNAVAILABLE, run(toolWith(null, new FakeFabric()), "--fabric", "sim", "ni", "1"));
        assertTrue(err.toString().contains("no provider for 'sim' is installed yet"), err.toString());
    }

    @Test
    void anUnknownFabricIsAUsageError() {
        UsageException e = assertThrows(UsageException.class,
                () -> run(toolWith(null, new FakeFabric()), "--fabric", "verbs:mlx5_0", "ni", "1"));
        assertTrue(e.getMessage().startsWith("unknown fabric 'verbs:mlx5_0'"), e.getMessage());
    }

    @Test
    void theHighestRankedProviderThatHandlesTheFabricWins() throws UsageException {
        FabricChannels channels = new FabricChannels();
        FakeFabric low = new FakeFabric();
        FakeFabric high = new FakeFabric();
        channels.add(low, 0, 1);
        channels.add(high, 10, 2);
        channels.add(new ChannelProvider() {
            @Override
            public boolean handles(String fabric) {
                return false;
            }

            @Override
            public MadChannel open(String fabric) {
                throw new AssertionError("not the provider of " + fabric);
            }
        }, 100, 3);
        assertEquals(high, channels.providerFor("fake").orElseThrow());
        channels.remove(2);
        assertEquals(low, channels.providerFor("fake").orElseThrow());
    }
}
