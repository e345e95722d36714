package org.infiniscope.sim.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfCounter;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.internal.ScriptLine.Word;
import org.infiniscope.topology.Node;

/**
 * Reads one fault command into an action on a fabric, checking names, ports and numbers against that fabric as it
 * reads. The syntax follows ibsim's console where ibsim has the command.
 */
final class FaultCommands {

    /** A command read from a line, ready to run. */
    @FunctionalInterface
    interface Command {
        void run(SimFabric fabric) throws InterruptedException;

        /** @return whether it lets time pass */
        default boolean waits() {
            return false;
        }
    }

    /** What each command looks like, for the messages. */
    static final String SYNTAX = """
            unlink "node"[port]                  pull out the cable at a port
            relink "node"[port]                  plug it back in
            disable "node"[port]                 disable a port
            enable "node"[port]                  enable it again
            errors "node"[port] COUNTER=RATE/s…  error counters rising (symbol, recovery, downed, rcv, …)
            set "node"[port] PortCounters.FIELD=VALUE   set a counter (also PortCountersExtended.FIELD)
            drop "node"[port] PCT [ATTRIBUTE-ID] lose PCT % of the MADs arriving at a port (all ports without [port])
            reboot "node"                        restart a switch (or CA)
            dupguid "a" "b"                      give b a's NodeGUID ("a"[p] "b"[q]: a PortGUID)
            flow "a"[p] "b"[q] RATE|off          traffic from a to b, such as 2.5GB/s
            seed N                               restart the random draws of the drop rates
            wait DURATION                        let time pass: 5s, 250ms, 2min""";

    private static final Map<String, PortCounter> ERROR_NAMES = Map.ofEntries(
            Map.entry("symbol", PortCounter.SYMBOL_ERROR_COUNTER),
            Map.entry("recovery", PortCounter.LINK_ERROR_RECOVERY_COUNTER),
            Map.entry("downed", PortCounter.LINK_DOWNED_COUNTER), Map.entry("rcv", PortCounter.PORT_RCV_ERRORS),
            Map.entry("remotephys", PortCounter.PORT_RCV_REMOTE_PHYSICAL_ERRORS),
            Map.entry("relay", PortCounter.PORT_RCV_SWITCH_RELAY_ERRORS),
            Map.entry("discards", PortCounter.PORT_XMIT_DISCARDS),
            Map.entry("xmitconstraint", PortCounter.PORT_XMIT_CONSTRAINT_ERRORS),
            Map.entry("rcvconstraint", PortCounter.PORT_RCV_CONSTRAINT_ERRORS),
            Map.entry("integrity", PortCounter.LOCAL_LINK_INTEGRITY_ERRORS),
            Map.entry("overrun", PortCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS),
            Map.entry("vl15", PortCounter.VL15_DROPPED));

    private static final Pattern DECIMAL = Pattern.compile("(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private final SimFabric fabric;

    FaultCommands(SimFabric fabric) {
        this.fabric = fabric;
    }

    /**
     * @return the command of a line, or null for a blank or comment line
     * @throws IllegalArgumentException naming what is wrong
     */
    Command parse(String line) {
        List<Word> words = ScriptLine.split(line);
        if (words.isEmpty()) {
            return null;
        }
        Word verb = words.getFirst();
        if (verb.quoted() || verb.hasPort()) {
            throw new IllegalArgumentException("a line starts with a command, not a node: " + verb.text());
        }
        List<Word> args = words.subList(1, words.size());
        return switch (verb.text().toLowerCase(Locale.ROOT)) {
            case "unlink", "unplug" -> port(args, "unlink", (f, w) -> f.faults().unplug(w.text(), w.port()));
            case "relink", "replug" -> port(args, "relink", (f, w) -> f.faults().replug(w.text(), w.port()));
            case "disable" -> port(args, "disable", (f, w) -> f.faults().disable(w.text(), w.port()));
            case "enable" -> port(args, "enable", (f, w) -> f.faults().enable(w.text(), w.port()));
            case "errors" -> errors(args);
            case "set", "performanceset" -> set(args);
            case "drop", "error" -> drop(args);
            case "reboot" -> reboot(args);
            case "dupguid" -> dupguid(args);
            case "flow" -> flow(args);
            case "seed" -> seed(args);
            case "wait" -> waitFor(args);
            default ->
                throw new IllegalArgumentException("unknown command '" + verb.text() + "'; the commands:\n" + SYNTAX);
        };
    }

    private interface PortAction {
        void run(SimFabric fabric, Word port);
    }

    private Command port(List<Word> args, String name, PortAction action) {
        if (args.size() != 1 || !args.getFirst().hasPort()) {
            throw new IllegalArgumentException(name + " takes one port: " + name + " \"node\"[port]");
        }
        Word at = external(args.getFirst());
        return f -> action.run(f, at);
    }

    private Command errors(List<Word> args) {
        if (args.size() < 2 || !args.getFirst().hasPort()) {
            throw new IllegalArgumentException("errors \"node\"[port] COUNTER=RATE/s ...: such as symbol=10/s");
        }
        Word at = external(args.getFirst());
        List<PortCounter> counters = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        for (Word word : args.subList(1, args.size())) {
            String[] pair = word.text().split("=", 2);
            if (pair.length != 2 || word.hasPort()) {
                throw new IllegalArgumentException("'" + word.text() + "' is not COUNTER=RATE/s");
            }
            counters.add(errorCounter(pair[0]));
            rates.add(perSecond(pair[1]));
        }
        return f -> {
            for (int i = 0; i < counters.size(); i++) {
                f.faults().errorRate(at.text(), at.port(), counters.get(i), rates.get(i));
            }
        };
    }

    private static PortCounter errorCounter(String name) {
        PortCounter alias = ERROR_NAMES.get(name.toLowerCase(Locale.ROOT));
        if (alias != null) {
            return alias;
        }
        for (PortCounter c : PortCounter.values()) {
            if (c.label().equalsIgnoreCase(name) && c.ordinal() < Counters.ERRORS) {
                return c;
            }
        }
        throw new IllegalArgumentException("'" + name + "' is not an error counter; use one of "
                + String.join(", ", new TreeSet<>(ERROR_NAMES.keySet())) + " or a PortCounters name");
    }

    /** @return events a second from {@code 10/s}, {@code 3/min} or {@code 0.5/h} */
    static double perSecond(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("a rate needs its unit: '" + text + "/s'");
        }
        double per = switch (text.substring(slash + 1)) {
            case "s" -> 1;
            case "min" -> 60;
            case "h" -> 3600;
            default -> throw new IllegalArgumentException("'" + text + "': a rate is per s, min or h");
        };
        double count = number(text.substring(0, slash), text);
        return count / per;
    }

    private Command set(List<Word> args) {
        if (args.size() < 2 || !args.getFirst().hasPort()) {
            throw new IllegalArgumentException("set \"node\"[port] PortCounters.FIELD=VALUE");
        }
        Word at = args.getFirst();
        checkPort(at, true);
        StringBuilder rest = new StringBuilder();
        args.subList(1, args.size()).forEach(w -> rest.append(w.text()));
        String text = rest.toString();
        int dot = text.indexOf('.');
        int eq = text.indexOf('=');
        if (dot < 0 || eq < dot) {
            throw new IllegalArgumentException("'" + text + "' is not ATTRIBUTE.FIELD=VALUE");
        }
        String attribute = text.substring(0, dot);
        String field = text.substring(dot + 1, eq);
        long value = integer(text.substring(eq + 1));
        if (attribute.equalsIgnoreCase("PortCounters")) {
            PortCounter counter = find(PortCounter.values(), field, attribute);
            if (value > counter.max()) {
                throw new IllegalArgumentException("PortCounters." + counter.label() + " is " + counter.width()
                        + " bits wide: " + value + " is more than " + counter.max());
            }
            return f -> f.faults().setCounter(at.text(), at.port(), counter, value);
        }
        if (attribute.equalsIgnoreCase("PortCountersExtended")) {
            ExtendedPortCounter counter = find(ExtendedPortCounter.values(), field, attribute);
            return f -> f.faults().setCounter(at.text(), at.port(), counter, value);
        }
        throw new IllegalArgumentException("attribute '" + attribute + "': PortCounters or PortCountersExtended");
    }

    private static <C extends Enum<C> & PerfCounter> C find(C[] counters, String field, String attribute) {
        for (C c : counters) {
            if (c.label().equalsIgnoreCase(field)) {
                return c;
            }
        }
        throw new IllegalArgumentException(attribute + " has no field '" + field + "'");
    }

    private Command drop(List<Word> args) {
        if (args.size() < 2 || args.size() > 3) {
            throw new IllegalArgumentException("drop \"node\"[port] PCT [ATTRIBUTE-ID]");
        }
        Word at = args.getFirst();
        Node node = node(at);
        if (at.hasPort()) {
            checkPort(at, true);
        }
        String pctText = args.get(1).text();
        double pct = number(pctText.endsWith("%") ? pctText.substring(0, pctText.length() - 1) : pctText, pctText);
        if (pct < 0 || pct > 100) {
            throw new IllegalArgumentException("a drop rate is a percentage from 0 to 100: " + pctText);
        }
        int attribute = -1;
        if (args.size() == 3) {
            long id = integer(args.get(2).text());
            if (id > 0xFFFF) {
                throw new IllegalArgumentException("an attribute ID is at most 0xFFFF: " + args.get(2).text());
            }
            attribute = (int) id;
        }
        int attr = attribute;
        int first = at.hasPort() ? at.port() : node.isSwitch() ? 0 : 1;
        int last = at.hasPort() ? at.port() : node.portCount();
        return f -> {
            for (int p = first; p <= last; p++) {
                f.faults().dropRate(at.text(), p, pct, attr);
            }
        };
    }

    private Command reboot(List<Word> args) {
        if (args.size() != 1 || args.getFirst().hasPort()) {
            throw new IllegalArgumentException("reboot takes a node, without a port: reboot \"switch\"");
        }
        Word at = args.getFirst();
        node(at);
        return f -> f.faults().reboot(at.text());
    }

    private Command dupguid(List<Word> args) {
        if (args.size() != 2 || args.get(0).hasPort() != args.get(1).hasPort()) {
            throw new IllegalArgumentException(
                    "dupguid \"from\" \"to\" (NodeGUID) or dupguid \"from\"[p] \"to\"[q]" + " (PortGUID)");
        }
        Word from = args.get(0);
        Word to = args.get(1);
        node(from);
        node(to);
        if (from.hasPort()) {
            checkPort(from, true);
            checkPort(to, true);
            return f -> f.faults().duplicatePortGuid(from.text(), from.port(), to.text(), to.port());
        }
        return f -> f.faults().duplicateNodeGuid(from.text(), to.text());
    }

    private Command flow(List<Word> args) {
        if (args.size() != 3) {
            throw new IllegalArgumentException("flow \"from\"[port] \"to\"[port] RATE|off, such as 2.5GB/s");
        }
        Word from = host(args.get(0));
        Word to = host(args.get(1));
        int a = Math.max(from.port(), 1);
        int b = Math.max(to.port(), 1);
        String text = args.get(2).text();
        if (text.equalsIgnoreCase("off")) {
            return f -> f.traffic().stop(from.text(), a, to.text(), b);
        }
        double rate = bytesPerSecond(text);
        return f -> f.traffic().start(from.text(), a, to.text(), b, rate);
    }

    /** @return bytes a second from {@code 2.5GB/s}, {@code 500MB/s}, {@code 1e9B/s} (decimal prefixes) */
    static double bytesPerSecond(String text) {
        if (!text.endsWith("B/s")) {
            throw new IllegalArgumentException("'" + text + "': a flow's rate is in bytes a second, such as 2.5GB/s");
        }
        String number = text.substring(0, text.length() - 3);
        double scale = 1;
        if (!number.isEmpty()) {
            int k = "KMGT".indexOf(number.charAt(number.length() - 1));
            if (k >= 0) {
                scale = Math.pow(1000, k + 1);
                number = number.substring(0, number.length() - 1);
            }
        }
        double rate = number(number, text) * scale;
        if (!(rate > 0)) {
            throw new IllegalArgumentException("'" + text + "': a flow's rate is above 0 (stop it with off)");
        }
        return rate;
    }

    private Command seed(List<Word> args) {
        if (args.size() != 1) {
            throw new IllegalArgumentException("seed takes one number");
        }
        long seed = integer(args.getFirst().text());
        return f -> f.faults().seed(seed);
    }

    private Command waitFor(List<Word> args) {
        if (args.size() != 1) {
            throw new IllegalArgumentException("wait takes one duration, such as 5s");
        }
        Duration time = duration(args.getFirst().text());
        return new Command() {
            @Override
            public void run(SimFabric f) throws InterruptedException {
                f.clock().pass(time);
            }

            @Override
            public boolean waits() {
                return true;
            }
        };
    }

    /** @return a duration from {@code 5s}, {@code 250ms}, {@code 10us}, {@code 2min}, {@code 1h}; bare: seconds */
    static Duration duration(String text) {
        String[][] units = {{"ns", "1"}, {"us", "1000"}, {"ms", "1000000"}, {"min", "60000000000"},
                {"h", "3600000000000"}, {"s", "1000000000"}};
        double nanosPer = 1e9;
        String number = text;
        for (String[] unit : units) {
            if (text.endsWith(unit[0])) {
                nanosPer = Double.parseDouble(unit[1]);
                number = text.substring(0, text.length() - unit[0].length());
                break;
            }
        }
        double nanos = number(number, text) * nanosPer;
        if (!(nanos >= 0 && nanos < Long.MAX_VALUE)) {
            throw new IllegalArgumentException("'" + text + "' is not a duration to wait");
        }
        return Duration.ofNanos(Math.round(nanos));
    }

    private static double number(String text, String whole) {
        if (DECIMAL.matcher(text).matches()) {
            double value = Double.parseDouble(text);
            if (Double.isFinite(value)) {
                return value;
            }
        }
        throw new IllegalArgumentException("'" + whole + "' is not a number");
    }

    private static long integer(String text) {
        try {
            long value = text.startsWith("0x") || text.startsWith("0X")
                    ? Long.parseLong(text.substring(2), 16)
                    : Long.parseLong(text);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + text + "' is not a whole number from 0 up");
    }

    private Node node(Word word) {
        if (word.text().contains("=")) {
            throw new IllegalArgumentException("'" + word.text() + "' is where a node was expected");
        }
        return fabric.topology().nodes().stream().filter(n -> n.name().equals(word.text())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no node named \"" + word.text() + "\" in the fabric"));
    }

    /** @return the word, checked to name a port 1..N of a node */
    private Word external(Word word) {
        checkPort(word, false);
        return word;
    }

    private void checkPort(Word word, boolean switchPortZero) {
        Node node = node(word);
        int low = switchPortZero && node.isSwitch() ? 0 : 1;
        if (word.port() < low || word.port() > node.portCount()) {
            throw new IllegalArgumentException("\"" + word.text() + "\" has no port " + word.port() + " here (ports "
                    + low + ".." + node.portCount() + ")");
        }
    }

    private Word host(Word word) {
        Node node = node(word);
        if (node.isSwitch()) {
            throw new IllegalArgumentException("\"" + word.text() + "\" is a switch: flows run between CA ports");
        }
        if (word.hasPort()) {
            checkPort(word, false);
        }
        return word;
    }
}
