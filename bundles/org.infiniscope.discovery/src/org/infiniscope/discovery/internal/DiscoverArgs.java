package org.infiniscope.discovery.internal;

import java.time.Duration;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.SweepOptions;

/**
 * The arguments of {@code discover}: ibnetdiscover's {@code -l/-H/-S/-R}, {@code -p}, {@code -g}, {@code -m},
 * {@code --node-name-map}, {@code --cache}, {@code --load-cache}, {@code --diff}, {@code --diffcheck}, {@code -o},
 * {@code -t} and its {@code [topology-file]}, plus {@code -y/--m_key}, {@code --fabric}, {@code --retries},
 * {@code --progress} and {@code --json}.
 *
 * @param fabric the {@code --fabric}, or null for the launcher's
 * @param list the node types to list, in order; empty for the topology file
 * @param json whether to print JSON
 * @param options the sweep's window, time-out, retries and M_Key
 * @param ports {@code -p}: the ports report
 * @param grouping {@code -g}
 * @param maxHops {@code -m}: the max hops and MADs lines in the topology's header
 * @param nodeNameMap the {@code --node-name-map} file, or null
 * @param cache the {@code --cache} file to write, or null
 * @param loadCache the {@code --load-cache} file to print instead of sweeping, or null
 * @param diff the {@code --diff} cache file, or null
 * @param diffChecks the {@code --diffcheck} flags ({@link IbnetdiscoverDiff})
 * @param output the topology file to write instead of standard output, or null
 * @param progress whether {@code --progress} asks for progress lines even when the error stream is no terminal
 * @param show {@code -s}/{@code --show}: a line for each NodeInfo answer of the sweep, as ibnetdiscover prints them
 */
record DiscoverArgs(String fabric, List<Integer> list, boolean json, SweepOptions options, boolean ports,
        boolean grouping, boolean maxHops, String nodeNameMap, String cache, String loadCache, String diff,
        int diffChecks, String output, boolean progress, boolean show) {

    static DiscoverArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        List<Integer> list = List.of();
        boolean json = false;
        boolean ports = false;
        boolean grouping = false;
        boolean maxHops = false;
        String nodeNameMap = null;
        String cache = null;
        String loadCache = null;
        String diff = null;
        int diffChecks = IbnetdiscoverDiff.DEFAULT;
        String output = null;
        int window = SweepOptions.DEFAULT.window();
        long timeout = SweepOptions.DEFAULT.timeout().toMillis();
        int retries = SweepOptions.DEFAULT.retries();
        long mKey = 0;
        boolean progress = false;
        boolean show = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                value = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            switch (arg) {
                case "-l", "--list" -> list = List.of(DiscoveredNode.CA, DiscoveredNode.SWITCH, DiscoveredNode.ROUTER);
                case "-H", "--Hca_list" -> list = List.of(DiscoveredNode.CA);
                case "-S", "--Switch_list" -> list = List.of(DiscoveredNode.SWITCH);
                case "-R", "--Router_list" -> list = List.of(DiscoveredNode.ROUTER);
                case "--json" -> json = true;
                case "-p", "--ports" -> ports = true;
                case "-g", "--grouping" -> grouping = true;
                case "-m", "--max_hops" -> maxHops = true;
                case "--node-name-map" -> nodeNameMap = value != null ? value : next(args, ++i, arg);
                case "--cache" -> cache = value != null ? value : next(args, ++i, arg);
                case "--load-cache" -> loadCache = value != null ? value : next(args, ++i, arg);
                case "--diff" -> diff = value != null ? value : next(args, ++i, arg);
                case "--diffcheck" ->
                    diffChecks = IbnetdiscoverDiff.checks(value != null ? value : next(args, ++i, arg));
                case "--fabric" -> fabric = value != null ? value : next(args, ++i, arg);
                case "-o", "--outstanding_smps" ->
                    window = number(value != null ? value : next(args, ++i, arg), arg, 1, 4096);
                case "-t", "--timeout" ->
                    timeout = number(value != null ? value : next(args, ++i, arg), arg, 1, 3_600_000);
                case "--retries" -> retries = number(value != null ? value : next(args, ++i, arg), arg, 0, 100);
                case "-y", "--m_key" -> mKey = SweepArgs.key(value != null ? value : next(args, ++i, arg), arg);
                case "--progress" -> progress = true;
                case "-s", "--show" -> show = true;
                default -> {
                    if (arg.startsWith("-") && arg.length() > 1) {
                        throw new UsageException("unknown option '" + arg + "'");
                    }
                    if (output != null) {
                        throw new UsageException(
                                "unexpected argument '" + arg + "': the topology file is already '" + output + "'");
                    }
                    output = arg;
                }
            }
        }
        return new DiscoverArgs(fabric, list, json, new SweepOptions(window, Duration.ofMillis(timeout), retries, mKey),
                ports, grouping, maxHops, nodeNameMap, cache, loadCache, diff, diffChecks, output, progress, show);
    }

    private static String next(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException("option '" + option + "' needs a value");
        }
        return args.get(i);
    }

    private static int number(String text, String option, int min, int max) throws UsageException {
        try {
            int n = Integer.parseInt(text);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("option '" + option + "': '" + text + "' is not a number from " + min + " to " + max);
    }
}
