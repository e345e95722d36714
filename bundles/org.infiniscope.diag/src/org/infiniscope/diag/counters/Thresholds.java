package org.infiniscope.diag.counters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ibqueryerrors' threshold file: {@code NAME=VALUE} lines (blank lines and lines starting with {@code #} ignored),
 * NAME one of the error counters, VALUE read as C's {@code strtoul} with base 0 reads it (decimal, {@code 0x} hex, a
 * leading 0 octal, up to the first character that is no digit). A counter is an error only above its threshold (0 by
 * default). Names that are no error counter are ignored, as ibqueryerrors ignores them, with a warning.
 *
 * @param values each counter's threshold, in the file's order (a later line for the same counter wins)
 * @param text the summary's {@code Thresholds: [NAME = VALUE]...} text, one bracket per line read, as the tool builds
 *        it
 * @param warnings what the file had that was ignored, one line each
 */
public record Thresholds(Map<String, Long> values, String text, List<String> warnings) {

    /** The file ibqueryerrors reads when none is given. */
    public static final Path DEFAULT_FILE = Path.of("/etc/infiniband-diags/error_thresholds");

    /** The error counters a threshold may name, PortXmitWait included. */
    public static final List<String> COUNTERS = List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter",
            "LinkDownedCounter", "PortRcvErrors", "PortRcvRemotePhysicalErrors", "PortRcvSwitchRelayErrors",
            "PortXmitDiscards", "PortXmitConstraintErrors", "PortRcvConstraintErrors", "LocalLinkIntegrityErrors",
            "ExcessiveBufferOverrunErrors", "VL15Dropped", "PortXmitWait");

    /** No file: every threshold 0, and the summary line ibqueryerrors prints without one. */
    public static final Thresholds NONE = new Thresholds(Map.of(), "Thresholds: ", List.of());

    /** Copies. */
    public Thresholds {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
        warnings = List.copyOf(warnings);
    }

    /** @return the threshold of a counter, 0 when none is set */
    public long of(String counter) {
        return values.getOrDefault(counter, 0L);
    }

    /** Reads a threshold file. */
    public static Thresholds read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.ISO_8859_1), file.toString());
    }

    /** Parses a threshold file's text; {@code name} names it in warnings. */
    public static Thresholds parse(String content, String name) {
        Map<String, Long> values = new LinkedHashMap<>();
        StringBuilder text = new StringBuilder("Thresholds: ");
        List<String> warnings = new ArrayList<>();
        String[] lines = content.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                warnings.add(name + ":" + (i + 1) + ": no '=' in '" + line + "': ignored");
                continue;
            }
            String counter = line.substring(0, eq);
            long value = strtoul(line.substring(eq + 1));
            if (!COUNTERS.contains(counter)) {
                warnings.add(name + ":" + (i + 1) + ": '" + counter + "' is no error counter: ignored");
                continue;
            }
            values.put(counter, value);
            text.append('[').append(counter).append(" = ").append(Long.toUnsignedString(value)).append(']');
        }
        return new Thresholds(values, text.toString(), warnings);
    }

    /** C's {@code strtoul(text, NULL, 0)}: leading blanks, an optional sign, then the longest valid prefix. */
    public static long strtoul(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        int radix = 10;
        if (text.startsWith("0x", i) || text.startsWith("0X", i)) {
            if (i + 2 < text.length() && Character.digit(text.charAt(i + 2), 16) >= 0) {
                radix = 16;
                i += 2;
            }
        } else if (text.startsWith("0", i)) {
            radix = 8;
        }
        long value = 0;
        for (; i < text.length(); i++) {
            int digit = Character.digit(text.charAt(i), radix);
            if (digit < 0) {
                break;
            }
            value = value * radix + digit;
        }
        return negative ? -value : value;
    }
}
