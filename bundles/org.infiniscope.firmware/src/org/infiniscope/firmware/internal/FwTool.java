package org.infiniscope.firmware.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.audit.AuditedTool;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.console.vendor.VendorCallException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareInventory;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.FirmwareFlasher;
import org.infiniscope.firmware.ImageSpec;
import org.infiniscope.pci.PciBus;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code fw}: firmware images. {@code fw query IMG} and {@code fw verify IMG} describe and check an image as
 * {@code flint -i IMG query|verify} do; {@code fw mkimage} builds a valid FS4 or FS3 image for the simulator's adapters.
 */
@Component(service = ConsoleTool.class)
public final class FwTool implements ConsoleTool, AuditedTool {

    static final String FABRIC_PROPERTY = "infiniscope.fabric";

    private record Ranked(FirmwareFormat format, int ranking, long id) {
    }

    private record RankedService<T>(T service, int ranking, long id) {
    }

    private final Map<Long, Ranked> formats = new ConcurrentHashMap<>();
    private final Map<Long, RankedService<PciBus>> buses = new ConcurrentHashMap<>();
    private final Map<Long, RankedService<FirmwareFlasher>> flashers = new ConcurrentHashMap<>();
    private final Map<Long, RankedService<ChannelProvider>> providers = new ConcurrentHashMap<>();
    private volatile Discovery discovery;
    private final InventoryReader inventory = new InventoryReader();
    private final String defaultFabric;

    /** The runtime's tool: formats, buses and flashers come from the service registry. */
    @Activate
    public FwTool(BundleContext context) {
        this.defaultFabric = context.getProperty(FABRIC_PROPERTY);
    }

    /** For tests: no services yet, no default fabric. */
    FwTool() {
        this.defaultFabric = null;
    }

    private static int ranking(ServiceReference<?> reference) {
        return reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0;
    }

    @Reference(service = PciBus.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addBus(ServiceReference<PciBus> reference, PciBus bus) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        buses.put(id, new RankedService<>(bus, ranking(reference), id));
    }

    void removeBus(ServiceReference<PciBus> reference) {
        buses.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(service = FirmwareFlasher.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addFlasher(ServiceReference<FirmwareFlasher> reference, FirmwareFlasher flasher) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        flashers.put(id, new RankedService<>(flasher, ranking(reference), id));
    }

    void removeFlasher(ServiceReference<FirmwareFlasher> reference) {
        flashers.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        providers.put(id, new RankedService<>(provider, ranking(reference), id));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        providers.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setDiscovery(Discovery discovery) {
        this.discovery = discovery;
    }

    void unsetDiscovery(Discovery gone) {
        if (this.discovery == gone) {
            this.discovery = null;
        }
    }

    /** For tests: a channel provider and the discovery. */
    void provide(ChannelProvider provider, Discovery sweeper) {
        providers.put(-1L, new RankedService<>(provider, 0, -1));
        this.discovery = sweeper;
    }

    private final FwInventory.Services inventoryServices = new FwInventory.Services() {
        @Override
        public Optional<ChannelProvider> provider(String fabric) {
            return best(providers).stream().filter(p -> p.handles(fabric)).findFirst();
        }

        @Override
        public Optional<Discovery> discovery() {
            return Optional.ofNullable(discovery);
        }

        @Override
        public FirmwareInventory inventory() {
            return inventory;
        }
    };

    /** For tests: a bus and a flasher. */
    void provide(PciBus bus, FirmwareFlasher flasher) {
        buses.put(-1L, new RankedService<>(bus, 0, -1));
        flashers.put(-1L, new RankedService<>(flasher, 0, -1));
    }

    private static <T> List<T> best(Map<Long, RankedService<T>> services) {
        return services.values().stream().sorted(Comparator.<RankedService<T>>comparingInt(RankedService::ranking)
                .reversed().thenComparingLong(RankedService::id)).map(RankedService::service).toList();
    }

    private final FwBurn.Services services = new FwBurn.Services() {
        @Override
        public Optional<PciBus> bus(String fabric) {
            return best(buses).stream().filter(b -> b.accepts(fabric)).findFirst();
        }

        @Override
        public List<FirmwareFlasher> flashers() {
            return best(flashers);
        }
    };

    @Reference(service = FirmwareFormat.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addFormat(ServiceReference<FirmwareFormat> reference, FirmwareFormat format) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        formats.put(id,
                new Ranked(format, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0, id));
    }

    void removeFormat(ServiceReference<FirmwareFormat> reference) {
        formats.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests: a format with this ranking. */
    void provide(FirmwareFormat format, int ranking, long id) {
        formats.put(id, new Ranked(format, ranking, id));
    }

    @Override
    public String name() {
        return "fw";
    }

    @Override
    public String summary() {
        return "firmware: query and verify images (as flint -i IMG query|verify), burn adapters failsafe, fabric inventory, mkimage";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope fw query IMG | fw verify IMG | fw -i IMG query|verify
                       infiniscope fw query [--fabric F] -d ADDRESS
                       infiniscope fw burn [--fabric F] -d ADDRESS IMG [--force] [--dry-run] [--reset] [--use-image-guids]
                       infiniscope fw inventory [--fabric F] [--json] [-o N] [-t MS] [--retries N] [--timing]
                       infiniscope fw mkimage -o OUT [--format fs4|fs3] [--for hca|switch] [--version X.Y.Z] [--psid PSID]
                                  [--device-id ID] [--guid G] [--guids N] [--mac M] [--macs N]
                                  [--date YYYY-MM-DD] [--description TEXT] [--security secure-fw,signed-fw,debug]
                  query    the image's type, version, release date, GUIDs, MACs, PSID and security attributes
                  verify   every section's CRC; exit status 1 when one is wrong
                  -d ADDRESS  the adapter's PCI function (see lspci; --fabric sim… for the simulated adapters)
                  burn     failsafe: the inactive slot, verified by read-back, then made active; the PSID must match
                           the running image's unless --force; --dry-run checks and writes nothing;
                           --reset restarts the adapter after it, so that the new image runs; the adapter keeps
                           its GUIDs and MACs (written into the new image) unless --use-image-guids (-use_image_guids);
                           an image without GUID sections (reduced) is refused unless --force;
                           when running firmware owns the flash, through its flash registers (MFBA/MFBE)
                  inventory  every node's firmware version and PSID, in-band (GeneralInfo, as vendstat -N), N in
                           flight (-o, default 64); nodes that do not answer are listed as "no answer";
                           --timing prints the sweep's and the GeneralInfo queries' seconds on stderr
                  mkimage  a valid FS4 (default) or FS3 image for a simulated ConnectX-5 (hca, the default) or Switch-IB 2 (switch)""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = new ArrayList<>(invocation.args());
        if (args.size() >= 3 && args.get(0).equals("-i")) {
            args = new ArrayList<>(List.of(args.get(2), args.get(1)));
        }
        if (args.isEmpty()) {
            throw new UsageException("fw needs a command: query, verify, burn, inventory or mkimage");
        }
        String command = args.get(0);
        List<String> rest = args.subList(1, args.size());
        return switch (command) {
            case "inventory" -> FwInventory.run(rest, defaultFabric, inventoryServices, invocation);
            case "burn" -> FwBurn.burn(rest, defaultFabric, services, invocation);
            case "query", "verify" -> {
                if (command.equals("query") && rest.stream().anyMatch(a -> a.equals("-d") || a.equals("-s"))) {
                    yield FwBurn.queryDevice(rest, defaultFabric, services, invocation);
                }
                if (rest.size() != 1) {
                    throw new UsageException("fw " + command + " takes one image file");
                }
                yield describe(command, Path.of(rest.get(0)), invocation);
            }
            case "mkimage" -> MkImageArgs.run(rest, invocation);
            default -> throw new UsageException(
                    "unknown fw command '" + command + "' (query, verify, burn, inventory, mkimage)");
        };
    }

    private int describe(String command, Path file, ToolInvocation invocation) {
        byte[] image;
        try {
            image = Files.readAllBytes(file);
        } catch (IOException e) {
            invocation.err().println("fw: cannot read " + file + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        FirmwareImage parsed;
        try {
            parsed = parse(image);
        } catch (ImageFormatException e) {
            invocation.err().println("fw: " + file + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        if (command.equals("query")) {
            invocation.out().print(ImageText.query(parsed));
            return ExitStatus.OK;
        }
        invocation.out().print(ImageText.verify(parsed));
        return parsed.badSections().isEmpty() ? ExitStatus.OK : ExitStatus.FAILURE;
    }

    /**
     * Parses with the highest-ranked format that recognizes the image. Formats are vendor code: each call is bounded
     * in time ({@link VendorCalls}); a format that throws or hangs in {@code recognizes} is skipped (and not asked
     * again), one that does so in {@code parse} is reported as the image's failure.
     *
     * @throws ImageFormatException when none does, or its parse refuses the image
     */
    FirmwareImage parse(byte[] image) throws ImageFormatException {
        List<Ranked> all = new ArrayList<>(formats.values());
        all.sort(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::id));
        VendorCalls calls = VendorCalls.shared();
        List<String> skipped = new ArrayList<>();
        try {
            for (Ranked r : all) {
                FirmwareFormat format = r.format();
                boolean recognized;
                try {
                    recognized = calls.call(format, "recognizes", () -> format.recognizes(image.clone()));
                } catch (VendorCallException e) {
                    skipped.add(e.getMessage());
                    continue;
                }
                if (recognized) {
                    try {
                        return calls.call(format, "parse", () -> format.parse(image.clone()));
                    } catch (VendorCallException e) {
                        if (e.getCause() instanceof ImageFormatException refused) {
                            throw refused;
                        }
                        throw new ImageFormatException(e.getMessage(), 0);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageFormatException("interrupted while a firmware format read the image", 0);
        }
        throw new ImageFormatException("no installed firmware format recognizes the image"
                + (skipped.isEmpty() ? "" : " (skipped: " + String.join("; ", skipped) + ")"), 0);
    }

    /** The spec of a simulated adapter's image. */
    static ImageSpec defaults(boolean isSwitch) {
        return isSwitch
                ? new ImageSpec(15, 2010, 4004, 0x2026, 0x11, 0x29, "MT_2630110032", 0xCF08,
                        "Infiniscope simulated Switch-IB 2", 0x0002C90300A00000L, 1, 0, 0, List.of())
                : new ImageSpec(16, 35, 2000, 0x2026, 0x11, 0x29, "MT_0000000008", 0x1017,
                        "Infiniscope simulated ConnectX-5", 0x0002C90300001000L, 4, 0x0002C9001000L, 2, List.of());
    }

    /** {@code burn} writes an adapter's flash (a dry run only checks, but the attempt is recorded too). */
    @Override
    public Optional<String> auditedAction(List<String> args) {
        if (args.isEmpty() || !args.get(0).equals("burn")) {
            return Optional.empty();
        }
        return Optional.of(args.contains("--dry-run") ? "fw burn (dry run)" : "fw burn");
    }
}
