package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.firmware.ImageSpec;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.pci.PciNames;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** {@code fw query -d} and {@code fw burn -d} on a simulated adapter through the tool. */
class FwBurnToolTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(FwTool tool, String... args) throws UsageException {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return tool.run(new ToolInvocation(List.of(args), new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    @Test
    void queryBurnQueryAgain() throws Exception {
        SimFabric fabric = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        SimAdapters adapters = SimAdapters.attach(fabric, BurnTest::boots);
        SimAdapter hca = adapters.all().get(0);
        hca.flash().load(0, Fs4Builder.build(Images.HCA));
        hca.powerCycle();
        PciBus bus = new PciBus() {
            @Override
            public String name() {
                return "test-sim";
            }

            @Override
            public boolean accepts(String f) {
                return "sim".equals(f);
            }

            @Override
            public List<PciFunction> functions(String f) {
                return adapters.all().stream().map(a -> (PciFunction) a.function()).toList();
            }

            @Override
            public PciNames names() {
                throw new UnsupportedOperationException();
            }
        };
        FwTool tool = new FwTool();
        tool.provide(bus, new MellanoxVscFlasher());
        String at = hca.function().address().shortForm();
        assertEquals(ExitStatus.OK, run(tool, "query", "--fabric", "sim", "-d", at), err.toString());
        assertTrue(out.toString().contains("FW Version:            16.35.2000\n"), out.toString());
        Path dir = Files.createDirectories(Path.of("target", "fwburn"));
        Path next = dir.resolve("next.bin");
        Files.write(next, Fs4Builder.build(new ImageSpec(16, 35, 3010, 0x2026, 0x12, 0x01, "MT_0000000008", 0x1017, "",
                0x0002C90300001000L, 4, 0x0002C9001000L, 2, List.of())));
        assertEquals(ExitStatus.OK, run(tool, "burn", "--fabric", "sim", "-d", at, "--dry-run", next.toString()));
        assertTrue(
                out.toString().startsWith(
                        "-I- Dry run: would burn slot 1 with FW 16.35.3010 (the adapter ran " + "16.35.2000)"),
                out.toString());
        assertTrue(
                out.toString()
                        .contains(String.format(
                                "-I- GUIDs and MACs: kept the adapter's: GUID %016x (%d), " + "MAC %012x (%d)%n",
                                Images.HCA.baseGuid(), Images.HCA.guids(), Images.HCA.baseMac(), Images.HCA.macs())),
                "the dry run's plan keeps the adapter's GUIDs: " + out);
        assertTrue(out.toString().contains("-I- Flash reached through the CR-space flash gateway"), out.toString());
        assertEquals(ExitStatus.OK, run(tool, "burn", "--fabric", "sim", "-d", at, next.toString()), err.toString());
        assertTrue(out.toString().startsWith("-I- Burned slot 1 with FW 16.35.3010"), out.toString());
        assertTrue(err.toString().contains("verify   100%"), err.toString());
        assertEquals(ExitStatus.OK, run(tool, "query", "--fabric", "sim", "-d", at));
        assertTrue(out.toString().contains("FW Version:            16.35.3010\n"), out.toString());
        assertEquals(ExitStatus.FAILURE, run(tool, "burn", "--fabric", "umad", "-d", at, next.toString()));
        assertTrue(err.toString().contains("no PCI bus serves this fabric"), err.toString());
        assertThrows(UsageException.class, () -> run(tool, "burn", "--fabric", "sim", next.toString()));
        assertThrows(UsageException.class, () -> run(tool, "burn", "--fabric", "sim", "-d", "0:99:0.0", "x"));

        // running firmware that owns the flash: the burn goes through its registers; the image's GUIDs on request
        hca.setFirmwareOwnsFlash(true);
        hca.powerCycle();
        assertEquals(ExitStatus.OK,
                run(tool, "burn", "--fabric", "sim", "-d", at, "--use-image-guids", "--dry-run", next.toString()),
                err.toString());
        assertTrue(
                out.toString().contains(
                        "-I- GUIDs and MACs: the image's: GUID 0002c90300001000 (4), MAC " + "0002c9001000 (2)\n"),
                out.toString());
        assertTrue(
                out.toString()
                        .contains("-I- Flash reached through the firmware flash registers (MFBA/MFBE through ICMD)"),
                out.toString());
    }
}
