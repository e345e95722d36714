package org.infiniscope.verbs.internal.perftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.verbs.sim.TwoHosts;
import org.junit.jupiter.api.Test;

/** The {@code perftest} command: its arguments, a fabric that is not simulated, and a run on one that is. */
class PerftestToolTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private ToolInvocation call(String... args) {
        return new ToolInvocation(List.of(args), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void badArgumentsAreUsageErrors() {
        PerftestTool tool = new PerftestTool("sim");
        assertThrows(UsageException.class, () -> tool.run(call()));
        assertThrows(UsageException.class, () -> tool.run(call("bw")));
        assertThrows(UsageException.class, () -> tool.run(call("send_lat", "-s", "0")));
        assertThrows(UsageException.class, () -> tool.run(call("send_lat", "--bogus")));
    }

    @Test
    void aFabricWithoutASimulatorIsRefusedWithAReason() throws Exception {
        PerftestTool tool = new PerftestTool("umad");
        assertEquals(ExitStatus.FAILURE, tool.run(call("send_lat")));
        assertTrue(err.toString().contains("perftest runs between hosts of a simulated fabric"), err.toString());
    }

    @Test
    void runsBetweenTwoSimulatedHosts() throws Exception {
        try (TwoHosts fabric = new TwoHosts()) {
            PerftestTool tool = new PerftestTool("sim:two");
            tool.addProvider(new ChannelProvider() {
                @Override
                public boolean handles(String spec) {
                    return spec.equals("sim:two");
                }

                @Override
                public MadChannel open(String spec) throws IOException {
                    return fabric.fabric.openChannel(fabric.fabric.attachPoint("h1", 1));
                }
            });
            assertEquals(ExitStatus.OK, tool.run(call("send_lat", "-n", "20", "--client", "h1", "--server", "h2")),
                    err.toString());
            String text = out.toString();
            assertTrue(text.contains("Send Latency Test") && text.contains("Device         : sim_h1"), text);
            assertTrue(text.contains("\n 2       20 "), text);
        }
    }
}
