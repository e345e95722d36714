package org.infiniscope.verbs.internal.perftest;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.PortAttr;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.infiniscope.verbs.spi.RcConnector;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code perftest}: perftest's {@code send_lat}, {@code read_lat} and {@code write_bw} between two hosts of a
 * simulated fabric, over the simulated verbs provider. When the client's port is not Active yet (a one-shot
 * runtime's fresh embedded fabric), it runs {@code sm --once} on the fabric first.
 */
@Component(service = ConsoleTool.class)
public final class PerftestTool implements ConsoleTool {

    private final String defaultFabric;
    private final Map<ChannelProvider, Boolean> providers = new ConcurrentHashMap<>();
    private volatile CommandService commands;
    private volatile RcConnector connector;
    /** How long each CM step may take. */
    static final Duration CM_TIMEOUT = Duration.ofSeconds(20);

    @Activate
    public PerftestTool(BundleContext context) {
        this(context.getProperty("infiniscope.fabric"));
    }

    /** For tests: the {@code --fabric} default. */
    PerftestTool(String defaultFabric) {
        this.defaultFabric = defaultFabric;
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ChannelProvider provider) {
        providers.put(provider, true);
    }

    void removeProvider(ChannelProvider provider) {
        providers.remove(provider);
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setCommands(CommandService service) {
        commands = service;
    }

    void unsetCommands(CommandService service) {
        if (commands == service) {
            commands = null;
        }
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setConnector(RcConnector service) {
        connector = service;
    }

    void unsetConnector(RcConnector service) {
        if (connector == service) {
            connector = null;
        }
    }

    @Override
    public String name() {
        return "perftest";
    }

    @Override
    public String summary() {
        return "perftest's send_lat, read_lat and write_bw between two simulated hosts over verbs";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope perftest send_lat|read_lat|write_bw [--fabric F] [-s BYTES] [-n ITERATIONS]
                                            [--cm] [--client NODE] [--server NODE] [CLIENT [SERVER]]
                  --fabric F      a simulated fabric: sim, sim:TOPOLOGY (default sim)
                  -s BYTES        message size (default 2 for latency, 65536 for bandwidth)
                  -n ITERATIONS   iterations (default 1000 for latency, 5000 for bandwidth)
                  --cm            connect the QPs through the connection manager, as perftest's -R (rdma_cm):
                                  the SA's path record, REQ/REP/RTU, and DREQ/DREP at the end
                  --client NODE   the sending host (default the first CA); also the first operand
                  --server NODE   the other host (default the second CA); also the second operand
                Figures are the simulator's own: absolute, measured in this process.""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        if (args.isEmpty()) {
            throw new UsageException("which test: send_lat, read_lat or write_bw");
        }
        Perftest.Mode mode = switch (args.get(0)) {
            case "send_lat" -> Perftest.Mode.SEND_LAT;
            case "read_lat" -> Perftest.Mode.READ_LAT;
            case "write_bw" -> Perftest.Mode.WRITE_BW;
            default -> throw new UsageException("unknown test '" + args.get(0) + "': send_lat, read_lat or write_bw");
        };
        String fabric = defaultFabric == null ? "sim" : defaultFabric;
        int size = mode == Perftest.Mode.WRITE_BW ? 65536 : 2;
        int iterations = mode == Perftest.Mode.WRITE_BW ? 5000 : 1000;
        String clientNode = null, serverNode = null;
        boolean cm = false;
        List<String> operands = new ArrayList<>();
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fabric" -> fabric = value(args, ++i, a);
                case "-s" -> size = number(value(args, ++i, a), a, 1, 1 << 30);
                case "-n" -> iterations = number(value(args, ++i, a), a, 1, 100_000_000);
                case "--client" -> clientNode = value(args, ++i, a);
                case "--server" -> serverNode = value(args, ++i, a);
                case "--cm", "-R" -> cm = true;
                default -> {
                    if (a.startsWith("-")) {
                        throw new UsageException("unknown argument '" + a + "'");
                    }
                    operands.add(a);
                }
            }
        }
        if (operands.size() > 2) {
            throw new UsageException("at most two hosts: CLIENT SERVER, not " + operands);
        }
        if (!operands.isEmpty()) {
            if (clientNode != null) {
                throw new UsageException(
                        "the client is given twice: --client " + clientNode + " and " + operands.get(0));
            }
            clientNode = operands.get(0);
        }
        if (operands.size() == 2) {
            if (serverNode != null) {
                throw new UsageException(
                        "the server is given twice: --server " + serverNode + " and " + operands.get(1));
            }
            serverNode = operands.get(1);
        }
        PrintWriter out = invocation.out();
        PrintWriter err = invocation.err();
        if (cm) {
            return runOverCm(mode, fabric, clientNode, serverNode, size, iterations, out, err);
        }
        SimFabric sim;
        try {
            sim = simFabric(fabric);
        } catch (IOException e) {
            err.println("infiniscope perftest: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        try (SimVerbsProvider verbs = new SimVerbsProvider(sim)) {
            List<Device> devices = verbs.devices();
            if (devices.size() < 2) {
                err.println("infiniscope perftest: the fabric has " + devices.size() + " hosts; it takes two");
                return ExitStatus.FAILURE;
            }
            Device client = clientNode == null ? devices.get(0) : verbs.device(clientNode);
            Device server = serverNode == null
                    ? devices.get(devices.get(0).equals(client) ? 1 : 0)
                    : verbs.device(serverNode);
            try (Context c = verbs.open(client); Context s = verbs.open(server)) {
                if (!bringUp(c, s, fabric, err)) {
                    return ExitStatus.FAILURE;
                }
                out.print(PerftestReport.header(mode, client.name(),
                        mode == Perftest.Mode.WRITE_BW ? Perftest.TX_DEPTH : 1, Perftest.MTU, false));
                try (Perftest test = new Perftest(c, s, size)) {
                    out.print(PerftestReport.addresses(test.run(mode, size, Math.min(iterations, 10))));
                    out.print(PerftestReport.result(test.run(mode, size, iterations)));
                }
            }
        } catch (VerbsException e) {
            err.println("infiniscope perftest: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        out.flush();
        return ExitStatus.OK;
    }

    /**
     * perftest's rdma_cm mode: the CM of the runtime (an {@link RcConnector}) connects the two hosts, creating their
     * QPs; the test runs; the connection is disconnected. The hosts default to the fabric's first two CAs.
     */
    private int runOverCm(Perftest.Mode mode, String fabric, String clientNode, String serverNode, int size,
            int iterations, PrintWriter out, PrintWriter err) {
        RcConnector cm = connector;
        if (cm == null) {
            err.println("infiniscope perftest: --cm needs the connection manager (bundle org.infiniscope.verbs.cm), "
                    + "which is not installed in this runtime");
            return ExitStatus.FAILURE;
        }
        String client = clientNode, server = serverNode;
        if (client == null || server == null) {
            try {
                List<String> cas = simFabric(fabric).topology().nodes().stream()
                        .filter(n -> !n.isSwitch() && n.portCount() > 0).map(n -> n.name()).toList();
                if (client == null) {
                    client = cas.isEmpty() ? "" : cas.get(0);
                }
                String c = client;
                if (server == null) {
                    server = cas.stream().filter(n -> !n.equals(c)).findFirst().orElse("");
                }
            } catch (IOException e) {
                err.println("infiniscope perftest: " + e.getMessage());
                return ExitStatus.FAILURE;
            }
            if (client.isEmpty() || server.isEmpty()) {
                err.println("infiniscope perftest: the fabric has fewer than two hosts; it takes two");
                return ExitStatus.FAILURE;
            }
        }
        try (Perftest test = new Perftest(cm, fabric, client, server, size, CM_TIMEOUT)) {
            out.print(PerftestReport.header(mode, "sim_" + client,
                    mode == Perftest.Mode.WRITE_BW ? Perftest.TX_DEPTH : 1, test.mtu(), true));
            out.println(" CM: " + test.cmSummary());
            out.print(PerftestReport.addresses(test.run(mode, size, Math.min(iterations, 10))));
            out.print(PerftestReport.result(test.run(mode, size, iterations)));
            test.disconnect();
            out.println(" CM: disconnected (DREQ/DREP)");
        } catch (VerbsException e) {
            err.println("infiniscope perftest: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        out.flush();
        return ExitStatus.OK;
    }

    /** Runs the SM once when a port is not Active: a one-shot runtime's embedded fabric starts down. */
    private boolean bringUp(Context c, Context s, String fabric, PrintWriter err) throws VerbsException {
        if (active(c) && active(s)) {
            return true;
        }
        CommandService cs = commands;
        if (cs == null) {
            err.println("infiniscope perftest: the ports are not Active and no SM can be run here");
            return false;
        }
        StringWriter log = new StringWriter();
        int status = cs.execute(List.of("sm", "--once", "--fabric", fabric), new PrintWriter(log),
                new PrintWriter(log));
        if (status != ExitStatus.OK || !active(c) || !active(s)) {
            err.println("infiniscope perftest: the SM did not bring the hosts' ports up:");
            err.print(log);
            return false;
        }
        return true;
    }

    private static boolean active(Context ctx) throws VerbsException {
        PortAttr p = ctx.queryPort(1);
        return p.state() == PortAttr.ACTIVE && p.lid() != 0;
    }

    private SimFabric simFabric(String fabric) throws IOException {
        List<String> kinds = new ArrayList<>();
        for (ChannelProvider p : providers.keySet()) {
            if (p.handles(fabric)) {
                try (MadChannel channel = p.open(fabric)) {
                    if (channel instanceof SimChannel sc) {
                        // reading the port's LID has a one-shot runtime's SM bring the fabric up (and serve its SA)
                        sc.localPort();
                        return sc.fabric();
                    }
                    kinds.add(channel.getClass().getSimpleName());
                }
            }
        }
        throw new IOException("--fabric " + fabric + ": perftest runs between hosts of a simulated fabric (sim, "
                + "sim:TOPOLOGY)" + (kinds.isEmpty() ? "" : "; this one is reached through " + kinds));
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int number(String text, String option, int min, int max) throws UsageException {
        try {
            int v = Integer.parseInt(text);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " takes a number " + min + ".." + max + ", not '" + text + "'");
    }
}
