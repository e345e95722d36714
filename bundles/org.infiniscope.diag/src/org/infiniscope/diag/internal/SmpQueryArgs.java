package org.infiniscope.diag.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.MadRequest;

/**
 * The parsed command line of {@code smpquery}: {@code [--fabric F] [-D] [-t TIMEOUT_MS] [--json] OP DEST [PORT]};
 * options may come anywhere, as getopt allows.
 *
 * @param fabric the {@code --fabric} value, or {@code null} when not given
 * @param timeout how long to wait for each attempt
 * @param json whether to print JSON
 * @param op the operation
 * @param destination where to
 * @param port the port (PortInfo's attribute modifier), 0 when not given
 * @param nodeNameMap the {@code --node-name-map} file, or null
 */
record SmpQueryArgs(String fabric, Duration timeout, boolean json, SmpOp op, Destination destination, int port,
        String nodeNameMap) {

    /** Parses the arguments after the tool name. */
    static SmpQueryArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        boolean directed = false;
        boolean json = false;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        String nodeNameMap = null;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = value(args, ++i, arg);
                case "--node-name-map" -> nodeNameMap = value(args, ++i, arg);
                case "-D", "--Direct" -> directed = true;
                case "-t", "--timeout" -> timeout = timeout(value(args, ++i, arg));
                case "--json" -> json = true;
                case "--" -> positional.addAll(args.subList(i + 1, args.size()));
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
            if (arg.equals("--")) {
                break;
            }
        }
        if (fabric != null && fabric.isBlank()) {
            throw new UsageException("--fabric is empty: expected umad, umad:CA:PORT or ibsim:SOCKET[@NODE]");
        }
        if (positional.isEmpty()) {
            throw new UsageException("missing OP: one of " + SmpOp.choices());
        }
        SmpOp op = SmpOp.parse(positional.get(0)).orElseThrow(() -> new UsageException(
                "unknown operation '" + positional.get(0) + "': expected one of " + SmpOp.choices()));
        if (positional.size() < 2) {
            throw new UsageException("missing DEST: a LID, or with -D a directed route such as 0,1,3");
        }
        Destination destination = directed ? path(positional.get(1)) : lid(positional.get(1));
        int port = 0;
        if (positional.size() > 2) {
            if (!op.takesPort()) {
                throw new UsageException(op.id() + " takes no PORT, got '" + positional.get(2) + "'");
            }
            port = number(positional.get(2), "PORT", 0, 255);
        }
        if (positional.size() > 3) {
            throw new UsageException("unexpected argument '" + positional.get(3) + "'");
        }
        return new SmpQueryArgs(fabric, timeout, json, op, destination, port, nodeNameMap);
    }

    static String value(List<String> args, int index, String option) throws UsageException {
        if (index >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(index);
    }

    static Duration timeout(String text) throws UsageException {
        return Duration.ofMillis(number(text, "TIMEOUT_MS (-t)", 1, Integer.MAX_VALUE));
    }

    static Destination lid(String text) throws UsageException {
        if (text.contains(",")) {
            throw new UsageException("DEST '" + text + "' looks like a directed route: add -D");
        }
        return Destination.lid(number(text, "DEST (a LID)", 1, 0xFFFF));
    }

    static Destination path(String text) throws UsageException {
        String[] entries = text.split(",", -1);
        if (entries.length - 1 > Destination.MAX_HOPS) {
            throw new UsageException(
                    "DEST '" + text + "' has " + (entries.length - 1) + " hops, at most " + Destination.MAX_HOPS);
        }
        List<Integer> path = new ArrayList<>();
        for (String entry : entries) {
            path.add(number(entry, "the directed route '" + text + "'", 0, 255));
        }
        return Destination.directed(path);
    }

    /** A decimal number, or hexadecimal after {@code 0x}, as the tools read numbers. */
    static int number(String text, String what, int min, int max) throws UsageException {
        long value;
        try {
            value = text.startsWith("0x") || text.startsWith("0X")
                    ? Long.parseLong(text.substring(2), 16)
                    : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new UsageException(what + ": '" + text + "' is not a number");
        }
        if (value < min || value > max) {
            throw new UsageException(what + ": " + text + " is outside " + min + ".." + max);
        }
        return (int) value;
    }
}
