package org.infiniscope.verbs.cm.internal;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmConnections;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
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

    @Activate
    public CmTool(@Reference CmConnections connections) {
        this.connections = connections;
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
                  connections   every communication the CMs of this runtime hold, listeners included, node by node
                  --node NODE   only that node's""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
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
