package org.infiniscope.verbs.cm.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmConnections;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.spi.RcConnector;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code cm connections}: the communications the CMs of this runtime hold (listeners included), node by node, with
 * their IB CM state, service ID, peer and PSNs. The Gogo shell also has it as {@code cm:connections}.
 */
@Component(service = {ConsoleTool.class, CmTool.class}, property = {"osgi.command.scope=cm",
        "osgi.command.function=connections"})
public final class CmTool implements ConsoleTool {

    private final CmConnections connections;
    private final CmRcConnector connector;

    @Activate
    public CmTool(@Reference CmConnections connections,
            @Reference(target = "(component.name=org.infiniscope.verbs.cm.internal.CmRcConnector)") RcConnector connector) {
        this.connections = connections;
        this.connector = (CmRcConnector) connector;
    }

    @Override
    public String name() {
        return "cm";
    }

    @Override
    public String summary() {
        return "list the connection manager's communications (state, service ID, peer, QPs, PSNs)";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope cm [connections] [--node NODE]
                       infiniscope cm connect [--fabric F] [-n COUNT] CLIENT SERVER
                  connections   every communication the CMs of this runtime hold, listeners included, node by node
                  --node NODE   only that node's
                  connect       SERVER listens, CLIENT resolves it and the route (the SA's path record) and connects
                                an RC QP (REQ/REP/RTU), then disconnects (DREQ/DREP); COUNT times (default 1),
                                with the connections a second
                  --fabric F    a simulated fabric (default the one the runtime's SM runs on)""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        if (!args.isEmpty() && args.get(0).equals("connect")) {
            return connect(args.subList(1, args.size()), invocation.out(), invocation.err());
        }
        String node = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "connections" -> {
                    if (i != 0) {
                        throw new UsageException("'connections' comes first");
                    }
                }
                case "--node" -> {
                    if (++i >= args.size()) {
                        throw new UsageException("--node needs a value");
                    }
                    node = args.get(i);
                }
                default -> throw new UsageException("unknown argument '" + a + "'");
            }
        }
        PrintWriter out = invocation.out();
        out.print(table(node == null ? connections.connections() : connections.connections(node)));
        out.flush();
        return ExitStatus.OK;
    }

    private int connect(List<String> args, PrintWriter out, PrintWriter err) throws UsageException {
        String fabric = connector.fabric();
        int count = 1;
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--fabric" -> {
                    if (++i >= args.size()) {
                        throw new UsageException("--fabric needs a value");
                    }
                    fabric = args.get(i);
                }
                case "-n" -> {
                    if (++i >= args.size() || !args.get(i).matches("[0-9]{1,7}") || Integer.parseInt(args.get(i)) < 1) {
                        throw new UsageException("-n takes a count 1..9999999");
                    }
                    count = Integer.parseInt(args.get(i));
                }
                default -> {
                    if (a.startsWith("-")) {
                        throw new UsageException("unknown argument '" + a + "'");
                    }
                    nodes.add(a);
                }
            }
        }
        if (nodes.size() != 2) {
            throw new UsageException("connect takes CLIENT SERVER");
        }
        try {
            long start = System.nanoTime();
            for (int i = 0; i < count; i++) {
                List<AutoCloseable> made = new ArrayList<>();
                RcConnector.Side side = (ctx, factory) -> {
                    ProtectionDomain pd = ctx.allocPd();
                    CompletionQueue cq = ctx.createCq(16, null, 0);
                    QueuePair qp = factory.create(pd,
                            new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(8, 8, 1, 1, 0), false));
                    made.add(qp::close);
                    made.add(cq::close);
                    made.add(pd::close);
                    return qp;
                };
                try {
                    RcConnector.Connection c = connector.connect(fabric, nodes.get(0), nodes.get(1), side, side,
                            CmRcConnector.STEP_TIMEOUT);
                    if (i == 0 || count <= 10) {
                        out.println(c.describe());
                    }
                    c.close();
                } finally {
                    for (AutoCloseable r : made) {
                        try {
                            r.close();
                        } catch (Exception e) {
                            // the CM's context keeps nothing of a failed connection
                        }
                    }
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            out.printf(Locale.ROOT, "%d connection%s established and disconnected in %.3f s: %.0f connections/s%n",
                    count, count == 1 ? "" : "s", seconds, count / seconds);
        } catch (VerbsException e) {
            err.println("infiniscope cm: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        out.flush();
        return ExitStatus.OK;
    }

    /** The Gogo command {@code cm:connections}. */
    public String connections() {
        return table(connections.connections());
    }

    /** The Gogo command {@code cm:connections NODE}. */
    public String connections(String node) {
        return table(connections.connections(node));
    }

    static String table(List<CmConnection> list) {
        if (list.isEmpty()) {
            return "No CM communications\n";
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%-12s %-14s %-10s %-10s %-14s %-18s %-8s %-8s %-8s %-8s %-8s %s%n", "NODE",
                "DEVICE/PORT", "LCOMMID", "RCOMMID", "STATE", "SERVICE-ID", "LQPN", "PEER-LID", "RQPN", "LPSN", "RPSN",
                "SIDE"));
        for (CmConnection c : list) {
            b.append(String.format(Locale.ROOT,
                    "%-12s %-14s 0x%08x 0x%08x %-14s 0x%016x 0x%06x %-8d 0x%06x 0x%06x 0x%06x %s%n", c.node(),
                    c.device().isEmpty() ? "-" : c.device() + "/" + c.port(), c.localCommId(), c.remoteCommId(),
                    c.state().name(), c.serviceId(), c.localQpn(), c.peerLid(), c.remoteQpn(), c.localPsn(),
                    c.remotePsn(), c.active() ? "active" : "passive"));
        }
        return b.toString();
    }
}
