package org.infiniscope.firmware.internal;

import org.infiniscope.sim.MiniSm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.firmware.ImageSpec;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.testing.Services;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fw inventory} on the embedded simulator, its LIDs given as an SM would: every node's running firmware, read
 * in-band through GeneralInfo, is what the table and the JSON say; a host burnt and restarted reports its new
 * version; an adapter that boots nothing does not answer and is listed as such, without failing the run.
 */
class FwInventoryTest {

    private static final ImageSpec NEXT = new ImageSpec(16, 36, 1002, 0x2026, 0x11, 0x30, "MT_0000000008", 0x1017,
            "next", 0x0002C90300001000L, 4, 0x0002C9001000L, 2, List.of());

    private SimFabric fabric;
    private SimAdapters adapters;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void subnetUp() throws Exception {
        fabric = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        adapters = SimAdapters.attach(fabric, BurnTest::boots);
        new MiniSm(fabric, fabric.defaultAttachPoint()).configure();
    }

    private int run(String... args) throws Exception {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        FwTool tool = new FwTool();
        tool.provide(new ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("test");
            }

            @Override
            public MadChannel open(String spec) {
                return fabric.openChannel(fabric.defaultAttachPoint());
            }
        }, Services.get(Discovery.class));
        List<String> all = new java.util.ArrayList<>(List.of("inventory", "--fabric", "test"));
        all.addAll(List.of(args));
        return tool.run(new ToolInvocation(all, new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    /** @return the table's firmware column by node GUID */
    private Map<String, String> firmwareByGuid() {
        Map<String, String> byGuid = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            if (line.startsWith("0x")) {
                String[] f = line.trim().split("\\s{2,}");
                byGuid.put(f[0], f[4]);
            }
        }
        return byGuid;
    }

    @Test
    void everyNodeReportsTheFirmwareItRuns() throws Exception {
        SimAdapter burnt = adapters.all().stream().filter(a -> !a.isSwitch()).reduce((a, b) -> b).orElseThrow();
        burnt.flash().load(1, Fs4Builder.build(NEXT));
        burnt.flash().setActiveSlot(1);
        burnt.powerCycle();
        SimAdapter silent = adapters.all().stream().filter(SimAdapter::isSwitch).findFirst().orElseThrow();
        silent.flash().load(0, new byte[]{1, 2, 3, 4});
        silent.flash().load(1, new byte[]{1, 2, 3, 4});
        silent.powerCycle();

        assertEquals(ExitStatus.OK, run("-t", "200", "--retries", "0"), err.toString());
        Map<String, String> fw = firmwareByGuid();
        assertEquals(adapters.all().size(), fw.size(), out.toString());
        for (SimAdapter a : adapters.all()) {
            String guid = String.format("0x%016x", a.nodeGuid());
            String expected = a == silent
                    ? "no answer"
                    : a == burnt ? "16.36.1002" : a.isSwitch() ? "15.2010.4004" : "16.35.2000";
            assertEquals(expected, fw.get(guid), a.nodeName() + "\n" + out);
        }
        assertTrue(out.toString().contains("MT_2630110032"), out.toString());
        assertTrue(out.toString().lines().anyMatch(l -> l.startsWith(adapters.all().size() + " nodes: ")
                && l.contains("1 no answer") && l.contains("16.36.1002 (MT_0000000008) x1")), out.toString());

        assertEquals(ExitStatus.OK, run("--json", "-t", "200", "--retries", "0"), err.toString());
        String json = out.toString();
        assertTrue(json.startsWith("{\"nodes\":["), json);
        assertTrue(json.contains(String.format("\"guid\":\"0x%016x\",\"type\":\"ca\"", burnt.nodeGuid())), json);
        assertTrue(json.contains("\"version\":\"16.36.1002\",\"psid\":\"MT_0000000008\""), json);
        assertTrue(json.contains("\"answer\":\"no answer\",\"detail\":\"no GeneralInfo answer (vendor class 0x0A)\""),
                json);
    }

    @Test
    void badArgumentsAreUsageErrors() {
        org.junit.jupiter.api.Assertions.assertThrows(org.infiniscope.console.UsageException.class,
                () -> run("-o", "0"));
        org.junit.jupiter.api.Assertions.assertThrows(org.infiniscope.console.UsageException.class,
                () -> run("--bogus"));
    }
}
