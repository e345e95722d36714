package org.infiniscope.lab.umad;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.lab.umad.BuiltLauncher.Output;

/**
 * One parity run: a server of one kind serves a fabric, OpenSM brings the subnet up, and the infiniband-diags tools
 * print what they see. The outputs are keyed by tool and by node names, not LIDs, so that two runs compare key by
 * key; what varies from run to run whatever the server (ibnetdiscover's date, process IDs in warnings) is
 * normalised here, and nothing else.
 */
final class Parity {

    /** How long OpenSM's log must stay unchanged before the tools run: longer than a trap's resend time (1.1 s). */
    private static final Duration QUIET = Duration.ofSeconds(2);
    /** How long a tool may take; the fabrics of the lab answer in well under a second. */
    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(60);
    /** ibnetdiscover's header line of a node, with its description and (for switches) its LID. */
    private static final Pattern NODE_LINE = Pattern
            .compile("^(Switch|Ca|Rt)\\s+\\d+\\s+\"[^\"]*\"\\s+#\\s+\"(.*?)\"(?:.*\\blid (\\d+))?.*");
    /** ibnetdiscover's line of a CA port: its LID comes after the comment mark. */
    private static final Pattern CA_PORT_LINE = Pattern.compile("^\\[1\\].*#\\s+lid (\\d+) lmc.*");
    private static final Pattern DATE = Pattern.compile("(?m)^(# Topology file: generated on ).*$");
    private static final Pattern PID = Pattern.compile("(ib(?:warn|panic|error|debug)[^\\[]*)\\[\\d+\\]");

    /**
     * What a run covers beyond the whole-fabric tools.
     *
     * @param maxSwitches how many switches {@code ibroute} reads (in file order; all when there are fewer)
     * @param pairs how many host pairs {@code ibtracert} and {@code saquery PR} follow
     */
    record Plan(int maxSwitches, int pairs) {

        /** Every switch, four pairs. */
        static final Plan FULL = new Plan(Integer.MAX_VALUE, 4);
    }

    /**
     * What one server's run printed.
     *
     * @param outputs tool and arguments (by node name) to the normalised text, in run order
     * @param subnetUp how long OpenSM took to SUBNET UP
     */
    record Result(FabricServer.Kind kind, Map<String, String> outputs, Duration subnetUp) {
    }

    private Parity() {
    }

    /**
     * Serves the fabric with a server of {@code kind}, starts OpenSM on its first host and runs the tools from its
     * second host.
     *
     * @throws IOException when the server does not start, OpenSM does not reach SUBNET UP (the message holds its
     *         log's last lines and the server's) or ibnetdiscover does not find the LIDs the other tools need
     */
    static Result run(Path scratch, ParityFabric fabric, FabricServer.Kind kind, Plan plan, Duration smTimeout)
            throws IOException, InterruptedException {
        Path dir = scratch.resolve(kind.label());
        for (int i = 2; Files.exists(dir); i++) {
            dir = scratch.resolve(kind.label() + "-" + i); // ibsim against itself: a folder each
        }
        Files.createDirectories(dir);
        try (FabricServer server = kind.start(dir, fabric.net(), fabric.large(), Duration.ofSeconds(60))) {
            OpenSm sm;
            try {
                sm = OpenSm.start(dir, server.attach(fabric.smHost()), smTimeout);
            } catch (IOException e) {
                throw new IOException(kind.label() + " on " + fabric.name() + ": " + e.getMessage()
                        + "\n--- the server's last lines:\n" + server.logTail(), e);
            }
            try (sm) {
                // the simulator's switches send trap 128 after OpenSM's link bounces, which starts a second sweep
                sm.awaitQuiet(QUIET, smTimeout);
                Map<String, String> attach = server.attach(fabric.toolHost());
                Map<String, String> outputs = new LinkedHashMap<>();
                String discovered = tool(dir, attach, "ibnetdiscover");
                outputs.put("ibnetdiscover", discovered);
                Map<String, Integer> lids = lids(discovered);
                outputs.put("iblinkinfo", tool(dir, attach, "iblinkinfo"));
                outputs.put("ibqueryerrors", tool(dir, attach, "ibqueryerrors"));
                String sw0 = fabric.switches().getFirst();
                String swN = fabric.switches().getLast();
                String host = lid(lids, fabric, fabric.toolHost());
                outputs.put("smpquery nodeinfo " + fabric.toolHost(), tool(dir, attach, "smpquery", "nodeinfo", host));
                outputs.put("smpquery portinfo " + fabric.toolHost() + " 1",
                        tool(dir, attach, "smpquery", "portinfo", host, "1"));
                outputs.put("smpquery nodeinfo " + sw0,
                        tool(dir, attach, "smpquery", "nodeinfo", lid(lids, fabric, sw0)));
                outputs.put("smpquery switchinfo " + sw0,
                        tool(dir, attach, "smpquery", "switchinfo", lid(lids, fabric, sw0)));
                for (String[] port : List.of(new String[]{fabric.toolHost(), "1"}, new String[]{sw0, "1"},
                        new String[]{swN, "1"})) {
                    outputs.put("perfquery " + port[0] + " " + port[1],
                            tool(dir, attach, "perfquery", lid(lids, fabric, port[0]), port[1]));
                }
                for (String sw : fabric.switches().subList(0, Math.min(plan.maxSwitches(), fabric.switches().size()))) {
                    outputs.put("ibroute " + sw, tool(dir, attach, "ibroute", lid(lids, fabric, sw)));
                }
                for (String[] pair : pairs(fabric.hosts(), plan.pairs())) {
                    String a = lid(lids, fabric, pair[0]);
                    String b = lid(lids, fabric, pair[1]);
                    outputs.put("ibtracert " + pair[0] + " " + pair[1], tool(dir, attach, "ibtracert", a, b));
                    outputs.put("saquery PR " + pair[0] + " " + pair[1],
                            tool(dir, attach, "saquery", "PR", "--src-to-dst", a + ":" + b));
                }
                outputs.put("opensm log", sm.events());
                return new Result(kind, outputs, sm.timeToSubnetUp());
            }
        }
    }

    /** @return host pairs spread over the list: second to last, last to first, middle to second, ... */
    static List<String[]> pairs(List<String> hosts, int count) {
        int n = hosts.size();
        List<String[]> pairs = new ArrayList<>();
        int[][] picks = {{1, n - 1}, {n - 1, 0}, {n / 2, 1}, {n / 3, 2 * n / 3}};
        for (int i = 0; i < Math.min(count, picks.length); i++) {
            if (picks[i][0] != picks[i][1]) {
                pairs.add(new String[]{hosts.get(picks[i][0]), hosts.get(picks[i][1])});
            }
        }
        return pairs;
    }

    /** @return description to LID, as ibnetdiscover printed them (a switch's port 0, a CA's port 1) */
    static Map<String, Integer> lids(String ibnetdiscover) {
        Map<String, Integer> lids = new HashMap<>();
        String current = null;
        for (String line : ibnetdiscover.split("\n")) {
            Matcher node = NODE_LINE.matcher(line);
            if (node.matches()) {
                current = node.group(1).equals("Switch") ? null : node.group(2);
                if (node.group(1).equals("Switch") && node.group(3) != null) {
                    lids.put(node.group(2), Integer.parseInt(node.group(3)));
                }
                continue;
            }
            Matcher port = CA_PORT_LINE.matcher(line);
            if (current != null && port.matches()) {
                lids.putIfAbsent(current, Integer.parseInt(port.group(1)));
            }
        }
        return lids;
    }

    private static String lid(Map<String, Integer> lids, ParityFabric fabric, String node) throws IOException {
        Integer lid = lids.get(fabric.description(node));
        if (lid == null || lid == 0) {
            throw new IOException("ibnetdiscover gave no LID for " + node + " of " + fabric.name());
        }
        return lid.toString();
    }

    /**
     * Runs a tool attached to the server and returns its output, normalised: standard output, then standard error
     * and the exit status when there are any (a crash of umad2sim's, or a time-out of libibmad's, is run again:
     * {@link LabRun#run}).
     */
    static String tool(Path dir, Map<String, String> attach, String... command)
            throws IOException, InterruptedException {
        List<String> line = new ArrayList<>(List.of(command));
        line.set(0, Lab.tool(command[0]));
        Output output = LabRun.run(dir, line, attach, command[0], TOOL_TIMEOUT);
        String text = normalise(output.text(), output.err());
        return output.status() == 0 ? text : text + "\n--- exit " + output.status();
    }

    /** Takes out what differs between any two runs: ibnetdiscover's date, the process IDs libibmad prints. */
    static String normalise(String out, String err) {
        String text = DATE.matcher(out).replaceAll("$1<date>");
        String warnings = PID.matcher(err).replaceAll("$1[pid]");
        return warnings.isEmpty() ? text : text + "\n--- stderr\n" + warnings;
    }
}
