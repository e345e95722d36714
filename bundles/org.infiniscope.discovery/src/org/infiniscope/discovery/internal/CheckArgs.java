package org.infiniscope.discovery.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.check.Check;

/**
 * The arguments of {@code check}.
 *
 * @param fabric the {@code --fabric}, or null for the launcher's
 * @param checks the checks to run
 * @param plan the cabling plan's file, or null
 * @param byGuid match the plan by node GUID
 * @param waitSeconds the grace period before a second sweep tells stuck ports from ports coming up (0: none)
 * @param json print JSON
 * @param options the sweeps' window, time-out and retries
 */
record CheckArgs(String fabric, Set<Check> checks, Path plan, boolean byGuid, int waitSeconds, boolean json,
        SweepOptions options) {

    static CheckArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        Set<Check> checks = null;
        Path plan = null;
        boolean byGuid = false;
        int wait = 0;
        boolean json = false;
        int window = SweepOptions.DEFAULT.window();
        long timeout = SweepOptions.DEFAULT.timeout().toMillis();
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
                case "--fabric" -> fabric = value != null ? value : next(args, ++i, arg);
                case "--checks" -> checks = checks(value != null ? value : next(args, ++i, arg));
                case "--plan" -> plan = Path.of(value != null ? value : next(args, ++i, arg));
                case "--by-guid" -> byGuid = true;
                case "--wait" -> wait = number(value != null ? value : next(args, ++i, arg), arg, 0, 3600);
                case "--json" -> json = true;
                case "-o", "--outstanding_smps" ->
                    window = number(value != null ? value : next(args, ++i, arg), arg, 1, 4096);
                case "-t", "--timeout" ->
                    timeout = number(value != null ? value : next(args, ++i, arg), arg, 1, 3_600_000);
                case "--retries" -> retries = number(value != null ? value : next(args, ++i, arg), arg, 0, 100);
                default -> throw new UsageException(arg.startsWith("-")
                        ? "unknown option '" + arg + "'"
                        : "unexpected argument '" + arg + "': give the cabling plan with --plan FILE");
            }
        }
        if (checks == null) {
            checks = plan != null ? EnumSet.allOf(Check.class) : EnumSet.of(Check.DUP, Check.SPEED, Check.STUCK);
        } else if (checks.contains(Check.PLAN) && plan == null) {
            throw new UsageException(
                    "the plan check needs --plan FILE (a topology file: ibnetdiscover's output or a " + "net file)");
        }
        if (byGuid && plan == null) {
            throw new UsageException("--by-guid matches the fabric with a plan: give --plan FILE");
        }
        return new CheckArgs(fabric, checks, plan, byGuid, wait, json,
                new SweepOptions(window, Duration.ofMillis(timeout), retries));
    }

    private static Set<Check> checks(String list) throws UsageException {
        Set<Check> checks = EnumSet.noneOf(Check.class);
        for (String key : list.split(",")) {
            if (key.isBlank()) {
                continue;
            }
            checks.add(Check.ofKey(key).orElseThrow(() -> new UsageException(
                    "--checks: unknown check '" + key + "': expected dup, speed, stuck, plan")));
        }
        if (checks.isEmpty()) {
            throw new UsageException("--checks: no check named: expected some of dup, speed, stuck, plan");
        }
        return checks;
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
