package org.infiniscope.diag.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.MadRequest;

/**
 * The parsed command line of {@code route}: {@code [--fabric F] [-D] [-a] [-n] [-M] [-t TIMEOUT_MS] [--json] DEST
 * [STARTLID [ENDLID]]}, as ibroute takes it.
 *
 * @param fabric the {@code --fabric} value, or {@code null}
 * @param timeout how long to wait for each attempt of the switch's Gets
 * @param json whether to print JSON
 * @param all {@code -a}: every LID in the range, even those without a valid out port
 * @param brief {@code -n}: no destination resolving
 * @param multicast {@code -M}: the multicast forwarding table instead
 * @param destination the switch
 * @param startLid the first LID, 0 when not given
 * @param endLid the last LID, 0 for the switch's LinearFDBTop
 * @param nodeNameMap the {@code --node-name-map} file, or null
 */
record RouteArgs(String fabric, Duration timeout, boolean json, boolean all, boolean brief, boolean multicast,
        Destination destination, int startLid, int endLid, String nodeNameMap) {

    static RouteArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        boolean directed = false;
        boolean json = false;
        boolean all = false;
        boolean brief = false;
        boolean multicast = false;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        String nodeNameMap = null;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-D", "--Direct" -> directed = true;
                case "-a", "--all" -> all = true;
                case "-n", "--no_dests" -> brief = true;
                case "-M", "--Multicast" -> multicast = true;
                case "-t", "--timeout" -> timeout = SmpQueryArgs.timeout(SmpQueryArgs.value(args, ++i, arg));
                case "--json" -> json = true;
                case "--node-name-map" -> nodeNameMap = SmpQueryArgs.value(args, ++i, arg);
                default -> {
                    if (arg.startsWith("--fabric=")) {
                        fabric = arg.substring("--fabric=".length());
                    } else if (arg.startsWith("--node-name-map=")) {
                        nodeNameMap = arg.substring("--node-name-map=".length());
                    } else if (arg.startsWith("-") && arg.length() > 1) {
                        throw new UsageException("unknown option '" + arg + "'");
                    } else {
                        positional.add(arg);
                    }
                }
            }
        }
        if (fabric != null && fabric.isBlank()) {
            throw new UsageException("--fabric is empty: expected " + FabricChannels.CHOICES);
        }
        if (positional.isEmpty()) {
            throw new UsageException("missing DEST: a switch's LID, or with -D a directed route such as 0,1");
        }
        if (positional.size() > 3) {
            throw new UsageException("unexpected argument '" + positional.get(3) + "'");
        }
        Destination destination = destination(positional.get(0), directed);
        int start = positional.size() > 1 ? SmpQueryArgs.number(positional.get(1), "STARTLID", 0, 0xFFFF) : 0;
        int end = positional.size() > 2 ? SmpQueryArgs.number(positional.get(2), "ENDLID", 0, 0xFFFF) : 0;
        return new RouteArgs(fabric, timeout, json, all, brief, multicast, destination, start, end, nodeNameMap);
    }

    /** @return a LID, or with {@code directed} a route such as {@code 0,1,3} */
    static Destination destination(String text, boolean directed) throws UsageException {
        if (!directed) {
            if (text.contains(",")) {
                throw new UsageException("DEST '" + text + "' looks like a directed route: add -D");
            }
            return Destination.lid(SmpQueryArgs.number(text, "DEST (a LID)", 1, 0xFFFF));
        }
        String[] entries = text.split(",", -1);
        if (entries.length - 1 > Destination.MAX_HOPS) {
            throw new UsageException(
                    "DEST '" + text + "' has " + (entries.length - 1) + " hops, at most " + Destination.MAX_HOPS);
        }
        List<Integer> path = new ArrayList<>();
        for (String entry : entries) {
            path.add(SmpQueryArgs.number(entry, "the directed route '" + text + "'", 0, 255));
        }
        return Destination.directed(path);
    }
}
