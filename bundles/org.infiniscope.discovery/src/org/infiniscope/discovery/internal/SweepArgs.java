package org.infiniscope.discovery.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.SweepOptions;

/**
 * The arguments of a tool that sweeps the fabric and prints from the snapshot: {@code --fabric}, {@code -o},
 * {@code -t}, {@code --retries}, {@code -y/--m_key}, {@code --progress}, {@code --node-name-map}, and the tool's own
 * flags.
 *
 * @param fabric the {@code --fabric}, or null for the launcher's
 * @param flags the tool's flags given, by their canonical name
 * @param options the sweep's window, time-out and retries
 * @param nodeNameMap the {@code --node-name-map} file, or null
 */
record SweepArgs(String fabric, Set<String> flags, SweepOptions options, String nodeNameMap) {

    /** The flag {@code --progress} gives: progress lines on the error stream even when it is not a terminal. */
    static final String PROGRESS = "--progress";

    /**
     * @param tool the tool's name, for messages
     * @param flags the tool's flags: each spelling to its canonical name
     */
    static SweepArgs parse(String tool, List<String> args, Map<String, String> flags) throws UsageException {
        String fabric = null;
        String nodeNameMap = null;
        Set<String> given = new TreeSet<>();
        int window = SweepOptions.DEFAULT.window();
        long timeout = SweepOptions.DEFAULT.timeout().toMillis();
        int retries = SweepOptions.DEFAULT.retries();
        long mKey = 0;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                value = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            if (flags.containsKey(arg) && value == null) {
                given.add(flags.get(arg));
                continue;
            }
            switch (arg) {
                case "--fabric" -> fabric = value != null ? value : next(args, ++i, arg);
                case "--node-name-map" -> nodeNameMap = value != null ? value : next(args, ++i, arg);
                case "-o", "--outstanding_smps" ->
                    window = number(value != null ? value : next(args, ++i, arg), arg, 1, 4096);
                case "-t", "--timeout" ->
                    timeout = number(value != null ? value : next(args, ++i, arg), arg, 1, 3_600_000);
                case "--retries" -> retries = number(value != null ? value : next(args, ++i, arg), arg, 0, 100);
                case "--progress" -> given.add(PROGRESS);
                case "-y", "--m_key" -> mKey = key(value != null ? value : next(args, ++i, arg), arg);
                default -> throw new UsageException(arg.startsWith("-")
                        ? "unknown option '" + arg + "'"
                        : "unexpected argument '" + arg + "': " + tool + " sweeps the fabric and reads no file");
            }
        }
        return new SweepArgs(fabric, given, new SweepOptions(window, Duration.ofMillis(timeout), retries, mKey),
                nodeNameMap);
    }

    private static String next(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException("option '" + option + "' needs a value");
        }
        return args.get(i);
    }

    /** An M_Key as the diags take it: hexadecimal with 0x, else decimal; 64 bits, never echoed in an error. */
    static long key(String text, String option) throws UsageException {
        try {
            return text.startsWith("0x") || text.startsWith("0X")
                    ? Long.parseUnsignedLong(text.substring(2), 16)
                    : Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            throw new UsageException("option '" + option + "' needs a 64-bit key (0x-prefixed hexadecimal or decimal)");
        }
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
