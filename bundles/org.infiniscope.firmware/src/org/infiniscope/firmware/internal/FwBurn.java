package org.infiniscope.firmware.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.vendor.VendorCallException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.firmware.BurnOptions;
import org.infiniscope.firmware.BurnResult;
import org.infiniscope.firmware.FirmwareFlasher;
import org.infiniscope.firmware.FlashException;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;

/**
 * {@code fw burn} and {@code fw query -d}: an adapter reached through a PCI bus ({@code --fabric}: the host's, or
 * a simulated fabric's), burnt or described with the highest-ranked flasher that supports it.
 */
final class FwBurn {

    /** The buses and flashers a run chooses from, best first. */
    interface Services {
        Optional<PciBus> bus(String fabric);

        List<FirmwareFlasher> flashers();
    }

    private FwBurn() {
    }

    static PciFunction function(PciBus bus, String fabric, PciAddress address) throws UsageException, PciException {
        for (PciFunction f : bus.functions(fabric)) {
            if (f.address().equals(address)) {
                return f;
            }
        }
        throw new UsageException("no PCI function " + address + " on bus " + bus.name());
    }

    /**
     * The first flasher (by ranking) that supports the adapter. {@code supports} is vendor code: each call is bounded
     * in time, and a flasher that throws or hangs in it is skipped (and not asked again). The burn itself takes
     * seconds to minutes: it is not bounded, it reports progress and can be cancelled.
     */
    static FirmwareFlasher flasher(Services services, PciFunction f) throws PciException, FlashException {
        PciDevice d = PciDevice.read(f);
        for (FirmwareFlasher flasher : services.flashers()) {
            try {
                if (VendorCalls.shared().call(flasher, "supports", () -> flasher.supports(d))) {
                    return flasher;
                }
            } catch (VendorCallException e) {
                // faulty: logged once by VendorCalls; the next flasher
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FlashException("interrupted while choosing a flasher");
            }
        }
        throw new FlashException(
                String.format("%s: no installed flasher supports %04x:%04x", f.address(), d.vendorId(), d.deviceId()));
    }

    /** {@code fw burn [--fabric F] -d ADDRESS IMG [--force] [--dry-run] [--reset] [--use-image-guids]} */
    static int burn(List<String> args, String defaultFabric, Services services, ToolInvocation invocation)
            throws UsageException {
        String fabric = defaultFabric;
        PciAddress address = null;
        Path image = null;
        boolean force = false;
        boolean dryRun = false;
        boolean reset = false;
        boolean imageGuids = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fabric" -> fabric = value(args, ++i, a);
                case "-d", "-s" -> address = address(value(args, ++i, a));
                case "--force" -> force = true;
                case "--dry-run" -> dryRun = true;
                case "--reset" -> reset = true;
                case "--use-image-guids", "-use_image_guids" -> imageGuids = true;
                default -> {
                    if (a.startsWith("-") || image != null) {
                        throw new UsageException("unexpected burn argument '" + a + "'");
                    }
                    image = Path.of(a);
                }
            }
        }
        if (address == null || image == null) {
            throw new UsageException("fw burn needs -d ADDRESS and an image file");
        }
        PrintWriter err = invocation.err();
        try {
            PciBus bus = services.bus(fabric).orElseThrow(() -> new PciException("no PCI bus serves this fabric"));
            PciFunction f = function(bus, fabric, address);
            byte[] bytes = Files.readAllBytes(image);
            FirmwareFlasher flasher = flasher(services, f);
            long start = System.nanoTime();
            boolean tty = "tty".equals(invocation.property("infiniscope.progress"));
            BurnResult r = flasher.burn(f, bytes,
                    new BurnOptions(force, dryRun, imageGuids, () -> false, (phase, done, total) -> {
                        if (tty || done == total) {
                            double elapsed = (System.nanoTime() - start) / 1e9;
                            err.printf("%s%-8s %3d%%  %.1f s", tty ? "\r" : "", phase, done * 100 / Math.max(1, total),
                                    elapsed);
                            err.print(tty ? "" : "\n");
                            err.flush();
                        }
                    }));
            if (tty) {
                err.println();
            }
            invocation.out().printf("-I- %s slot %d with FW %s (the adapter ran %s)%s%n",
                    r.dryRun() ? "Dry run: would burn" : "Burned", r.slot(), r.newVersion(),
                    r.previousVersion().isEmpty() ? "an image that cannot be read" : r.previousVersion(),
                    r.dryRun()
                            ? ""
                            : String.format("; it runs after the adapter restarts (%.0f dwords/s)",
                                    r.dwordsPerSecond()));
            if (!r.guids().isEmpty()) {
                invocation.out().printf("-I- GUIDs and MACs: %s%n", r.guids());
            }
            if (!r.flashPath().isEmpty()) {
                invocation.out().printf("-I- Flash reached through the %s%n", r.flashPath());
            }
            if (reset && !r.dryRun()) {
                flasher.restart(f);
                invocation.out().println("-I- The adapter restarted with slot " + r.slot() + " active");
            }
            return ExitStatus.OK;
        } catch (IOException e) {
            err.println("fw burn: cannot read " + image + ": " + e.getMessage());
        } catch (PciException | FlashException e) {
            err.println("fw burn: " + e.getMessage());
        }
        return ExitStatus.FAILURE;
    }

    /** {@code fw query [--fabric F] -d ADDRESS}: the image the adapter boots. */
    static int queryDevice(List<String> args, String defaultFabric, Services services, ToolInvocation invocation)
            throws UsageException {
        String fabric = defaultFabric;
        PciAddress address = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fabric" -> fabric = value(args, ++i, a);
                case "-d", "-s" -> address = address(value(args, ++i, a));
                default -> throw new UsageException("unexpected query argument '" + a + "'");
            }
        }
        if (address == null) {
            throw new UsageException("fw query needs an image file or -d ADDRESS");
        }
        try {
            PciBus bus = services.bus(fabric).orElseThrow(() -> new PciException("no PCI bus serves this fabric"));
            PciFunction f = function(bus, fabric, address);
            byte[] active = flasher(services, f).readActiveImage(f);
            invocation.out().print(ImageText.query(BuiltInFormats.parse(active)));
            return ExitStatus.OK;
        } catch (PciException | FlashException | ImageFormatException e) {
            invocation.err().println("fw query: " + address + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static PciAddress address(String text) throws UsageException {
        try {
            return PciAddress.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
