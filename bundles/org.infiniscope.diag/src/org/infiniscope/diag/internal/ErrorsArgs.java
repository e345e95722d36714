package org.infiniscope.diag.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadRequest;

/**
 * The parsed command line of {@code errors}, ibqueryerrors' options: {@code -s LIST}, {@code -c}, {@code
 * --threshold-file FILE}, {@code --data}, {@code --counters}, {@code -k}, {@code -K}, {@code --switch}, {@code --ca},
 * {@code --router}, and the sweep's {@code -o}, {@code -t}, {@code --retries}.
 *
 * @param fabric the {@code --fabric} value, or {@code null}
 * @param sweep the sweep's window, time-out and retries
 * @param timeout how long each PMA query waits for each attempt
 * @param json whether to print JSON
 * @param suppressed the counters not reported, in the order given
 * @param thresholdFile the threshold file given, or {@code null} for ibqueryerrors' default
 * @param data {@code --data}: the data counters too, for ports with errors
 * @param countersOnly {@code --counters}: only the data counters, of every port
 * @param clearErrors {@code -k}: clear the error counters after reading them
 * @param clearCounts {@code -K}: clear the data counters after reading them
 * @param types the node types to check (bits: 1 CA, 2 switch, 4 router); all when none was given
 * @param reportPort {@code -r}: the link of each port reported, as iblinkinfo shows it
 * @param nodeNameMap the {@code --node-name-map} file, or null
 */
record ErrorsArgs(String fabric, SweepOptions sweep, Duration timeout, boolean json, List<String> suppressed,
        Path thresholdFile, boolean data, boolean countersOnly, boolean clearErrors, boolean clearCounts, int types,
        boolean reportPort, String nodeNameMap) {

    /** Copies. */
    ErrorsArgs {
        suppressed = List.copyOf(suppressed);
    }

    /** @return whether nodes of this type are checked */
    boolean wants(int nodeType) {
        int bit = switch (nodeType) {
            case DiscoveredNode.CA -> 1;
            case DiscoveredNode.SWITCH -> 2;
            case DiscoveredNode.ROUTER -> 4;
            default -> 0;
        };
        return types == 0 || (types & bit) != 0;
    }

    static ErrorsArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        boolean json = false;
        List<String> suppressed = new ArrayList<>();
        Path thresholdFile = null;
        boolean data = false;
        boolean countersOnly = false;
        boolean clearErrors = false;
        boolean clearCounts = false;
        int types = 0;
        boolean reportPort = false;
        String nodeNameMap = null;
        int window = SweepOptions.DEFAULT.window();
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        int retries = SweepOptions.DEFAULT.retries();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                value = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            switch (arg) {
                case "--fabric" -> fabric = value != null ? value : SmpQueryArgs.value(args, ++i, arg);
                case "--json" -> json = true;
                case "-s", "--suppress" -> {
                    String list = value != null ? value : SmpQueryArgs.value(args, ++i, arg);
                    for (String name : list.split(",")) {
                        if (name.isEmpty()) {
                            continue;
                        }
                        if (!Errors.SUPPRESSIBLE.contains(name)) {
                            throw new UsageException("-s: '" + name + "' is no PortCounters field; expected some of "
                                    + String.join(", ", Errors.SUPPRESSIBLE));
                        }
                        suppressed.add(name);
                    }
                }
                case "-c", "--suppress-common" -> suppressed.add("PortRcvSwitchRelayErrors");
                case "--threshold-file" ->
                    thresholdFile = Path.of(value != null ? value : SmpQueryArgs.value(args, ++i, arg));
                case "--data" -> data = true;
                case "--node-name-map" -> nodeNameMap = value != null ? value : SmpQueryArgs.value(args, ++i, arg);
                case "-r", "--report-port" -> reportPort = true;
                case "--counters" -> countersOnly = true;
                case "-k", "--clear-errors" -> clearErrors = true;
                case "-K", "--clear-counts" -> clearCounts = true;
                case "--switch" -> types |= 2;
                case "--ca" -> types |= 1;
                case "--router" -> types |= 4;
                case "-R", "--GNDN", "--skip-sl" -> {
                    // ibqueryerrors' no-ops: the SL of each destination is not needed to send a PMA query here
                }
                case "-o", "--outstanding_smps" -> window = SmpQueryArgs
                        .number(value != null ? value : SmpQueryArgs.value(args, ++i, arg), arg, 1, 4096);
                case "-t", "--timeout" ->
                    timeout = SmpQueryArgs.timeout(value != null ? value : SmpQueryArgs.value(args, ++i, arg));
                case "--retries" -> retries = SmpQueryArgs
                        .number(value != null ? value : SmpQueryArgs.value(args, ++i, arg), arg, 0, 100);
                default -> throw new UsageException(arg.startsWith("-")
                        ? "unknown option '" + arg + "'"
                        : "unexpected argument '" + arg + "': errors sweeps the whole fabric");
            }
        }
        return new ErrorsArgs(fabric, new SweepOptions(window, timeout, retries), timeout, json, suppressed,
                thresholdFile, data, countersOnly, clearErrors, clearCounts, types, reportPort, nodeNameMap);
    }
}
