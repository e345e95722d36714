package org.infiniscope.firmware.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.json.Json;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.firmware.FirmwareInventory;
import org.infiniscope.firmware.NodeFirmware;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;

/**
 * {@code fw inventory}: sweeps the fabric, then asks every node for its firmware in-band (GeneralInfo, as
 * {@code vendstat -N}), many at once, and prints a table or JSON. Nodes that do not answer are listed as such.
 */
final class FwInventory {

    /** What the command needs from the runtime. */
    interface Services {
        Optional<ChannelProvider> provider(String fabric);

        Optional<Discovery> discovery();

        FirmwareInventory inventory();
    }

    private record Args(String fabric, boolean json, int window, Duration timeout, int retries, boolean timing) {
    }

    private FwInventory() {
    }

    private static Args parse(List<String> args, String defaultFabric) throws UsageException {
        String fabric = defaultFabric;
        boolean json = false;
        boolean timing = false;
        int window = 64;
        int timeoutMs = 1000;
        int retries = 3;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fabric" -> fabric = value(args, ++i, a);
                case "--json" -> json = true;
                case "--timing" -> timing = true;
                case "-o" -> window = number(args, ++i, a, 1, 4096);
                case "-t" -> timeoutMs = number(args, ++i, a, 1, 600_000);
                case "--retries" -> retries = number(args, ++i, a, 0, 100);
                default -> throw new UsageException("unexpected inventory argument '" + a + "'");
            }
        }
        if (fabric == null || fabric.isBlank()) {
            throw new UsageException("no fabric: give --fabric sim[...], umad, umad:CA:PORT or ibsim:SOCKET[@NODE]"
                    + " (or set INFINISCOPE_FABRIC for ./infiniscope)");
        }
        return new Args(fabric, json, window, Duration.ofMillis(timeoutMs), retries, timing);
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int number(List<String> args, int i, String option, int min, int max) throws UsageException {
        String v = value(args, i, option);
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " takes a number from " + min + " to " + max + ", not '" + v + "'");
    }

    /** {@code fw inventory [--fabric F] [--json] [-o N] [-t MS] [--retries N] [--timing]} */
    static int run(List<String> argList, String defaultFabric, Services services, ToolInvocation invocation)
            throws UsageException {
        Args args = parse(argList, defaultFabric);
        PrintWriter err = invocation.err();
        String prefix = "fw inventory: ";
        ChannelProvider provider = services.provider(args.fabric()).orElseThrow(
                () -> new UsageException("unknown fabric '" + args.fabric() + "': no installed provider handles it"));
        Discovery discovery = services.discovery().orElse(null);
        if (discovery == null) {
            err.println(prefix + "no discovery service is installed");
            return ExitStatus.UNAVAILABLE;
        }
        MadChannel channel;
        try {
            channel = provider.open(args.fabric());
        } catch (IOException e) {
            err.println(prefix + "cannot open fabric '" + args.fabric() + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        MadTransport transport;
        try {
            transport = MadTransports.over(channel, new TransportConfig(args.window(), args.window()));
        } catch (IOException | RuntimeException e) {
            channel.close();
            err.println(prefix + "cannot start the MAD transport on '" + args.fabric() + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        try (transport) {
            if (transport.localPort().lid() == 0) {
                err.println(prefix + "this port has no LID: no SM has configured the fabric, and GeneralInfo is"
                        + " asked with LID-routed MADs");
                return ExitStatus.FAILURE;
            }
            long start = System.nanoTime();
            FabricSnapshot snapshot = discovery.sweep(transport,
                    new SweepOptions(Math.min(args.window(), 64), args.timeout(), args.retries()));
            long swept = System.nanoTime();
            List<NodeFirmware> nodes = services.inventory().read(transport, snapshot, args.window(), args.timeout(),
                    args.retries());
            long done = System.nanoTime();
            invocation.out().print(args.json() ? json(nodes) : text(nodes));
            invocation.out().flush();
            if (args.timing()) {
                err.printf("fw inventory: %d nodes; sweep %.2f s, GeneralInfo %.2f s%n", nodes.size(),
                        (swept - start) / 1e9, (done - swept) / 1e9);
            }
            return ExitStatus.OK;
        } catch (IOException e) {
            err.println(prefix + "cannot read the local port: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (DiscoveryException e) {
            err.println(prefix + "discover failed: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(prefix + "interrupted");
            return ExitStatus.FAILURE;
        }
    }

    private static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    /** @return the table: one row per node, then a summary of the answers and versions */
    static String text(List<NodeFirmware> nodes) {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%-18s  %-6s  %5s  %-6s  %-14s  %-16s  %s%n", "GUID", "Type", "LID", "Device",
                "Firmware", "PSID", "Node"));
        Map<String, Integer> answers = new TreeMap<>();
        Map<String, Integer> versions = new TreeMap<>();
        for (NodeFirmware n : nodes) {
            boolean ok = n.answer() == NodeFirmware.Answer.OK;
            out.append(String.format("%-18s  %-6s  %5d  %-6s  %-14s  %-16s  \"%s\"%n", guid(n.nodeGuid()),
                    n.switchNode() ? "Switch" : "CA", n.lid(), ok ? String.format("0x%04x", n.deviceId()) : "-",
                    ok ? n.version() : n.answer().text(), n.psid().isEmpty() ? "-" : n.psid(), n.description()));
            answers.merge(n.answer().text(), 1, Integer::sum);
            if (ok) {
                versions.merge(n.version() + " (" + (n.psid().isEmpty() ? "no PSID" : n.psid()) + ")", 1, Integer::sum);
            }
        }
        List<String> a = new ArrayList<>();
        answers.forEach((k, v) -> a.add(v + " " + k));
        List<String> v = new ArrayList<>();
        versions.forEach((k, c) -> v.add(k + " x" + c));
        out.append(String.format("%d nodes: %s%s%n", nodes.size(), String.join(", ", a),
                v.isEmpty() ? "" : "; firmware " + String.join(", ", v)));
        return out.toString();
    }

    /** @return the same as one JSON object */
    static String json(List<NodeFirmware> nodes) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (NodeFirmware n : nodes) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("guid", guid(n.nodeGuid()));
            m.put("type", n.switchNode() ? "switch" : "ca");
            m.put("lid", n.lid());
            m.put("description", n.description());
            m.put("answer", n.answer().text());
            if (n.answer() == NodeFirmware.Answer.OK) {
                m.put("deviceId", String.format("0x%04x", n.deviceId()));
                m.put("version", n.version());
                m.put("psid", n.psid());
            } else {
                m.put("detail", n.detail());
            }
            list.add(m);
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("nodes", list);
        return Json.write(root) + "\n";
    }
}
