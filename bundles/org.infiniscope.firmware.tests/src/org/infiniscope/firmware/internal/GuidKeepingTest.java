package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.firmware.BurnOptions;
import org.infiniscope.firmware.BurnResult;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageSpec;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.MiniSm;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.sim.adapter.BootRom;
import org.infiniscope.sim.adapter.FirmwareVersion;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.infiniscope.testing.Services;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A burn keeps the adapter's GUIDs and MACs, as mstflint's burn does: an image built for another adapter, burnt into
 * a simulated ConnectX-5, carries the adapter's old GUIDs and MACs in its flash (its GUID sections rewritten, their
 * CRCs right), the node answers in-band (NodeInfo, through a sweep of the simulator) with its old GUID, and
 * {@code mstflint -i} reads the burnt image as we do. With the image's GUIDs asked for, the flash holds the image's
 * and, restarted, the node answers with the image's GUID (the simulated boot ROM takes the node GUID from the image).
 */
class GuidKeepingTest {

    /** An image built for another adapter: the same PSID, other GUIDs and MACs. */
    private static final ImageSpec OTHER = new ImageSpec(16, 35, 3004, 0x2026, 0x11, 0x30, "MT_0000000008", 0x1017,
            "other adapter's", 0x0002C90300ABC000L, 8, 0x0002C9ABC000L, 4, List.of());

    private final MellanoxVscFlasher flasher = new MellanoxVscFlasher();
    private SimFabric fabric;
    private SimAdapter adapter;
    private ImageSpec own;

    @BeforeEach
    void factory() throws Exception {
        fabric = SimFabric.of(TopologySpec.parse("ft2:2:1:2"));
        SimAdapters adapters = SimAdapters.attach(fabric, new BootRom() {
            @Override
            public Optional<FirmwareVersion> boot(int deviceId, byte[] slot) {
                return BurnTest.boots(slot);
            }

            @Override
            public long baseGuid(int deviceId, byte[] slot) {
                try {
                    return Fs4Parser.parse(slot).baseGuid(); // the node answers with its image's GUID
                } catch (ImageFormatException e) {
                    return 0;
                }
            }
        });
        new MiniSm(fabric, fabric.defaultAttachPoint()).configure();
        adapter = adapters.all().stream().filter(a -> !a.isSwitch()).findFirst().orElseThrow();
        ImageSpec d = Images.HCA;
        // the factory's image: the node GUID as the base GUID, as the simulator's factory images have it
        own = new ImageSpec(d.major(), d.minor(), d.subMinor(), d.year(), d.month(), d.day(), d.psid(), d.deviceId(),
                d.description(), adapter.nodeGuid(), 4, 0x0002C9000000L | adapter.nodeGuid() & 0xFFFFFF, 2, List.of());
        adapter.flash().load(0, Fs4Builder.build(own));
        adapter.powerCycle();
    }

    private FirmwareImage active() throws Exception {
        return Fs4Parser.parse(flasher.readActiveImage(adapter.function()));
    }

    @Test
    void aBurnKeepsTheAdaptersGuidsInFlashAndInBand() throws Exception {
        byte[] before = adapter.flash().slotImage(1);
        BurnResult plan = flasher.burn(adapter.function(), Fs4Builder.build(OTHER),
                new BurnOptions(false, true, () -> false, (p, d, t) -> {
                }));
        assertTrue(plan.dryRun());
        assertEquals(String.format("kept the adapter's: GUID %016x (4), MAC %012x (2)", own.baseGuid(), own.baseMac()),
                plan.guids(), "the plan says which GUIDs the slot gets");
        assertArrayEquals(before, adapter.flash().slotImage(1), "a dry run writes nothing");

        BurnResult r = flasher.burn(adapter.function(), Fs4Builder.build(OTHER), BurnOptions.defaults());
        assertTrue(r.guids().startsWith("kept the adapter's"), r.guids());
        assertEquals("16.35.3004", adapter.powerCycle().orElseThrow().version(), "the new image boots");
        FirmwareImage flash = active();
        assertEquals("16.35.3004", flash.version());
        assertEquals(List.of(), flash.badSections(), "the rewritten GUID sections' CRCs are right");
        assertEquals(own.baseGuid(), flash.baseGuid());
        assertEquals(4, flash.guids());
        assertEquals(own.baseMac(), flash.baseMac());
        assertEquals(2, flash.macs());
        assertEquals("other adapter's", flash.description(), "the rest is the image's");

        String inBand = inventory();
        assertTrue(inBand.contains(String.format("0x%016x", adapter.nodeGuid())), inBand);
        assertTrue(
                inBand.lines().anyMatch(
                        l -> l.startsWith(String.format("0x%016x", adapter.nodeGuid())) && l.contains("16.35.3004")),
                "the node answers NodeInfo with its old GUID and runs the new firmware: " + inBand);
        assertTrue(!inBand.contains(String.format("0x%016x", OTHER.baseGuid())), inBand);

        mstflintAgrees(flash, "kept");
    }

    @Test
    void withTheImagesGuidsTheFlashAndTheNodeInBandHaveTheImages() throws Exception {
        long old = adapter.nodeGuid();
        BurnResult r = flasher.burn(adapter.function(), Fs4Builder.build(OTHER),
                BurnOptions.defaults().withImageGuids(true));
        assertEquals(String.format("the image's: GUID %016x (8), MAC %012x (4)", OTHER.baseGuid(), OTHER.baseMac()),
                r.guids());
        adapter.powerCycle();
        FirmwareImage flash = active();
        assertEquals(OTHER.baseGuid(), flash.baseGuid());
        assertEquals(8, flash.guids());
        assertEquals(OTHER.baseMac(), flash.baseMac());
        assertEquals(4, flash.macs());
        assertArrayEquals(Fs4Builder.build(OTHER), Arrays.copyOf(adapter.flash().slotImage(1), Fs4Builder.SIZE),
                "the image as it was built");
        mstflintAgrees(flash, "image");
        assertEquals(OTHER.baseGuid(), adapter.nodeGuid());
        String inBand = inventory();
        assertTrue(
                inBand.lines().anyMatch(
                        l -> l.startsWith(String.format("0x%016x", OTHER.baseGuid())) && l.contains("16.35.3004")),
                "the node answers NodeInfo with the image's GUID: " + inBand);
        assertTrue(!inBand.contains(String.format("0x%016x", old)), inBand);
    }

    /**
     * {@code fw burn --use-image-guids --reset} gives the adapter the image's GUID: the inventory (in-band) lists the
     * node with it, and the PCI function whose Device Serial Number is that GUID (how the flash wizard finds the
     * adapter of a node in the inventory) is the one burnt, as a ConnectX's DSN follows its running firmware's GUID.
     */
    @Test
    void afterABurnWithTheImagesGuidsTheInventorysGuidFindsTheAdaptersFunction() throws Exception {
        long old = adapter.nodeGuid();
        assertEquals(java.util.Optional.of(adapter.function()), bySerial(old), "the factory GUID is the serial");
        Path dir = Files.createDirectories(Path.of("target", "images"));
        Path image = dir.resolve("other.bin");
        Files.write(image, Fs4Builder.build(OTHER));
        FwTool tool = new FwTool();
        tool.provide(new org.infiniscope.pci.PciBus() {
            @Override
            public String name() {
                return "test-sim";
            }

            @Override
            public boolean accepts(String f) {
                return "test".equals(f);
            }

            @Override
            public List<org.infiniscope.pci.PciFunction> functions(String f) {
                return GuidKeepingTest.this.functions();
            }

            @Override
            public org.infiniscope.pci.PciNames names() {
                throw new UnsupportedOperationException();
            }
        }, flasher);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(ExitStatus.OK,
                tool.run(new ToolInvocation(
                        List.of("burn", "--fabric", "test", "-d", adapter.function().address().shortForm(),
                                "--use-image-guids", "--reset", image.toString()),
                        new PrintWriter(out, true), new PrintWriter(err, true))),
                err.toString());
        assertTrue(out.toString().contains("-I- The adapter restarted"), out.toString());

        String inBand = inventory();
        String listed = String.format("0x%016x", OTHER.baseGuid());
        assertTrue(inBand.lines().anyMatch(l -> l.startsWith(listed) && l.contains("16.35.3004")), inBand);
        assertEquals(java.util.Optional.of(adapter.function()), bySerial(OTHER.baseGuid()),
                "the node's new GUID finds its adapter by serial number");
        assertEquals(java.util.Optional.empty(), bySerial(old), "no function keeps the old GUID as its serial");
    }

    private List<org.infiniscope.pci.PciFunction> functions() {
        return SimAdapters.of(fabric).orElseThrow().all().stream()
                .map(a -> (org.infiniscope.pci.PciFunction) a.function()).toList();
    }

    /** The function whose Device Serial Number (extended capability 0x0003) is this GUID, as the wizard looks. */
    private java.util.Optional<org.infiniscope.pci.PciFunction> bySerial(long guid) throws Exception {
        for (org.infiniscope.pci.PciFunction f : functions()) {
            for (org.infiniscope.pci.PciCapability c : org.infiniscope.pci.Capabilities.walk(f)) {
                if (c.extended() && c.id() == 0x0003) {
                    long serial = Integer.toUnsignedLong(f.readDword(c.offset() + 4))
                            | (long) f.readDword(c.offset() + 8) << 32;
                    if (serial == guid) {
                        return java.util.Optional.of(f);
                    }
                }
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * A reduced image (no MFG_INFO or DEV_INFO) can neither keep the adapter's GUIDs nor give it its own: the burn
     * is refused, with or without the image's GUIDs asked for, and writes nothing; forced, the plan and the result
     * say the slot holds no GUIDs, and the flash does hold none.
     */
    @Test
    void aReducedImageIsRefusedUnlessForcedAndThenThePlanSaysItHoldsNoGuids() throws Exception {
        byte[] reduced = Arrays.copyOf(Fs4Builder.build(OTHER), Fs4Builder.MAIN + Fs4Builder.MAIN_SIZE);
        assertEquals(0, ImageGuids.sections(reduced, Fs4Parser.parse(reduced)));
        assertEquals(2, ImageGuids.sections(Fs4Builder.build(OTHER), Fs4Parser.parse(Fs4Builder.build(OTHER))));
        byte[] before = adapter.flash().slotImage(1);
        for (boolean imageGuids : new boolean[]{false, true}) {
            org.infiniscope.firmware.FlashException e = org.junit.jupiter.api.Assertions.assertThrows(
                    org.infiniscope.firmware.FlashException.class,
                    () -> flasher.burn(adapter.function(), reduced, BurnOptions.defaults().withImageGuids(imageGuids)));
            assertTrue(e.getMessage().contains("the image has no GUID sections (a reduced image"), e.getMessage());
            assertTrue(e.getMessage().contains("force to burn it anyway"), e.getMessage());
            assertArrayEquals(before, adapter.flash().slotImage(1), "a refused burn writes nothing");
        }
        String none = String.format(
                "none: the image has no GUID sections (a reduced image), so the slot holds no "
                        + "GUIDs or MACs (the adapter had GUID %016x (4), MAC %012x (2))",
                own.baseGuid(), own.baseMac());
        BurnResult plan = flasher.burn(adapter.function(), reduced,
                new BurnOptions(true, true, () -> false, (p, d, t) -> {
                }));
        assertEquals(none, plan.guids(), "the plan says the slot gets no GUIDs");
        BurnResult r = flasher.burn(adapter.function(), reduced,
                new BurnOptions(true, false, () -> false, (p, d, t) -> {
                }));
        assertEquals(none, r.guids());
        assertArrayEquals(reduced, Arrays.copyOf(adapter.flash().slotImage(1), reduced.length),
                "the image as it was built: nothing written into it");
        FirmwareImage burnt = Fs4Parser.parse(Arrays.copyOf(adapter.flash().slotImage(1), reduced.length));
        assertEquals(0, burnt.baseGuid(), "no GUIDs in the slot");
        assertEquals(0, burnt.guids());
    }

    @Test
    void fs3GuidSectionsAreRewrittenWithTheirCrcs() throws Exception {
        byte[] image = Fs3Builder.build(OTHER);
        FirmwareImage parsed = Fs3Parser.parse(image);
        byte[] kept = ImageGuids.keep(image, parsed,
                new ImageGuids.Uids(own.baseGuid(), own.guids(), own.baseMac(), own.macs()));
        FirmwareImage after = Fs3Parser.parse(kept);
        assertEquals(List.of(), after.badSections());
        assertEquals(own.baseGuid(), after.baseGuid());
        assertEquals(own.baseMac(), after.baseMac());
        assertNotEquals(Arrays.hashCode(image), Arrays.hashCode(kept));
        assertEquals(OTHER.baseGuid(), Fs3Parser.parse(image).baseGuid(), "the image given is not changed");
    }

    /** {@code fw inventory}: a sweep (NodeInfo of every node, in-band through the simulator) and GeneralInfo. */
    private String inventory() throws Exception {
        StringWriter out = new StringWriter();
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
        StringWriter err = new StringWriter();
        assertEquals(ExitStatus.OK, tool.run(new ToolInvocation(List.of("inventory", "--fabric", "test"),
                new PrintWriter(out, true), new PrintWriter(err, true))), err.toString());
        return out.toString();
    }

    /** The burnt image (the slot's first 64 KiB) read by {@code mstflint -i … query}: it says what we say. */
    private void mstflintAgrees(FirmwareImage ours, String name) throws Exception {
        Path mstflint = Path.of("/usr/bin/mstflint");
        if (!Files.isExecutable(mstflint)) {
            if ("true".equals(System.getenv("CI"))) {
                fail("CI=true and " + mstflint + " is missing: ./infiniscope test installs mstflint");
            }
            Assumptions.abort(mstflint + " missing: install mstflint to compare with it");
        }
        Path dir = Files.createDirectories(Path.of("target", "images"));
        Path file = dir.resolve("burnt-" + name + ".bin");
        int slot = adapter.flash().activeSlot();
        Files.write(file, Arrays.copyOf(adapter.flash().slotImage(slot), Fs4Builder.SIZE));
        Process p = new ProcessBuilder(mstflint.toString(), "-i", file.toString(), "query").redirectErrorStream(true)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("mstflint did not end");
        }
        assertEquals(0, p.exitValue(), text);
        assertEquals(text, ImageText.query(Fs4Parser.parse(Files.readAllBytes(file))));
        assertTrue(text.contains(String.format("%016x", ours.baseGuid())), text);
    }
}
