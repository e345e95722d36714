package org.infiniscope.pci.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
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
 * {@code lspci}: the PCI functions of the host (libpci, or sysfs without it) or of a simulated fabric's adapters
 * ({@code --fabric sim…}), printed as {@code lspci -nn} prints them.
 */
@Component(service = ConsoleTool.class)
public final class LspciTool implements ConsoleTool {

    static final String FABRIC_PROPERTY = "infiniscope.fabric";

    private record Ranked(PciBus bus, int ranking, long id) {
    }

    private final Map<Long, Ranked> buses = new ConcurrentHashMap<>();
    private final String defaultFabric;

    @Activate
    public LspciTool(BundleContext context) {
        this.defaultFabric = context.getProperty(FABRIC_PROPERTY);
    }

    /** For tests: no bus yet, this default fabric. */
    LspciTool(String defaultFabric) {
        this.defaultFabric = defaultFabric;
    }

    @Reference(service = PciBus.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addBus(ServiceReference<PciBus> reference, PciBus bus) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        buses.put(id,
                new Ranked(bus, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0, id));
    }

    void removeBus(ServiceReference<PciBus> reference) {
        buses.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests: a bus with this ranking. */
    void provide(PciBus bus, int ranking, long id) {
        buses.put(id, new Ranked(bus, ranking, id));
    }

    @Override
    public String name() {
        return "lspci";
    }

    @Override
    public String summary() {
        return "list PCI functions as lspci -nn (host via libpci or sysfs, or a simulated fabric's adapters)";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope lspci [--fabric F] [-n|-nn] [-x|-xxx|-xxxx] [--caps] [-s [[DOMAIN:]BUS:]DEV.FN] [-d [VENDOR]:[DEVICE]] [-A BUS]
                  --fabric F   whose functions: none or umad (the host), sim… (the simulated fabric's adapters)
                  -nn          names with numbers, as lspci -nn (the default); -n: numbers only
                  -x, -xxx, -xxxx  hex dump of the first 64, 256 or 4096 bytes of configuration space
                  --caps       the subsystem and the capability list (offsets, IDs) of each function
                  -s ADDRESS   only this function;  -d V:D  only these IDs (hex, either may be empty)
                  -A BUS       the bus by name: libpci, sysfs or sim (default: chosen by the fabric)""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        String fabric = defaultFabric;
        boolean numeric = false;
        boolean caps = false;
        int dump = 0;
        PciAddress only = null;
        int vendor = -1;
        int device = -1;
        String busName = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fabric" -> fabric = value(args, ++i, a);
                case "-nn" -> numeric = false;
                case "-n" -> numeric = true;
                case "-x" -> dump = 64;
                case "-xxx" -> dump = 256;
                case "-xxxx" -> dump = 4096;
                case "--caps" -> caps = true;
                case "-A" -> busName = value(args, ++i, a);
                case "-s" -> {
                    try {
                        only = PciAddress.parse(value(args, ++i, a));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("-s: " + e.getMessage());
                    }
                }
                case "-d" -> {
                    String v = value(args, ++i, a);
                    int colon = v.indexOf(':');
                    if (colon < 0) {
                        throw new UsageException("-d wants [VENDOR]:[DEVICE], got '" + v + "'");
                    }
                    vendor = hex(v.substring(0, colon), "-d");
                    device = hex(v.substring(colon + 1), "-d");
                }
                default -> {
                    if (a.startsWith("--fabric=")) {
                        fabric = a.substring("--fabric=".length());
                    } else {
                        throw new UsageException("unknown argument '" + a + "'");
                    }
                }
            }
        }
        PciBus bus = choose(fabric, busName);
        if (bus == null) {
            invocation.err().println("lspci: no PCI bus "
                    + (busName != null ? "named " + busName : "serves fabric " + (fabric == null ? "(host)" : fabric)));
            return ExitStatus.UNAVAILABLE;
        }
        PrintWriter out = invocation.out();
        try {
            List<PciFunction> functions = bus.functions(fabric);
            LspciFormat format = new LspciFormat(bus.names(), numeric, LspciFormat.needsDomains(functions));
            for (PciFunction f : functions) {
                if (only != null && !only.equals(f.address())) {
                    continue;
                }
                if (vendor >= 0 || device >= 0) {
                    PciDevice d = PciDevice.read(f);
                    if (vendor >= 0 && d.vendorId() != vendor || device >= 0 && d.deviceId() != device) {
                        continue;
                    }
                }
                out.println(format.line(f));
                if (caps) {
                    out.print(format.details(f));
                }
                if (dump > 0) {
                    out.print(LspciFormat.hexDump(f, dump));
                }
                if (dump > 0 || caps) {
                    out.println();
                }
            }
        } catch (PciException e) {
            out.flush();
            invocation.err().println("lspci: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        return ExitStatus.OK;
    }

    /** @return the bus of that name, or the highest-ranked that accepts the fabric */
    PciBus choose(String fabric, String busName) {
        List<Ranked> all = new ArrayList<>(buses.values());
        all.sort(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::id));
        for (Ranked r : all) {
            if (busName != null ? busName.equals(r.bus().name()) : r.bus().accepts(fabric)) {
                return r.bus();
            }
        }
        if ("libpci".equals(busName) || "sysfs".equals(busName)) {
            try {
                return HostBuses.open(busName);
            } catch (PciException e) {
                return null;
            }
        }
        return null;
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int hex(String s, String option) throws UsageException {
        if (s.isEmpty()) {
            return -1;
        }
        try {
            int v = Integer.parseInt(s, 16);
            if (v > 0xFFFF) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException(option + ": '" + s + "' is not a 16-bit hex ID");
        }
    }
}
