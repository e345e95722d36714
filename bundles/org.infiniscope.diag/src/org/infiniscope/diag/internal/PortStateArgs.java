package org.infiniscope.diag.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.MadRequest;

/**
 * The parsed command line of {@code portstate}: {@code [--fabric F] [-D] [-t MS] [--json] [--force] DEST PORT [OP
 * ...]}, as ibportstate takes it: at most one state operation (query, enable, disable, reset, on, off, down, arm,
 * active) and any of the value settings (speed, espeed, width, vls, mtu, lid, smlid, lmc), each with its value.
 *
 * @param fabric the {@code --fabric} value, or {@code null}
 * @param timeout how long to wait for each attempt of each SMP
 * @param json whether to print JSON
 * @param force whether to change the port even when it carries this tool's or the SM's traffic
 * @param destination the node
 * @param port the port number
 * @param op the state operation ({@link Op#QUERY} when none was given)
 * @param values the settings given, by their name, in the order typed
 * @param showKeys {@code -K}: print the M_Key instead of hiding it
 * @param mKey {@code -y}: the M_Key the SMPs carry
 */
record PortStateArgs(String fabric, Duration timeout, boolean json, boolean force, Destination destination, int port,
        Op op, Map<String, Long> values, boolean showKeys, long mKey) {

    /** The settings of the M_Key fields, which a switch has on port 0 alone. */
    static final List<String> M_KEY_FIELDS = List.of("mkey", "mkeylease", "mkeyprot");

    /** ibportstate's operations without a value. */
    enum Op {
        QUERY,
        ENABLE,
        RESET,
        DISABLE,
        DOWN,
        ARM,
        ACTIVE,
        ON,
        OFF;

        String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** @return whether the operation takes the link down (these are refused on the tool's and the SM's path) */
        boolean breaksLink() {
            return this == DISABLE || this == RESET || this == OFF || this == DOWN;
        }
    }

    /** Copies the settings. */
    PortStateArgs {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** @return whether anything is set: a state operation or a value */
    boolean changes() {
        return op != Op.QUERY || !values.isEmpty();
    }

    static PortStateArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        boolean directed = false;
        boolean json = false;
        boolean force = false;
        boolean showKeys = false;
        long mKey = 0;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-D", "--Direct" -> directed = true;
                case "-t", "--timeout" -> timeout = SmpQueryArgs.timeout(SmpQueryArgs.value(args, ++i, arg));
                case "--json" -> json = true;
                case "--force" -> force = true;
                case "-K", "--show_keys" -> showKeys = true;
                case "-y", "--m_key" -> mKey = key(SmpQueryArgs.value(args, ++i, arg), arg);
                default -> {
                    if (arg.startsWith("--fabric=")) {
                        fabric = arg.substring("--fabric=".length());
                    } else if (arg.startsWith("-") && arg.length() > 1 && !isNumber(arg)) {
                        throw new UsageException("unknown option '" + arg + "'");
                    } else {
                        positional.add(arg);
                    }
                }
            }
        }
        if (positional.size() < 2) {
            throw new UsageException("missing " + (positional.isEmpty() ? "DEST and PORT" : "PORT")
                    + ": a LID (or with -D a directed route such as 0,1) and a port number");
        }
        Destination destination = directed ? SmpQueryArgs.path(positional.get(0)) : SmpQueryArgs.lid(positional.get(0));
        int port = SmpQueryArgs.number(positional.get(1), "PORT", 0, 254);
        Op op = null;
        Map<String, Long> values = new LinkedHashMap<>();
        for (int i = 2; i < positional.size(); i++) {
            String word = positional.get(i);
            Op state = stateOp(word);
            if (state != null) {
                if (op != null) {
                    throw new UsageException(word + ": only one of query, enable, disable, reset, on, off, down, arm,"
                            + " active can be given");
                }
                op = state;
                continue;
            }
            long max = switch (word) {
                case "speed" -> 15;
                case "espeed" -> 31;
                case "width" -> 255;
                case "vls", "mtu" -> 5;
                case "lid", "smlid" -> 0xBFFF;
                case "lmc" -> 7;
                case "mkeylease" -> 0xFFFF;
                case "mkeyprot" -> 3;
                case "fdr10" -> 1;
                case "mkey" -> -1; // all 64 bits
                default -> throw new UsageException("invalid operation: " + word + " (expected query, enable,"
                        + " disable, reset, on, off, down, arm, active, speed, espeed, width, vls, mtu, lid, smlid,"
                        + " lmc, fdr10, mkey, mkeylease or mkeyprot)");
            };
            if (++i >= positional.size()) {
                throw new UsageException(word + " requires an additional parameter");
            }
            long value = max < 0
                    ? key(positional.get(i), "new M_Key")
                    : SmpQueryArgs.number(positional.get(i), word, 0, (int) max);
            boolean invalid = switch (word) {
                case "width" -> value > 31 && value != 255;
                case "vls", "mtu", "lid", "smlid" -> value == 0;
                default -> false;
            };
            if (invalid) {
                throw new UsageException("invalid " + word + " value " + value);
            }
            values.put(word, value);
        }
        return new PortStateArgs(fabric, timeout, json, force, destination, port, op == null ? Op.QUERY : op, values,
                showKeys, mKey);
    }

    /** @return a 64-bit key as strtoull reads it with base 0 (0x hex, leading 0 octal, else decimal) */
    static long key(String text, String what) throws UsageException {
        try {
            String t = text.toLowerCase(java.util.Locale.ROOT);
            if (t.startsWith("0x")) {
                return Long.parseUnsignedLong(t.substring(2), 16);
            }
            return t.length() > 1 && t.startsWith("0")
                    ? Long.parseUnsignedLong(t.substring(1), 8)
                    : Long.parseUnsignedLong(t);
        } catch (NumberFormatException e) {
            throw new UsageException("Bad " + what + ": '" + text + "' is not a 64-bit number");
        }
    }

    private static Op stateOp(String word) {
        for (Op op : Op.values()) {
            if (op.id().equals(word)) {
                return op;
            }
        }
        return null;
    }

    private static boolean isNumber(String text) {
        return text.length() > 1 && text.substring(1).chars().allMatch(Character::isDigit);
    }
}
