package org.infiniscope.sim.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.sim.SimFabric;
import org.osgi.service.component.annotations.Component;

/**
 * {@code simulate}: serves a simulated fabric to unmodified umad2sim clients over ibsim's client protocol (its Unix
 * datagram sockets, or its UDP mode), so Debian's smpquery, ibnetdiscover or OpenSM run against it as against ibsim. Runs until standard
 * input closes or the process is interrupted.
 */
@Component(service = ConsoleTool.class)
public final class SimulateTool implements ConsoleTool {

    /** ibsim's default socket name, which umad2sim uses when {@code IBSIM_SOCKNAME} is unset. */
    static final String DEFAULT_SOCKET = "sim";

    private final InputStream stdin;

    /** The tool as the console runs it: it stops when the process's standard input closes. */
    public SimulateTool() {
        this(System.in);
    }

    /** For tests: stops when this stream ends. */
    SimulateTool(InputStream stdin) {
        this.stdin = stdin;
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
                  --net FILE         an ibsim net file or ibnetdiscover output
                  --fabric SPEC      a generator such as ft2:4:2:8, or a topology file; default: the built-in fabric
                  --ibsim-socket NAME  ibsim's Unix datagram sockets @NAME:ctl, @NAME:out0..9 (default: sim, as ibsim)
                  --ibsim-port PORT    ibsim's UDP mode instead: control port on 127.0.0.1; client N's MADs use PORT+1+N
                clients: LD_PRELOAD=libumad2sim.so IBSIM_SOCKNAME=NAME [SIM_HOST=NODE] [SIM_SET_ISSM=1]
                     or: LD_PRELOAD=libumad2sim.so IBSIM_SERVER_NAME=127.0.0.1 IBSIM_SERVER_PORT=PORT
                runs until standard input closes or the process is interrupted""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        String topology = "";
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
        SimFabric fabric;
        try {
            fabric = SimFabric.of(SimChannelProvider.load(topology, topology));
        } catch (IOException e) {
            err.println("infiniscope simulate: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        String where = socket != null
                ? "the Unix sockets @" + socket + ":ctl/out0..9"
                : "127.0.0.1:" + port + ".." + (port + IbsimServer.MAX_CLIENTS);
        try (IbsimServer server = socket != null ? IbsimServer.unix(fabric, socket) : IbsimServer.udp(fabric, port)) {
            out.println(
                    "simulate: " + fabric.topology().nodes().size() + " nodes; ibsim clients: " + server.describe());
            out.flush();
            Thread watcher = Thread.ofPlatform().daemon().name("simulate-stdin").start(() -> {
                drain();
                server.close();
            });
            server.run();
            watcher.interrupt();
            return ExitStatus.OK;
        } catch (IOException e) {
            err.println("infiniscope simulate: cannot serve on " + where + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
    }

    /** Reads standard input to its end: the user's way to stop the server besides an interrupt. */
    private void drain() {
        byte[] sink = new byte[256];
        try {
            while (stdin.read(sink) >= 0) {
                // input is ignored: only its end matters
            }
        } catch (IOException e) {
            // an unreadable standard input counts as closed
        }
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
