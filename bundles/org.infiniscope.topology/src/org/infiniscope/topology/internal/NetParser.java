package org.infiniscope.topology.internal;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.infiniscope.topology.Link;
import org.infiniscope.topology.NetFile;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.PortRef;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologyFormatException;
import org.infiniscope.topology.internal.Cursor.LineException;
import org.infiniscope.topology.internal.PendingNode.PortLine;

/**
 * Reads ibsim net files (and ibnetdiscover output, which ibsim also reads) the way ibsim's {@code sim_net.c} does,
 * so that our simulator and ibsim give the same fabric, GUIDs included, for the same file. Where ibsim silently
 * ignores a line it does not know, this reader refuses it with the file, line and reason: a typo should not
 * quietly drop a switch.
 */
public final class NetParser {

    /** ibsim's first GUIDs when a file gives none: CAs 0x100000, switches 0x200000, routers 0. */
    private final Map<NodeType, Long> absGuids = new HashMap<>(
            Map.of(NodeType.CA, 0x100000L, NodeType.SWITCH, 0x200000L, NodeType.ROUTER, 0L));
    private final Map<NodeType, Long> guids = new HashMap<>(absGuids);
    private int vendorId;
    private int deviceId;
    private long systemImageGuid;
    /** width, speed, extended speed as the global lines set them (ibsim's defaults: 4X, SDR, none) */
    private final int[] linkDefaults = {Topology.DEFAULT_WIDTH, Topology.DEFAULT_SPEED, 0};
    private int[] topologyDefaults;

    private final List<PendingNode> nodes = new ArrayList<>();
    private final Map<String, PendingNode> byName = new HashMap<>();
    private final Map<Long, String> guidOwners = new HashMap<>();
    private final Map<String, String> descriptions = new LinkedHashMap<>();
    private final Map<PortRef, Integer> lids = new LinkedHashMap<>();
    private final Set<String> enhancedPort0 = new HashSet<>();
    private final List<String> commands = new ArrayList<>();
    private final Deque<Path> includes = new ArrayDeque<>();

    private NetParser() {
    }

    /** Reads a file and the files it includes (relative to the including file). */
    public static NetFile read(Path file) throws IOException, TopologyFormatException {
        NetParser parser = new NetParser();
        List<String> lines = readLines(file);
        parser.includes.push(file.toAbsolutePath().normalize());
        parser.parse(file.toString(), file.toAbsolutePath().getParent(), lines);
        return parser.finish();
    }

    /**
     * Reads text; {@code include} lines resolve against {@code baseDir}, or fail when it is null.
     *
     * @param name the name error messages give the text
     */
    public static NetFile parse(String name, String text, Path baseDir) throws TopologyFormatException {
        NetParser parser = new NetParser();
        parser.parse(name, baseDir, text.lines().toList());
        return parser.finish();
    }

    private static List<String> readLines(Path file) throws IOException {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            // node descriptions of older fabrics are Latin-1; every byte maps to a character
            return Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        }
    }

    private void parse(String file, Path dir, List<String> lines) throws TopologyFormatException {
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i).strip();
            int lineNo = ++i;
            try {
                NodeType type = headerType(line);
                if (type != null) {
                    PendingNode node = header(type, line, file, lineNo);
                    i = ports(node, lines, i, file);
                } else {
                    directive(line, file, dir);
                }
            } catch (LineException e) {
                throw new TopologyFormatException(file, lineNo, e.getMessage());
            }
        }
    }

    private static NodeType headerType(String line) {
        if (line.startsWith("Switch") && isSeparator(line, 6)) {
            return NodeType.SWITCH;
        }
        if (line.startsWith("Hca") && isSeparator(line, 3)) {
            return NodeType.CA;
        }
        if (line.startsWith("Ca") && isSeparator(line, 2)) {
            return NodeType.CA;
        }
        if (line.startsWith("Rt") && isSeparator(line, 2)) {
            return NodeType.ROUTER;
        }
        return null;
    }

    private static boolean isSeparator(String line, int at) {
        return at < line.length() && (Character.isWhitespace(line.charAt(at)) || Character.isDigit(line.charAt(at)));
    }

    private PendingNode header(NodeType type, String line, String file, int lineNo) throws LineException {
        int keyword = line.startsWith("Switch") ? 6 : line.startsWith("Hca") ? 3 : 2;
        RecordLines.Header h = RecordLines.header(type, line.substring(keyword));
        PendingNode earlier = byName.get(h.name());
        if (earlier != null) {
            throw new LineException(
                    "a node named \"" + h.name() + "\" is already defined at " + earlier.file + ":" + earlier.line);
        }
        long guid = guids.get(type);
        String owner = guidOwners.get(guid);
        if (owner != null) {
            throw new LineException(
                    "GUID 0x" + Long.toHexString(guid) + " of \"" + h.name() + "\" is already \"" + owner + "\"'s");
        }
        // a switch takes one GUID, a CA or router one for the node and one for each port (ibsim's new_node)
        guids.put(type, guid + (type == NodeType.SWITCH ? 1 : h.ports() + 1));
        if (topologyDefaults == null) {
            topologyDefaults = linkDefaults.clone();
        }
        PendingNode node = new PendingNode(type, h.name(), h.ports(), guid, systemImageGuid, vendorId, deviceId,
                linkDefaults, nodes.size(), file, lineNo);
        // ibsim forgets vendid= and sysimgguid= after one node, but keeps devid=
        vendorId = 0;
        systemImageGuid = 0;
        nodes.add(node);
        byName.put(node.name, node);
        guidOwners.put(guid, node.name);
        if (h.description() != null && !h.description().isEmpty() && !h.description().equals(h.name())) {
            descriptions.put(h.name(), h.description());
        }
        if (h.enhancedPort0()) {
            enhancedPort0.add(h.name());
        }
        if (h.lid() >= 0) {
            lids.put(new PortRef(h.name(), 0), h.lid());
        }
        return node;
    }

    /** Reads the record's port lines from index {@code i}; returns the index of the first line after them. */
    private int ports(PendingNode node, List<String> lines, int i, String file) throws TopologyFormatException {
        while (i < lines.size()) {
            String line = lines.get(i).strip();
            if (!line.startsWith("#") && !line.startsWith("[") && !line.startsWith("@")) {
                return i;
            }
            int lineNo = ++i;
            if (line.startsWith("#")) {
                continue;
            }
            try {
                RecordLines.Port p = RecordLines.port(node.type, line);
                if (p.port() == 0) {
                    throw new LineException("port 0 of \"" + node.name + "\" cannot be cabled");
                }
                if (p.port() > node.ports) {
                    throw new LineException(
                            "port " + p.port() + " of \"" + node.name + "\" is beyond its " + node.ports + " ports");
                }
                PortLine earlier = node.lines[p.port()];
                if (earlier != null) {
                    throw new LineException("port " + p.port() + " of \"" + node.name + "\" is already cabled at "
                            + earlier.file() + ":" + earlier.line());
                }
                node.lines[p.port()] = new PortLine(p.peer(), p.peerPort(), p.width(), p.speed(), p.extSpeed(), file,
                        lineNo);
                if (p.lid() >= 0) {
                    lids.put(new PortRef(node.name, p.port()), p.lid());
                }
            } catch (LineException e) {
                throw new TopologyFormatException(file, lineNo, e.getMessage());
            }
        }
        return i;
    }

    private void directive(String line, String file, Path dir) throws LineException, TopologyFormatException {
        if (line.isEmpty() || line.startsWith("#") || line.startsWith("Chassis") || line.startsWith("Hostname:")
                || line.equals("Non-Chassis Nodes")) {
            return; // comments, and ibnetdiscover -g's grouping lines, which ibsim skips too
        }
        if (line.startsWith("[") || line.startsWith("@")) {
            throw new LineException("a port line outside a node record");
        }
        String word = line.split("[\\s=+]", 2)[0];
        switch (word) {
            case "switchguid" -> guidBase(NodeType.SWITCH, line);
            case "caguid", "hcaguids" -> guidBase(NodeType.CA, line);
            case "rtguid" -> guidBase(NodeType.ROUTER, line);
            case "vendid" -> vendorId = (int) RecordLines.range(word, Cursor.number(word, value(line)), 0, 0xffffff);
            case "devid" -> deviceId = (int) RecordLines.range(word, Cursor.number(word, value(line)), 0, 0xffff);
            case "sysimgguid" -> systemImageGuid = Cursor.number(word, value(line));
            case "width" -> linkDefaults[0] = (int) RecordLines.range(word, Cursor.number(word, value(line)), 1, 31);
            case "speed" -> linkDefaults[1] = (int) RecordLines.range(word, Cursor.number(word, value(line)), 1, 7);
            case "extspeed" -> linkDefaults[2] = (int) RecordLines.range(word, Cursor.number(word, value(line)), 0, 15);
            case "include" -> include(line.substring(7).strip(), file, dir);
            case "do" -> {
                String command = line.substring(2).strip();
                if (command.isEmpty()) {
                    throw new LineException("\"do\" without a console command");
                }
                commands.add(command);
            }
            case "pdebug" -> {
                /* ibsim's parser tracing: nothing to trace here */ }
            case "module" -> throw new LineException("module prefixes (module=) are not supported");
            default -> throw new LineException("unrecognised line \"" + abbreviate(line) + "\"");
        }
    }

    private static String value(String line) throws LineException {
        int eq = line.indexOf('=');
        if (eq < 0) {
            throw new LineException("bad assignment: missing \"=\"");
        }
        return line.substring(eq + 1);
    }

    /** {@code caguid=X} sets the next GUID; {@code caguid+N} adds N to the last absolute base (ibsim's rule). */
    private void guidBase(NodeType type, String line) throws LineException {
        int eq = line.indexOf('=');
        int plus = line.indexOf('+');
        if (eq < 0 && plus < 0) {
            throw new LineException("bad assignment: missing \"=\" or \"+\"");
        }
        boolean relative = eq < 0 || (plus >= 0 && plus < eq);
        String key = line.split("[\\s=+]", 2)[0];
        long value = Cursor.number(key, line.substring((relative ? plus : eq) + 1));
        if (!relative) {
            absGuids.put(type, value);
            value = 0;
        }
        guids.put(type, absGuids.get(type) + value);
    }

    private void include(String arg, String file, Path dir) throws LineException, TopologyFormatException {
        String name = arg;
        if (arg.startsWith("\"")) {
            int end = arg.indexOf('"', 1);
            if (end < 0) {
                throw new LineException("the included file's name has no closing quote");
            }
            name = arg.substring(1, end);
        }
        if (name.isEmpty()) {
            throw new LineException("\"include\" names no file");
        }
        if (dir == null) {
            throw new LineException("cannot include \"" + name + "\": the text has no folder");
        }
        Path path;
        try {
            path = dir.resolve(name).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new LineException("\"" + name + "\" is not a file name here: " + e.getReason());
        }
        Path key = path.toAbsolutePath();
        if (includes.contains(key)) {
            List<Path> chain = new ArrayList<>(includes);
            java.util.Collections.reverse(chain);
            chain.add(key);
            throw new LineException("include cycle: "
                    + chain.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(" -> ")));
        }
        List<String> lines;
        try {
            lines = readLines(path);
        } catch (IOException e) {
            throw new LineException("cannot read included file " + path + ": " + e.getClass().getSimpleName());
        }
        includes.push(key);
        parse(path.toString(), path.getParent(), lines);
        includes.pop();
    }

    private static String abbreviate(String line) {
        return line.length() <= 40 ? line : line.substring(0, 40) + "...";
    }

    private NetFile finish() throws TopologyFormatException {
        int[] defaults = topologyDefaults != null ? topologyDefaults : linkDefaults;
        List<Link> links = new ArrayList<>();
        for (PendingNode a : nodes) {
            for (int p = 1; p <= a.ports; p++) {
                PortLine line = a.lines[p];
                if (line != null) {
                    Link link = link(a, p, line, defaults);
                    if (link != null) {
                        links.add(link);
                    }
                }
            }
        }
        List<Node> built = nodes.stream().map(PendingNode::toNode).toList();
        try {
            Topology topology = TopologyBuilder.canonical(built, links, defaults[0], defaults[1], defaults[2]);
            return new NetFile(topology, descriptions, lids, enhancedPort0, commands);
        } catch (IllegalArgumentException e) {
            throw new TopologyFormatException(nodes.isEmpty() ? "?" : nodes.get(0).file, 0, e.getMessage());
        }
    }

    /** @return the link from a's port p, or null when it is made from the peer's end (which comes first) */
    private Link link(PendingNode a, int p, PortLine line, int[] defaults) throws TopologyFormatException {
        PendingNode b = byName.get(line.peer());
        if (b == null) {
            throw new TopologyFormatException(line.file(), line.line(), "no node named \"" + line.peer() + "\"");
        }
        int q = line.peerPort();
        if (q > b.ports) {
            throw new TopologyFormatException(line.file(), line.line(),
                    "port " + q + " of \"" + b.name + "\" is beyond its " + b.ports + " ports");
        }
        if (a == b && p == q) {
            throw new TopologyFormatException(line.file(), line.line(),
                    "port " + p + " of \"" + a.name + "\" is cabled to itself");
        }
        PortLine back = b.lines[q];
        if (back == null || !back.peer().equals(a.name) || back.peerPort() != p) {
            // ibsim refuses a cable that only one end lists, or that the ends list differently
            String says = back == null
                    ? "it has no line"
                    : "its line says \"" + back.peer() + "\"[" + back.peerPort() + "]";
            throw new TopologyFormatException(line.file(), line.line(), "port " + q + " of \"" + b.name
                    + "\" is not cabled back to port " + p + " of \"" + a.name + "\" (" + says + ")");
        }
        if (b.index < a.index || (b == a && q < p)) {
            return null;
        }
        int width = common(line.width(), a.width, back.width(), b.width, defaults[0]);
        int speed = common(line.speed(), a.speed, back.speed(), b.speed, defaults[1]);
        int ext = common(line.extSpeed(), a.extSpeed, back.extSpeed(), b.extSpeed, defaults[2]);
        return new Link(a.name, p, b.name, q, width, speed, ext);
    }

    /** The mask both ends enable, 0 when it is the topology's default (or when they share none: the default). */
    private static int common(int a, int aNode, int b, int bNode, int topologyDefault) {
        int mask = (a >= 0 ? a : aNode) & (b >= 0 ? b : bNode);
        return mask == topologyDefault ? 0 : mask;
    }
}
