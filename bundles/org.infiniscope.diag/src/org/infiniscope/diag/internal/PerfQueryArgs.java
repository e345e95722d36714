package org.infiniscope.diag.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.MadRequest;

/**
 * The parsed command line of {@code perfquery}:
 * {@code [--fabric F] [-x|-T] [-a] [-r|-R] [-t TIMEOUT_MS] [--json] [LID|-G GUID [PORT]]}; options may come anywhere, as getopt
 * allows.
 *
 * @param fabric the {@code --fabric} value, or {@code null} when not given
 * @param timeout how long to wait for each attempt
 * @param json whether to print JSON
 * @param extended {@code -x}: PortCountersExtended
 * @param allPorts {@code -a}: all ports (AllPortSelect, or each port summed here when the agent lacks it)
 * @param reset {@code -r}: reset after reading
 * @param resetOnly {@code -R}: reset without reading
 * @param lid the LID, 0 for the local port or when a GUID was given
 * @param guid with {@code -G}, the destination's port GUID (resolved through the SA), else 0
 * @param port the port, -1 when not given
 * @param extendedSpeeds {@code -T}: PortExtendedSpeedsCounters
 */
record PerfQueryArgs(String fabric, Duration timeout, boolean json, boolean extended, boolean allPorts, boolean reset,
        boolean resetOnly, int lid, long guid, int port, boolean extendedSpeeds) {

    PerfQueryArgs(String fabric, Duration timeout, boolean json, boolean extended, boolean allPorts, boolean reset,
            boolean resetOnly, int lid, long guid, int port) {
        this(fabric, timeout, json, extended, allPorts, reset, resetOnly, lid, guid, port, false);
    }

    /** Parses the arguments after the tool name. */
    static PerfQueryArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        boolean json = false, extended = false, allPorts = false, reset = false, resetOnly = false, byGuid = false;
        boolean speeds = false;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-x", "--extended" -> extended = true;
                case "-T", "--extended_speeds" -> speeds = true;
                case "-a", "--all_ports" -> allPorts = true;
                case "-r", "--reset_after_read" -> reset = true;
                case "-R", "--Reset_only" -> resetOnly = true;
                case "-t", "--timeout" -> timeout = SmpQueryArgs.timeout(SmpQueryArgs.value(args, ++i, arg));
                case "--json" -> json = true;
                case "-G", "--Guid" -> byGuid = true;
                case "--" -> positional.addAll(args.subList(i + 1, args.size()));
                default -> {
                    if (arg.startsWith("--fabric=")) {
                        fabric = arg.substring("--fabric=".length());
                    } else if (arg.matches("-[xarRT]{2,}")) {
                        for (char c : arg.substring(1).toCharArray()) {
                            switch (c) {
                                case 'x' -> extended = true;
                                case 'T' -> speeds = true;
                                case 'a' -> allPorts = true;
                                case 'r' -> reset = true;
                                default -> resetOnly = true;
                            }
                        }
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
            throw new UsageException("--fabric is empty: expected " + FabricChannels.CHOICES);
        }
        if (positional.size() > 2) {
            throw new UsageException("unexpected argument '" + positional.get(2) + "': expected [LID [PORT]]");
        }
        if (byGuid && positional.isEmpty()) {
            throw new UsageException("-G: missing the destination's port GUID");
        }
        long guid = byGuid ? guid(positional.get(0)) : 0;
        int lid = positional.isEmpty() || byGuid ? 0 : SmpQueryArgs.number(positional.get(0), "LID", 1, 0xBFFF);
        int port = positional.size() < 2 ? -1 : SmpQueryArgs.number(positional.get(1), "PORT", 0, 255);
        if (json && resetOnly) {
            throw new UsageException("--json with -R: a reset alone prints nothing");
        }
        if (speeds && (extended || allPorts || json)) {
            throw new UsageException("-T reads one port's PortExtendedSpeedsCounters: not with -x, -a or --json");
        }
        return new PerfQueryArgs(fabric, timeout, json, extended, allPorts, reset, resetOnly, lid, guid, port, speeds);
    }

    /** A port GUID: hexadecimal with or without {@code 0x}, as libibmad reads it. */
    private static long guid(String text) throws UsageException {
        String digits = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        try {
            if (digits.isEmpty() || digits.length() > 16) {
                throw new NumberFormatException();
            }
            long guid = Long.parseUnsignedLong(digits, 16);
            if (guid == 0) {
                throw new UsageException("-G: the port GUID must not be 0");
            }
            return guid;
        } catch (NumberFormatException e) {
            throw new UsageException("-G: '" + text + "' is not a port GUID (up to 16 hex digits)");
        }
    }
}
