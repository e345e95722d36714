package org.infiniscope.sm.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.infiniscope.console.UsageException;

/** The {@code sm} tool's command line. */
record SmToolArgs(String fabric, SmSettings settings, boolean once, Path routes) {

    static SmToolArgs parse(List<String> args, String defaultFabric, Path defaultGuid2lid, Path cwd)
            throws UsageException {
        Path routes = null;
        String fabric = null;
        SmSettings s = SmSettings.defaults(defaultGuid2lid);
        boolean once = false;
        boolean guid2lidGiven = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String name = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            switch (name) {
                case "--once" -> once = true;
                case "--fabric" -> fabric = inline != null ? inline : value(args, ++i, name);
                case "--routing" -> {
                    try {
                        s = s.withRouting(Settings.chain(inline != null ? inline : value(args, ++i, name)));
                    } catch (IllegalArgumentException e) {
                        throw new UsageException("--routing: " + e.getMessage());
                    }
                }
                case "--priority" ->
                    s = s.withPriority(number(inline != null ? inline : value(args, ++i, name), name, 0, 15));
                case "--lmc" -> s = s.withLmc(number(inline != null ? inline : value(args, ++i, name), name, 0, 7));
                case "--guid2lid" -> {
                    s = s.withGuid2lid(cwd.resolve(inline != null ? inline : value(args, ++i, name)));
                    guid2lidGiven = true;
                }
                case "--routes" -> routes = cwd.resolve(inline != null ? inline : value(args, ++i, name));
                case "--sweep-interval" -> s = s.withTimers(
                        Duration.ofSeconds(number(inline != null ? inline : value(args, ++i, name), name, 0, 86400)),
                        s.pollInterval(), s.pollRetries());
                case "--poll-interval" -> s = s.withTimers(s.sweepInterval(),
                        Duration.ofMillis(number(inline != null ? inline : value(args, ++i, name), name, 1, 3_600_000)),
                        s.pollRetries());
                case "--window" -> {
                    int w = number(inline != null ? inline : value(args, ++i, name), name, 1, 4096);
                    s = new SmSettings(s.routing(), s.priority(), s.smKey(), s.mKey(), s.mKeyLease(), s.mKeyProtect(),
                            s.lmc(), s.guid2lid(), s.sweepInterval(), s.subnetPrefix(), s.pollInterval(),
                            s.pollRetries(), w, s.timeout(), s.retries(), s.subnetTimeout(), s.lifeTime());
                }
                case "--timeout" -> {
                    int ms = number(inline != null ? inline : value(args, ++i, name), name, 1, 60_000);
                    s = new SmSettings(s.routing(), s.priority(), s.smKey(), s.mKey(), s.mKeyLease(), s.mKeyProtect(),
                            s.lmc(), s.guid2lid(), s.sweepInterval(), s.subnetPrefix(), s.pollInterval(),
                            s.pollRetries(), s.window(), Duration.ofMillis(ms), s.retries(), s.subnetTimeout(),
                            s.lifeTime());
                }
                default -> throw new UsageException(
                        arg.startsWith("-") ? "unknown option '" + arg + "'" : "unexpected argument '" + arg + "'");
            }
        }
        String f = fabric != null ? fabric : defaultFabric;
        if (f == null || f.isBlank()) {
            throw new UsageException("no fabric: give --fabric " + FabricChannels.CHOICES);
        }
        if (!guid2lidGiven) { // the default file: one per simulated topology, as the runtime's SM service has
            s = s.withGuid2lid(Settings.forFabric(s.guid2lid(), f));
        }
        return new SmToolArgs(f, s, once, routes);
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static int number(String text, String option, int min, int max) throws UsageException {
        try {
            int v = Integer.parseInt(text);
            if (v < min || v > max) {
                throw new UsageException(option + " " + v + " is not " + min + ".." + max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " '" + text + "' is not a number");
        }
    }
}
