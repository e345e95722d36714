package org.infiniscope.diag.internal;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.mad.smp.LinearForwardingTable;
import org.infiniscope.mad.smp.MulticastForwardingTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * ibroute's unicast dump: NodeInfo, NodeDescription and SwitchInfo of the switch, its LFT block by block, and for
 * each LID with a valid out port the NodeDescription, PortInfo and NodeInfo of the destination (LID-routed, 100 ms
 * as ibroute waits), printed as ibroute prints them — including its quirk of reading LFT blocks up to
 * {@code ALIGN(endlid, 64) / 64} only, so an end LID that is a multiple of 64 is never read.
 */
final class Route {

    /** Where SMPs go. */
    @FunctionalInterface
    interface Smps {
        /** @return a getter for that destination waiting this long for each attempt */
        SmpGetter to(Destination destination, Duration timeout);
    }

    /** How long ibroute waits for each answer about a destination. */
    static final Duration DESTINATION_TIMEOUT = Duration.ofMillis(100);
    /** The last unicast LID. */
    static final int MAX_UNICAST_LID = 0xBFFF;
    /** The last multicast LID (the permissive LID 0xFFFF is none). */
    static final int MAX_MULTICAST_LID = 0xFFFE;

    private final RouteArgs args;
    private final Smps smps;
    private final PrintWriter err;
    private final NodeNames names;
    // ibroute's state across LIDs for LMC > 0: the LIDs after a base LID are paths to the same port
    private int lastPortLid;
    private int basePortLid;
    private long portGuid;

    Route(RouteArgs args, Smps smps, PrintWriter err) {
        this(args, smps, err, NodeNames.DESCRIPTIONS);
    }

    /** @param names the names of nodes ({@code --node-name-map}), for the switch and each destination */
    Route(RouteArgs args, Smps smps, PrintWriter err, NodeNames names) {
        this.args = args;
        this.smps = smps;
        this.err = err;
        this.names = names;
    }

    /**
     * @return what to print on standard output; when an LFT block cannot be read, what was printed before the
     *         failure (ibroute's message goes to {@code err} and it still exits with 0)
     * @throws QueryException when the destination is no switch or does not answer
     */
    String run() throws QueryException {
        Destination to = args.destination();
        SmpGetter sw = smps.to(to, args.timeout());
        NodeInfo ni = get(sw, NodeInfo.CODEC, 0, "node info failed: valid addr?");
        String nd = names.name(ni.nodeGuid(), get(sw, NodeDescription.CODEC, 0, "node desc failed").text());
        if (ni.nodeType() != NodeInfo.TYPE_SWITCH) {
            throw new QueryException("dump tables: not a switch");
        }
        SwitchInfo info = get(sw, SwitchInfo.CODEC, 0, "switch info failed: is a switch node?");
        if (args.multicast()) {
            return multicast(sw, to, ni, nd, info);
        }
        int top = info.linearFdbTop();
        int start = args.startLid();
        int end = args.endLid() == 0 || args.endLid() > top ? top : args.endLid();
        if (end > MAX_UNICAST_LID) {
            err.println("infiniscope route: illegal lft top " + end + ", truncate to " + MAX_UNICAST_LID);
            end = MAX_UNICAST_LID;
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format("Unicast lids [0x%x-0x%x] of switch %s guid 0x%016x (%s):\n", start, end,
                to.describe(), ni.nodeGuid(), nd));
        out.append("  Lid  Out   Destination\n");
        out.append("       Port     Info \n");
        List<Map<String, Object>> entries = new ArrayList<>();
        int per = LinearForwardingTable.PER_BLOCK;
        int endBlock = (end + per - 1) / per;
        int n = 0;
        for (int block = start / per; block < endBlock; block++) {
            LinearForwardingTable lft;
            try {
                lft = Smp.decodeAttribute(sw.get(LinearForwardingTable.ATTRIBUTE_ID, block),
                        LinearForwardingTable.CODEC);
            } catch (QueryException | MadFormatException | IllegalArgumentException e) {
                err.println(
                        "SubnGet() failed; MAD status 0x0 AM 0x" + Integer.toHexString(block) + ": " + e.getMessage());
                return args.json() ? json(to, ni, nd, start, end, entries) : out.toString();
            }
            int lid = Math.max(block * per, start);
            int last = Math.min(block * per + per, end + 1);
            for (; lid < last; lid++) {
                int port = lft.ports().get(lid % per);
                boolean valid = port <= ni.numPorts();
                if (!valid && !args.all()) {
                    continue;
                }
                String destination = destination(lid, valid);
                out.append(String.format("0x%04x %03d %s\n", lid, port & 0xFF, destination));
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("lid", lid);
                entry.put("port", port);
                entry.put("valid", valid);
                entry.put("destination", destination.startsWith(": ") ? destination.substring(2) : destination);
                entries.add(entry);
                n++;
            }
        }
        out.append(n).append(args.all() ? " " : " valid ").append("lids dumped \n");
        return args.json() ? json(to, ni, nd, start, end, entries) : out.toString();
    }

    /** ibroute's {@code dump_multicast_tables}. */
    private String multicast(SmpGetter sw, Destination to, NodeInfo ni, String nd, SwitchInfo info) {
        int base = MulticastForwardingTable.MULTICAST_LID_BASE;
        int per = MulticastForwardingTable.PER_BLOCK;
        int cap = info.multicastFdbCap();
        int top = info.multicastFdbTop();
        int end = args.endLid();
        if (end == 0 || end > base + cap - 1) {
            end = base + cap - 1;
        }
        if (!args.all() && top != 0 && top < end) {
            if (top < base - 1) {
                err.println("infiniscope route: illegal top mlid " + Integer.toHexString(top));
            } else {
                end = top;
            }
        }
        int start = args.startLid();
        if (start == 0) {
            start = base;
        } else if (start < base) {
            err.println("infiniscope route: illegal start mlid " + Integer.toHexString(start) + ", set to "
                    + Integer.toHexString(base));
            start = base;
        }
        if (end > MAX_MULTICAST_LID) {
            err.println("infiniscope route: illegal end mlid " + Integer.toHexString(end) + ", truncate to "
                    + Integer.toHexString(MAX_MULTICAST_LID));
            end = MAX_MULTICAST_LID;
        }
        int ports = ni.numPorts();
        StringBuilder out = new StringBuilder();
        out.append(String.format("Multicast mlids [0x%x-0x%x] of switch %s guid 0x%016x (%s):\n", start, end,
                to.describe(), ni.nodeGuid(), nd));
        if (args.brief()) {
            out.append(" MLid       Port Mask\n");
        } else {
            if (ports > 9) {
                StringBuilder tens = new StringBuilder();
                for (int i = 0; i <= ports; i++) {
                    tens.append(i % 10 != 0 ? ' ' : (char) ('0' + i / 10)).append(' ');
                }
                out.append("            ").append(tens).append('\n');
            }
            StringBuilder units = new StringBuilder();
            for (int i = 0; i <= ports; i++) {
                units.append(i % 10).append(' ');
            }
            out.append("     Ports: ").append(units).append('\n');
            out.append(" MLid\n");
        }
        int chunks = (ports + 1 + 15) / 16;
        List<Map<String, Object>> entries = new ArrayList<>();
        int n = 0;
        for (int block = start / per; block <= end / per; block++) {
            List<MulticastForwardingTable> masks = new ArrayList<>();
            for (int j = 0; j < chunks; j++) {
                int modifier = (block - base / per) | j << 28;
                try {
                    masks.add(Smp.decodeAttribute(sw.get(MulticastForwardingTable.ATTRIBUTE_ID, modifier),
                            MulticastForwardingTable.CODEC));
                } catch (QueryException | MadFormatException | IllegalArgumentException e) {
                    err.println("SubnGet() failed; AM 0x" + Integer.toHexString(modifier) + ": " + e.getMessage());
                    return args.json() ? json(to, ni, nd, start, end, entries) : out.toString();
                }
            }
            int mlid = Math.max(block * per, start);
            int last = Math.min(block * per + per, end + 1);
            for (; mlid < last; mlid++) {
                String line = mlid(masks, mlid % per, ports);
                if (line == null) {
                    continue;
                }
                out.append(String.format("0x%04x      %s\n", mlid, line));
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("mlid", mlid);
                List<Integer> members = new ArrayList<>();
                for (int i = 0; i <= ports; i++) {
                    if ((masks.get(i / 16).portMasks().get(mlid % per) & 1 << i % 16) != 0) {
                        members.add(i);
                    }
                }
                entry.put("ports", members);
                entries.add(entry);
                n++;
            }
        }
        out.append(n).append(args.all() ? " " : " valid ").append("mlids dumped \n");
        return args.json() ? json(to, ni, nd, start, end, entries) : out.toString();
    }

    /** ibroute's {@code dump_mlid}: the line of one MLID, {@code null} when it has no port and not {@code -a}. */
    private String mlid(List<MulticastForwardingTable> masks, int index, int ports) {
        boolean nonzero = false;
        StringBuilder line = new StringBuilder();
        if (args.brief()) {
            for (MulticastForwardingTable chunk : masks) {
                int mask = chunk.portMasks().get(index);
                nonzero |= mask != 0;
                line.append(String.format("%04x", mask));
            }
        } else {
            for (int i = 0; i <= ports; i++) {
                int mask = masks.get(i / 16).portMasks().get(index);
                nonzero |= mask != 0;
                line.append((mask & 1 << i % 16) != 0 ? 'x' : ' ').append(' ');
            }
        }
        return nonzero || args.all() ? line.toString() : null;
    }

    private static String json(Destination to, NodeInfo ni, String nd, int start, int end,
            List<Map<String, Object>> entries) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("switch", to.describe());
        object.put("guid", String.format("0x%016x", ni.nodeGuid()));
        object.put("nodeDescription", nd);
        object.put("startLid", start);
        object.put("endLid", end);
        object.put("entries", entries);
        return Json.write(object) + "\n";
    }

    /** ibroute's {@code dump_lid}. */
    private String destination(int lid, boolean valid) {
        if (args.brief()) {
            return "";
        }
        if (lid <= lastPortLid) {
            if (!valid) {
                return ": (path #" + (lid - basePortLid) + " - illegal port)";
            }
            int paths = lastPortLid - basePortLid + 1;
            return portGuid == 0
                    ? ": (path #" + (lid - basePortLid + 1) + " out of " + paths + ")"
                    : String.format(": (path #%d out of %d: portguid 0x%016x)", lid - basePortLid + 1, paths, portGuid);
        }
        if (!valid) {
            return ": (illegal port)";
        }
        portGuid = 0;
        SmpGetter at = smps.to(Destination.lid(lid), DESTINATION_TIMEOUT);
        NodeInfo ni;
        PortInfo pi;
        String nd;
        try {
            nd = Smp.decodeAttribute(at.get(NodeDescription.ATTRIBUTE_ID, 0), NodeDescription.CODEC).text();
            pi = Smp.decodeAttribute(at.get(PortInfo.ATTRIBUTE_ID, 0), PortInfo.CODEC);
            ni = Smp.decodeAttribute(at.get(NodeInfo.ATTRIBUTE_ID, 0), NodeInfo.CODEC);
        } catch (QueryException | MadFormatException | IllegalArgumentException e) {
            return ": (unknown node and type)";
        }
        portGuid = ni.portGuid();
        if (pi.lmc() > 0) {
            basePortLid = pi.lid();
            lastPortLid = pi.lid() + (1 << pi.lmc()) - 1;
        }
        return String.format(": (%s portguid 0x%016x: '%s')", ni.nodeTypeName(), portGuid,
                names.name(ni.nodeGuid(), nd));
    }

    private static <T> T get(SmpGetter smps, AttributeCodec<T> codec, int modifier, String failure)
            throws QueryException {
        try {
            return Smp.decodeAttribute(smps.get(codec.attributeId(), modifier), codec);
        } catch (QueryException e) {
            throw new QueryException("dump tables: " + failure + " (" + e.getMessage() + ")");
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException("dump tables: " + failure + " (malformed answer: " + e.getMessage() + ")");
        }
    }

    /** As the tools' {@code clean_nodedesc}: what is not printable becomes a space. */
    static String clean(String text) {
        StringBuilder clean = new StringBuilder(text.length());
        text.codePoints().forEach(c -> clean.appendCodePoint(c < 0x20 || c == 0x7F ? ' ' : c));
        return clean.toString();
    }
}
