package org.infiniscope.sm.partition;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * OpenSM's simple QoS options, read from {@code opensm.conf} text ({@code key value} lines, {@code #} comments):
 * {@code qos}, and {@code qos_max_vls}, {@code qos_high_limit}, {@code qos_vlarb_high}, {@code qos_vlarb_low},
 * {@code qos_sl2vl} with their {@code qos_ca_}, {@code qos_sw0_}, {@code qos_swe_}, {@code qos_rtr_} variants; a
 * per-type key not given falls back to the {@code qos_} one, then to OpenSM's default. Other keys are OpenSM's other
 * options and are left alone.
 *
 * @param enabled {@code qos}: when false OpenSM writes no QoS table at all
 * @param sets the options given, by port type ({@link PortType#ALL} for the plain {@code qos_} keys)
 */
public record QosOptions(boolean enabled, Map<PortType, Set> sets) {

    /** OpenSM's default low-priority VL arbitration table. */
    public static final String DEFAULT_VLARB_LOW = "0:0,1:4,2:4,3:4,4:4,5:4,6:4,7:4,8:4,9:4,10:4,11:4,12:4,13:4,14:4";
    /** OpenSM's default high-priority VL arbitration table. */
    public static final String DEFAULT_VLARB_HIGH = "0:4,1:0,2:0,3:0,4:0,5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,13:0,14:0";
    /** OpenSM's default SL2VL mapping. */
    public static final String DEFAULT_SL2VL = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,7";

    /** Copies the map. */
    public QosOptions {
        sets = Map.copyOf(sets);
    }

    /** Which ports a set of options is for, by its key prefix. */
    public enum PortType {
        /** {@code qos_}: every port without its own set. */
        ALL("qos_"),
        /** {@code qos_ca_}: CA ports. */
        CA("qos_ca_"),
        /** {@code qos_sw0_}: switches' port 0 (when enhanced). */
        SW0("qos_sw0_"),
        /** {@code qos_swe_}: switches' external ports. */
        SWE("qos_swe_"),
        /** {@code qos_rtr_}: router ports. */
        RTR("qos_rtr_");

        private final String prefix;

        PortType(String prefix) {
            this.prefix = prefix;
        }

        /** @return the key prefix */
        public String prefix() {
            return prefix;
        }
    }

    /**
     * One set of options, each null when not given.
     *
     * @param maxVls {@code _max_vls} (1–15; read but, as in OpenSM 3.3.23, it shapes no table)
     * @param highLimit {@code _high_limit} (0–255)
     * @param vlarbHigh {@code _vlarb_high}: {@code vl:weight} pairs
     * @param vlarbLow {@code _vlarb_low}
     * @param sl2vl {@code _sl2vl}: 16 VLs
     */
    public record Set(Integer maxVls, Integer highLimit, List<VlWeight> vlarbHigh, List<VlWeight> vlarbLow,
            List<Integer> sl2vl) {

        static final Set EMPTY = new Set(null, null, null, null, null);
    }

    /** A VL arbitration entry as written. */
    public record VlWeight(int vl, int weight) {
    }

    /**
     * Reads the QoS options of an {@code opensm.conf}.
     *
     * @throws PartitionsException at a QoS value OpenSM would not take as written, with its line and column
     */
    public static QosOptions parse(String text, String source) throws PartitionsException {
        boolean enabled = false;
        Map<PortType, Set> sets = new EnumMap<>(PortType.class);
        String[] lines = text.split("\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            int hash = line.indexOf('#');
            String content = (hash < 0 ? line : line.substring(0, hash)).stripTrailing();
            String stripped = content.strip();
            if (stripped.isEmpty()) {
                continue;
            }
            int keyEnd = 0;
            while (keyEnd < stripped.length() && !Character.isWhitespace(stripped.charAt(keyEnd))) {
                keyEnd++;
            }
            String key = stripped.substring(0, keyEnd);
            String value = stripped.substring(keyEnd).strip();
            int column = content.indexOf(value, content.indexOf(key) + key.length()) + 1;
            Cursor at = new Cursor(source, n + 1, column);
            if (key.equals("qos")) {
                enabled = bool(value, at);
                continue;
            }
            PortType type = null;
            for (PortType candidate : PortType.values()) {
                if (key.startsWith(candidate.prefix) && suffix(key.substring(candidate.prefix.length()))) {
                    type = candidate;
                }
            }
            if (type == null) {
                continue;
            }
            String option = key.substring(type.prefix.length());
            Set set = sets.getOrDefault(type, Set.EMPTY);
            set = switch (option) {
                case "max_vls" ->
                    new Set(number(value, 1, 15, at), set.highLimit(), set.vlarbHigh(), set.vlarbLow(), set.sl2vl());
                case "high_limit" ->
                    new Set(set.maxVls(), number(value, 0, 255, at), set.vlarbHigh(), set.vlarbLow(), set.sl2vl());
                case "vlarb_high" ->
                    new Set(set.maxVls(), set.highLimit(), vlarb(value, at), set.vlarbLow(), set.sl2vl());
                case "vlarb_low" ->
                    new Set(set.maxVls(), set.highLimit(), set.vlarbHigh(), vlarb(value, at), set.sl2vl());
                default -> new Set(set.maxVls(), set.highLimit(), set.vlarbHigh(), set.vlarbLow(), sl2vl(value, at));
            };
            sets.put(type, set);
        }
        return new QosOptions(enabled, sets);
    }

    private static boolean suffix(String option) {
        return List.of("max_vls", "high_limit", "vlarb_high", "vlarb_low", "sl2vl").contains(option);
    }

    private record Cursor(String source, int line, int column) {
        PartitionsException error(int offset, String problem) {
            return new PartitionsException(source, line, column + offset, problem);
        }
    }

    private static boolean bool(String value, Cursor at) throws PartitionsException {
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "TRUE" -> true;
            case "FALSE" -> false;
            default -> throw at.error(0, "expected TRUE or FALSE, found '" + value + "'");
        };
    }

    private static int number(String value, int min, int max, Cursor at) throws PartitionsException {
        Long number = PartitionsParser.number(value);
        if (number == null || number < min || number > max) {
            throw at.error(0, "expected a number from " + min + " to " + max + ", found '" + value + "'");
        }
        return number.intValue();
    }

    private static List<VlWeight> vlarb(String value, Cursor at) throws PartitionsException {
        List<VlWeight> entries = new ArrayList<>();
        int offset = 0;
        for (String pair : value.split(",", -1)) {
            int colon = pair.indexOf(':');
            if (colon < 0) {
                throw at.error(offset, "expected VL:WEIGHT, found '" + pair + "'");
            }
            int vl = number(pair.substring(0, colon).strip(), 0, 14,
                    new Cursor(at.source, at.line, at.column + offset));
            int weight = number(pair.substring(colon + 1).strip(), 0, 255,
                    new Cursor(at.source, at.line, at.column + offset + colon + 1));
            entries.add(new VlWeight(vl, weight));
            offset += pair.length() + 1;
        }
        if (entries.size() > 64) {
            throw at.error(0, "expected at most 64 VL:WEIGHT pairs, found " + entries.size());
        }
        return entries;
    }

    private static List<Integer> sl2vl(String value, Cursor at) throws PartitionsException {
        List<Integer> vls = new ArrayList<>();
        int offset = 0;
        for (String vl : value.split(",", -1)) {
            vls.add(number(vl.strip(), 0, 15, new Cursor(at.source, at.line, at.column + offset)));
            offset += vl.length() + 1;
        }
        if (vls.size() != 16) {
            throw at.error(0, "expected 16 VLs (one per SL), found " + vls.size());
        }
        return vls;
    }

    /** @return the options in force for a port type: its own, else the {@code qos_} ones, else OpenSM's defaults */
    public Resolved resolve(PortType type) {
        Set own = sets.getOrDefault(type, Set.EMPTY);
        Set all = sets.getOrDefault(PortType.ALL, Set.EMPTY);
        int highLimit = own.highLimit() != null ? own.highLimit() : all.highLimit() != null ? all.highLimit() : 0;
        List<VlWeight> high = own.vlarbHigh() != null
                ? own.vlarbHigh()
                : all.vlarbHigh() != null ? all.vlarbHigh() : defaults(DEFAULT_VLARB_HIGH);
        List<VlWeight> low = own.vlarbLow() != null
                ? own.vlarbLow()
                : all.vlarbLow() != null ? all.vlarbLow() : defaults(DEFAULT_VLARB_LOW);
        List<Integer> sl2vl = own.sl2vl() != null
                ? own.sl2vl()
                : all.sl2vl() != null
                        ? all.sl2vl()
                        : java.util.Arrays.stream(DEFAULT_SL2VL.split(",")).map(Integer::valueOf).toList();
        return new Resolved(highLimit, high, low, sl2vl);
    }

    private static List<VlWeight> defaults(String table) {
        return java.util.Arrays.stream(table.split(",")).map(pair -> pair.split(":"))
                .map(p -> new VlWeight(Integer.parseInt(p[0]), Integer.parseInt(p[1]))).toList();
    }

    /**
     * The options in force for one port type.
     *
     * @param highLimit VLHighLimit
     * @param vlarbHigh the high-priority pairs (up to 64; the rest of the table is 0:0)
     * @param vlarbLow the low-priority pairs
     * @param sl2vl the VL of each SL
     */
    public record Resolved(int highLimit, List<VlWeight> vlarbHigh, List<VlWeight> vlarbLow, List<Integer> sl2vl) {
    }
}
