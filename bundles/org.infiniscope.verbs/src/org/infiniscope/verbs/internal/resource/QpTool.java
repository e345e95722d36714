package org.infiniscope.verbs.internal.resource;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.infiniscope.verbs.resource.ResourceText;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code qp}: the queue pairs and CM connections of the simulated HCAs in this runtime, node by node, with state,
 * type, peer, PSNs and counters; {@code qp show} one in detail; {@code --system} the host's, from the kernel through
 * RDMA netlink, as {@code rdma resource show qp} prints them.
 */
@Component(service = ConsoleTool.class)
public final class QpTool implements ConsoleTool {

    private final Sources sources = new Sources();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addSource(ResourceSource source) {
        sources.add(source);
    }

    void removeSource(ResourceSource source) {
        sources.remove(source);
    }

    @Override
    public String name() {
        return "qp";
    }

    @Override
    public String summary() {
        return "list queue pairs and CM connections with state, peer, PSNs and counters (--system: the host's)";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope qp [list] [--node NODE] [--state STATE] [--system] [--json]
                       infiniscope qp show [--node NODE] [--system] [--json] QPN
                  list          every QP of the simulated HCAs in this runtime, node by node, then the CM connections
                  show          one QP (0x-prefixed or decimal number) in detail, with its place in the state machine
                  --node NODE   only the QPs of this node (or device)
                  --state S     only the QPs in this state (RESET, INIT, RTR, RTS, SQD, SQE, ERR)
                  --system      the host's QPs, from the kernel through RDMA netlink, printed as
                                'rdma resource show qp' prints them
                  --json        the same as JSON (with --system: as 'rdma -j resource show qp')""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        boolean show = false, system = false, json = false;
        String node = null;
        QpState state = null;
        Integer qpn = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "list" -> {
                    if (i != 0) {
                        throw new UsageException("'list' comes first");
                    }
                }
                case "show" -> {
                    if (i != 0) {
                        throw new UsageException("'show' comes first");
                    }
                    show = true;
                }
                case "--system" -> system = true;
                case "--json" -> json = true;
                case "--node" -> node = value(args, ++i, a);
                case "--state" -> state = state(value(args, ++i, a));
                default -> {
                    if (a.startsWith("-") || !show || qpn != null) {
                        throw new UsageException("unknown argument '" + a + "'");
                    }
                    qpn = number(a);
                }
            }
        }
        if (show && qpn == null) {
            throw new UsageException("which QP: qp show QPN");
        }
        PrintWriter out = invocation.out();
        PrintWriter err = invocation.err();
        List<ResourceSource> from = sources.select(system);
        String why = Sources.unavailable(from, system);
        if (!why.isEmpty()) {
            err.println("infiniscope qp: " + (system ? "no system resource view: " : "") + why);
            err.flush();
            return ExitStatus.FAILURE;
        }
        List<QpResource> qps;
        List<CmIdResource> cm;
        try {
            qps = Sources.qps(from);
            cm = Sources.cmIds(from);
        } catch (IOException e) {
            err.println("infiniscope qp: " + e.getMessage());
            err.flush();
            return ExitStatus.FAILURE;
        }
        String n = node;
        QpState st = state;
        qps = qps.stream().filter(q -> n == null || q.node().equals(n) || q.device().equals(n))
                .filter(q -> st == null || q.state() == st).toList();
        if (show) {
            int want = qpn;
            List<QpResource> match = qps.stream().filter(q -> q.lqpn() == want).toList();
            if (match.isEmpty()) {
                err.println("infiniscope qp: no QP " + ResourceText.hex(want) + (node == null ? "" : " on " + node));
                err.flush();
                return ExitStatus.FAILURE;
            }
            if (match.size() > 1) {
                err.println("infiniscope qp: QP " + ResourceText.hex(want) + " is on "
                        + match.stream().map(QpResource::device).toList() + ": say which with --node");
                err.flush();
                return ExitStatus.FAILURE;
            }
            out.print(json
                    ? org.infiniscope.console.json.Json.write(ResourceJson.qp(match.get(0))) + "\n"
                    : ResourceText.qpDetail(match.get(0)));
        } else if (json) {
            out.println(system
                    ? ResourceJson.array(qps.stream().map(ResourceJson::rdmaQp).toList())
                    : ResourceJson.list(qps, cm));
        } else if (system) {
            qps.forEach(q -> out.println(ResourceText.rdmaQpLine(q)));
        } else {
            out.print(ResourceText.qpTable(qps));
            if (qps.isEmpty()) {
                err.println("infiniscope qp: no queue pairs"
                        + (node == null && state == null ? " on the simulated HCAs of this runtime" : " match"));
            }
            if (!cm.isEmpty()) {
                out.println();
                out.print(ResourceText.cmTable(cm));
            }
        }
        out.flush();
        err.flush();
        return ExitStatus.OK;
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static QpState state(String s) throws UsageException {
        try {
            return QpState.valueOf(s.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown QP state '" + s + "': RESET, INIT, RTR, RTS, SQD, SQE or ERR");
        }
    }

    private static int number(String s) throws UsageException {
        try {
            long v = s.startsWith("0x") || s.startsWith("0X") ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
            if (v < 0 || v > 0xFFFFFF) {
                throw new UsageException("QPN " + s + " is beyond 24 bits");
            }
            return (int) v;
        } catch (NumberFormatException e) {
            throw new UsageException("QPN '" + s + "' is not a number");
        }
    }
}
