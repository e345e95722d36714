package org.infiniscope.sim.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.sim.SimClock;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.VirtualClock;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * {@code simulate}: serves a simulated fabric to unmodified umad2sim clients over ibsim's client protocol (its Unix
 * datagram sockets, or its UDP mode), so Debian's smpquery, ibnetdiscover or OpenSM run against it as against ibsim.
 * Faults come from a script ({@code --faults}) and from fault commands typed on standard input while it serves. Runs
 * until standard
 * input closes or the process is interrupted.
 */
@Component(service = ConsoleTool.class)
public final class SimulateTool implements ConsoleTool {

    /** ibsim's default socket name, which umad2sim uses when {@code IBSIM_SOCKNAME} is unset. */
    static final String DEFAULT_SOCKET = "sim";

    /** The framework property the launcher sets from {@code --fabric} (it takes the option out of the arguments). */
    static final String FABRIC_PROPERTY = "infiniscope.fabric";

    private final InputStream stdin;
    private final String fabricProperty;

    /**
     * The tool as the console runs it: it stops when the process's standard input closes, and serves the
     * {@code --fabric} the launcher passed as a framework property when no {@code --net} is given.
     */
    @Activate
    public SimulateTool(BundleContext context) {
        this(System.in, context.getProperty(FABRIC_PROPERTY));
    }

    /** For tests: stops when this stream ends. */
    SimulateTool(InputStream stdin) {
        this(stdin, null);
    }

    /** For tests: stops when this stream ends; {@code fabric} as the launcher's {@code --fabric}. */
    SimulateTool(InputStream stdin, String fabric) {
        this.stdin = stdin;
        this.fabricProperty = fabric;
    }

    /**
     * @return the topology a {@code --fabric} value names: {@code sim} the built-in fabric, {@code sim:TOPOLOGY}, or a
     *         generator or topology file as it is
     * @throws UsageException for a fabric that is not a simulated one, or one with an attach point
     */
    static String topologyOf(String fabric) throws UsageException {
        if (fabric == null || fabric.isEmpty() || fabric.equals("sim")) {
            return "";
        }
        if (fabric.startsWith("ibsim:") || fabric.equals("umad") || fabric.startsWith("umad:")) {
            throw new UsageException("--fabric " + fabric + ": simulate serves a simulated fabric;"
                    + " give sim[:TOPOLOGY], a generator such as ft3:12, or a topology file");
        }
        String topology = fabric.startsWith("sim:") ? fabric.substring(4) : fabric;
        if (fabric.startsWith("sim") && topology.contains("@")) {
            throw new UsageException("--fabric " + fabric + ": simulate serves the whole fabric;"
                    + " clients choose their node with SIM_HOST, not @NODE");
        }
        return topology;
    }

    @Override
    public String name() {
        return "simulate";
    }

    @Override
    public String summary() {
        return "serve the embedded simulated fabric to umad2sim clients (OpenSM, infiniband-diags), as ibsim";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope simulate [--net FILE | --fabric SPEC] [--ibsim-socket NAME | --ibsim-port PORT]
                                            [--faults FILE] [--clock real|virtual]
                  --net FILE         an ibsim net file or ibnetdiscover output
                  --fabric SPEC      a generator such as ft2:4:2:8, or a topology file; default: the built-in fabric
                  --ibsim-socket NAME  ibsim's Unix datagram sockets @NAME:ctl, @NAME:out0..9 (default: sim, as ibsim)
                  --ibsim-port PORT    ibsim's UDP mode instead: control port on 127.0.0.1; client N's MADs use PORT+1+N
                  --faults FILE      a fault script: checked whole first; the commands before its first wait run
                                     before serving, the rest while serving
                  --clock real       error rates, traffic, trap re-sends follow real time (the default); virtual: time
                                     passes only by the scripts' wait commands
                clients: LD_PRELOAD=libumad2sim.so IBSIM_SOCKNAME=NAME [SIM_HOST=NODE] [SIM_SET_ISSM=1]
                     or: LD_PRELOAD=libumad2sim.so IBSIM_SERVER_NAME=127.0.0.1 IBSIM_SERVER_PORT=PORT
                standard input takes fault commands, one a line, while it serves:
                """ + FaultScript.SYNTAX.indent(2) + "runs until standard input closes or the process is interrupted";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        String topology = null;
        String faults = null;
        boolean virtual = false;
        int port = -1;
        String socket = null;
        List<String> args = invocation.args();
        PrintWriter out = invocation.out();
        PrintWriter err = invocation.err();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--net", "--fabric" -> topology = value(args, ++i, arg);
                case "--ibsim-port" -> port = port(value(args, ++i, arg));
                case "--faults" -> faults = value(args, ++i, arg);
                case "--clock" -> virtual = virtual(value(args, ++i, arg));
                case "--ibsim-socket" -> socket = socketName(value(args, ++i, arg));
                default -> throw new UsageException("unknown argument '" + arg + "'");
            }
        }
        if (socket != null && port >= 0) {
            throw new UsageException("--ibsim-socket and --ibsim-port exclude each other: one server, one mode");
        }
        if (socket == null && port < 0) {
            socket = DEFAULT_SOCKET;
        }
        if (topology == null) {
            topology = topologyOf(fabricProperty);
        }
        SimFabric fabric;
        try {
            fabric = SimFabric.of(SimChannelProvider.load(topology, topology),
                    virtual ? new VirtualClock() : SimClock.system());
            org.infiniscope.sim.adapter.SimAdapters.attach(fabric); // each node's adapter answers GeneralInfo
        } catch (IOException e) {
            err.println("infiniscope simulate: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        FaultScript script = null;
        int lead = 0;
        try {
            if (faults != null) {
                script = FaultScript.read(Path.of(faults), fabric);
                lead = script.leadingCommands();
                script.run(fabric, 0, lead);
            }
        } catch (IOException e) {
            err.println("infiniscope simulate: cannot read the fault script " + faults + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (FaultScriptException e) {
            err.println("infiniscope simulate: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitStatus.FAILURE;
        }
        String where = socket != null
                ? "the Unix sockets @" + socket + ":ctl/out0..9"
                : "127.0.0.1:" + port + ".." + (port + IbsimServer.MAX_CLIENTS);
        try (IbsimServer server = socket != null ? IbsimServer.unix(fabric, socket) : IbsimServer.udp(fabric, port)) {
            out.println(
                    "simulate: " + fabric.topology().nodes().size() + " nodes; ibsim clients: " + server.describe());
            out.flush();
            Thread rest = null;
            if (script != null && lead < script.size()) {
                FaultScript timed = script;
                int from = lead;
                rest = Thread.ofPlatform().daemon().name("simulate-faults")
                        .start(() -> report(() -> timed.run(fabric, from, timed.size()), err));
            }
            Thread watcher = Thread.ofPlatform().daemon().name("simulate-stdin").start(() -> {
                console(fabric, err);
                server.close();
            });
            server.run();
            watcher.interrupt();
            if (rest != null) {
                rest.interrupt();
            }
            return ExitStatus.OK;
        } catch (IOException e) {
            err.println("infiniscope simulate: cannot serve on " + where + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
    }

    private interface ScriptRun {
        void run() throws FaultScriptException, InterruptedException;
    }

    /** Runs script commands while the server serves: a failing command is reported and ends its script. */
    private static void report(ScriptRun run, PrintWriter err) {
        try {
            run.run();
        } catch (FaultScriptException e) {
            err.println("infiniscope simulate: " + e.getMessage());
            err.flush();
        } catch (InterruptedException e) {
            // the server stopped
        }
    }

    /**
     * Runs the fault commands typed on standard input, one a line, until it ends: its end is also the user's way to
     * stop the server besides an interrupt. A wrong line is reported as {@code stdin:LINE: reason}, and the next
     * one read.
     */
    void console(SimFabric fabric, PrintWriter err) {
        BufferedReader lines = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        try {
            int number = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                number++;
                int at = number;
                String text = line;
                report(() -> FaultScript.line("stdin", at, text, fabric).run(fabric), err);
            }
        } catch (IOException e) {
            // an unreadable standard input counts as closed
        }
    }

    private static boolean virtual(String clock) throws UsageException {
        return switch (clock) {
            case "real" -> false;
            case "virtual" -> true;
            default -> throw new UsageException("--clock is real or virtual, not '" + clock + "'");
        };
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static String socketName(String text) throws UsageException {
        if (text.isEmpty() || text.length() > 90 || !text.chars().allMatch(c -> c > ' ' && c < 0x7f)) {
            throw new UsageException("--ibsim-socket must be 1 to 90 printable characters without spaces");
        }
        return text;
    }

    private static int port(String text) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port >= 1 && port <= 65535 - IbsimServer.MAX_CLIENTS) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below with the range
        }
        throw new UsageException("--ibsim-port must be a number from 1 to " + (65535 - IbsimServer.MAX_CLIENTS));
    }
}
