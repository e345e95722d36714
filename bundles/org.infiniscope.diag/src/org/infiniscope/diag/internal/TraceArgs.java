package org.infiniscope.diag.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.MadRequest;

/**
 * The parsed command line of {@code trace}: {@code [--fabric F] [-n] [-G] [-t TIMEOUT_MS] [--json] SRC DST}, as
 * ibtracert takes it.
 *
 * @param fabric the {@code --fabric} value, or {@code null}
 * @param timeout how long to wait for each attempt of each SMP
 * @param json whether to print JSON
 * @param simple {@code -n}: GUIDs and port numbers only
 * @param guids {@code -G}: SRC and DST are port GUIDs, resolved to LIDs by the SA
 * @param source the source LID, or port GUID with {@code -G}
 * @param destination the destination LID, or port GUID with {@code -G}
 * @param nodeNameMap the {@code --node-name-map} file, or null
 */
record TraceArgs(String fabric, Duration timeout, boolean json, boolean simple, boolean guids, long source,
        long destination, String nodeNameMap) {

    static TraceArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        boolean json = false;
        boolean simple = false;
        boolean guids = false;
        String nodeNameMap = null;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-n", "--no_info" -> simple = true;
                case "-G", "--Guid" -> guids = true;
                case "--node-name-map" -> nodeNameMap = SmpQueryArgs.value(args, ++i, arg);
                case "-L", "--Lid" -> guids = false;
                case "-t", "--timeout" -> timeout = SmpQueryArgs.timeout(SmpQueryArgs.value(args, ++i, arg));
                case "--json" -> json = true;
                default -> {
                    if (arg.startsWith("--fabric=")) {
                        fabric = arg.substring("--fabric=".length());
                    } else if (arg.startsWith("-") && arg.length() > 1) {
                        throw new UsageException("unknown option '" + arg + "'");
                    } else {
                        positional.add(arg);
                    }
                }
            }
        }
        if (positional.size() != 2) {
            throw new UsageException(positional.size() < 2
                    ? "missing " + (positional.isEmpty() ? "SRC and DST" : "DST")
                            + ": two LIDs, or with -G two port GUIDs"
                    : "unexpected argument '" + positional.get(2) + "'");
        }
        long source = guids
                ? guid(positional.get(0), "SRC")
                : SmpQueryArgs.number(positional.get(0), "SRC (a LID)", 1, 0xBFFF);
        long destination = guids
                ? guid(positional.get(1), "DST")
                : SmpQueryArgs.number(positional.get(1), "DST (a LID)", 1, 0xBFFF);
        return new TraceArgs(fabric, timeout, json, simple, guids, source, destination, nodeNameMap);
    }

    private static long guid(String text, String what) throws UsageException {
        try {
            long guid = text.startsWith("0x") || text.startsWith("0X")
                    ? Long.parseUnsignedLong(text.substring(2), 16)
                    : Long.parseUnsignedLong(text);
            if (guid != 0) {
                return guid;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new UsageException(what + ": '" + text + "' is not a port GUID");
    }
}
