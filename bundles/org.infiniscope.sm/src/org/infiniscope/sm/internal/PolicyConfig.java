package org.infiniscope.sm.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.infiniscope.console.UsageException;
import org.infiniscope.sm.partition.PartitionsException;
import org.infiniscope.sm.partition.PkeyOptions;
import org.infiniscope.sm.partition.PkeyOptions.Enforcement;
import org.infiniscope.sm.partition.QosOptions;

/**
 * The partition and QoS options, by OpenSM's names: from an {@code opensm.conf}-style file ({@code qos},
 * {@code qos_*}, {@code partition_config_file}, {@code allow_both_pkeys}, {@code keep_pkey_indexes},
 * {@code part_enforce}; other keys are left to whoever reads them) and from the {@code sm} tool's options, which win.
 */
final class PolicyConfig {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PolicyConfig.class);

    private PolicyConfig() {
    }

    /**
     * Takes the partition and QoS options out of a command line.
     *
     * @param args the whole command line; the options it takes are removed from it
     * @param cwd the folder relative files resolve against; {@code .infiniscope/sm/partitions.conf} there is the
     *        partitions file by default (the one {@code sm partitions} edits), used when it exists
     */
    static PolicySettings fromArgs(List<String> args, Path cwd) throws UsageException {
        Path partitions = null;
        Path config = null;
        Boolean qos = null;
        Boolean allowBoth = null;
        Boolean keep = null;
        Enforcement enforce = null;
        Duration limit = null;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String name = arg.startsWith("--") && eq > 0 ? arg.substring(0, eq) : arg;
            String inline = arg.startsWith("--") && eq > 0 ? arg.substring(eq + 1) : null;
            switch (name) {
                case "--partitions" -> partitions = cwd.resolve(inline != null ? inline : value(args, ++i, name));
                case "--config" -> config = cwd.resolve(inline != null ? inline : value(args, ++i, name));
                case "--qos" -> qos = inline == null || bool(inline, name);
                case "--allow_both_pkeys" -> allowBoth = inline == null || bool(inline, name);
                case "--keep_pkey_indexes" -> keep = bool(inline != null ? inline : value(args, ++i, name), name);
                case "--routing-time-limit" -> limit = seconds(inline != null ? inline : value(args, ++i, name), name);
                case "--part_enforce" -> enforce = enforcement(inline != null ? inline : value(args, ++i, name), name);
                default -> rest.add(arg);
            }
        }
        args.clear();
        args.addAll(rest);
        PolicySettings base;
        if (config != null) {
            try {
                base = read(Files.readString(config), config.toString(), cwd);
            } catch (IOException e) {
                throw new UsageException("--config " + config + ": cannot be read: " + e.getMessage());
            } catch (PartitionsException e) {
                throw new UsageException("--config " + e.getMessage());
            }
        } else {
            base = PolicySettings.defaults(null);
        }
        if (partitions == null) {
            partitions = base.partitions() != null
                    ? base.partitions()
                    : cwd.resolve(org.infiniscope.sm.internal.partition.PartitionsCommand.DEFAULT_FILE);
        }
        PkeyOptions p = base.pkeys();
        p = new PkeyOptions(allowBoth != null ? allowBoth : p.allowBothPkeys(),
                keep != null ? keep : p.keepPkeyIndexes(), enforce != null ? enforce : p.partEnforce());
        QosOptions q = base.qos();
        if (qos != null) {
            q = new QosOptions(qos, q.sets());
        }
        return new PolicySettings(partitions, p, q, limit != null ? limit : base.routingTimeLimit());
    }

    private static Duration seconds(String text, String what) throws UsageException {
        try {
            double s = Double.parseDouble(text);
            if (s < 0 || s > 86400 || Double.isNaN(s)) {
                throw new UsageException(what + " " + text + " is not 0..86400 seconds");
            }
            return Duration.ofMillis(Math.round(s * 1000));
        } catch (NumberFormatException e) {
            throw new UsageException(what + " '" + text + "' is not a number of seconds");
        }
    }

    /**
     * The options of the SM service's configuration. A QoS file or option in error leaves QoS off, with an error
     * logged; an invalid {@code part_enforce} is taken as {@code both}.
     *
     * @param defaultPartitions the partitions file used when none is configured
     */
    static PolicySettings fromConfig(SmConfig c, Path defaultPartitions) {
        Path partitions = c.partition_config_file().isBlank() ? defaultPartitions : Path.of(c.partition_config_file());
        Enforcement enforce;
        try {
            enforce = enforcement(c.part_enforce(), "part_enforce");
        } catch (UsageException e) {
            LOG.error("SM configuration: {}; taken as both", e.getMessage());
            enforce = Enforcement.BOTH;
        }
        QosOptions qos = PolicySettings.NO_QOS;
        if (!c.qos_config_file().isBlank()) {
            try {
                qos = QosOptions.parse(Files.readString(Path.of(c.qos_config_file())), c.qos_config_file());
            } catch (IOException | PartitionsException e) {
                LOG.error("SM configuration: qos_config_file {}: {}; QoS off", c.qos_config_file(), e.getMessage());
                return new PolicySettings(partitions,
                        new PkeyOptions(c.allow_both_pkeys(), c.keep_pkey_indexes(), enforce), qos);
            }
        }
        if (c.qos() != qos.enabled()) {
            qos = new QosOptions(c.qos(), qos.sets());
        }
        return new PolicySettings(partitions, new PkeyOptions(c.allow_both_pkeys(), c.keep_pkey_indexes(), enforce),
                qos, Duration.ofSeconds(Math.max(0, c.routing_time_limit())));
    }

    /**
     * Reads an {@code opensm.conf}-style text.
     *
     * @param base the folder a relative {@code partition_config_file} resolves against
     * @throws PartitionsException at a value OpenSM would not take, with its line and column
     */
    static PolicySettings read(String text, String source, Path base) throws PartitionsException {
        QosOptions qos = QosOptions.parse(text, source);
        PkeyOptions p = PkeyOptions.DEFAULTS;
        Path partitions = null;
        Duration limit = PolicySettings.DEFAULT_ROUTING_TIME_LIMIT;
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            int hash = line.indexOf('#');
            String[] words = (hash < 0 ? line : line.substring(0, hash)).strip().split("\\s+", 2);
            if (words.length < 2) {
                continue;
            }
            String value = words[1].strip();
            try {
                switch (words[0]) {
                    case "partition_config_file" -> partitions = base.resolve(value);
                    case "routing_time_limit" -> limit = seconds(value, words[0]);
                    case "allow_both_pkeys" ->
                        p = new PkeyOptions(bool(value, words[0]), p.keepPkeyIndexes(), p.partEnforce());
                    case "keep_pkey_indexes" ->
                        p = new PkeyOptions(p.allowBothPkeys(), bool(value, words[0]), p.partEnforce());
                    case "part_enforce" ->
                        p = new PkeyOptions(p.allowBothPkeys(), p.keepPkeyIndexes(), enforcement(value, words[0]));
                    default -> {
                        // another component's option
                    }
                }
            } catch (UsageException e) {
                throw new PartitionsException(source, n + 1, line.indexOf(value) + 1, e.getMessage());
            }
        }
        return new PolicySettings(partitions, p, qos, limit);
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    /** OpenSM's booleans: TRUE or FALSE, in any case. */
    static boolean bool(String text, String what) throws UsageException {
        return switch (text.strip().toUpperCase(Locale.ROOT)) {
            case "TRUE" -> true;
            case "FALSE" -> false;
            default -> throw new UsageException(what + " '" + text + "' is not TRUE or FALSE");
        };
    }

    /** OpenSM's {@code part_enforce} values: both, in, out, off. */
    static Enforcement enforcement(String text, String what) throws UsageException {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "both" -> Enforcement.BOTH;
            case "in" -> Enforcement.IN;
            case "out" -> Enforcement.OUT;
            case "off" -> Enforcement.OFF;
            default -> throw new UsageException(what + " '" + text + "' is not both, in, out or off");
        };
    }
}
