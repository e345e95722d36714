package org.infiniscope.topology.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.internal.Cursor.LineException;

/**
 * The two lines of a node record: the header ({@code Switch 36 "name" # "desc" enhanced port 0 lid 1 lmc 0}) and a
 * port line ({@code [1](guid) "peer"[2](guid) w=4 # "desc" lid 2 4xQDR}), in ibsim's dialect and ibnetdiscover's.
 */
final class RecordLines {

    /** ibnetdiscover's link text at the end of a port comment: the peer's LID, then width and speed. */
    private static final Pattern LINK = Pattern.compile("lid\\s+(\\d+)\\s+(\\d+)x([A-Za-z0-9]+)");
    /** ibnetdiscover's own LID and LMC at the start of a CA port's comment. */
    private static final Pattern OWN_LID = Pattern.compile("^\\s*lid\\s+(\\d+)\\s+lmc\\s+(\\d+)");
    private static final Pattern SWITCH_LID = Pattern.compile("\\blid\\s+(\\d+)");
    private static final String[] DESC_ENDS = {" enhanced port ", " base port ", " lid ", " lmc "};

    private RecordLines() {
    }

    /** A parsed header; description is null when the line has none, lid -1. */
    record Header(int ports, String name, String description, boolean enhancedPort0, int lid) {
    }

    /** A parsed port line; lid is the CA port's own LID from ibnetdiscover output, or -1. */
    record Port(int port, String peer, int peerPort, int width, int speed, int extSpeed, int lid) {
    }

    static Header header(NodeType type, String afterKeyword) throws LineException {
        Cursor c = new Cursor(afterKeyword);
        c.skipSpace();
        int ports = c.decimal("a port count");
        if (ports < 1 || ports > 254) {
            throw new LineException("port count " + ports + " is outside 1..254");
        }
        String name = c.quoted("node name");
        checkName(name);
        String rest = c.rest().strip();
        if (rest.isEmpty()) {
            return new Header(ports, name, null, false, -1);
        }
        if (rest.charAt(0) != '#') {
            throw new LineException("unexpected \"" + rest + "\" after the node name");
        }
        String s = rest.substring(1).strip();
        String description;
        String after;
        if (s.startsWith("\"")) {
            int end = s.indexOf('"', 1);
            description = end < 0 ? s.substring(1) : s.substring(1, end);
            after = end < 0 ? "" : s.substring(end + 1);
        } else {
            int end = s.length();
            for (String marker : DESC_ENDS) {
                int at = s.indexOf(marker);
                if (at >= 0 && at < end) {
                    end = at;
                }
            }
            description = s.substring(0, end);
            after = s.substring(end);
        }
        int lid = -1;
        if (type == NodeType.SWITCH) {
            Matcher m = SWITCH_LID.matcher(after);
            if (m.find()) {
                lid = parseLid(m.group(1));
            }
        }
        return new Header(ports, name, description, after.contains("enhanced port 0"), lid);
    }

    static Port port(NodeType type, String line) throws LineException {
        Cursor c = new Cursor(line);
        if (c.peek() == '@') {
            throw new LineException("port aliases (@) are not supported");
        }
        c.accept('[');
        int port = c.decimal("a port number");
        if (!c.accept(']')) {
            throw new LineException("expected \"]\" after port " + port);
        }
        c.skipParenthesised();
        String peer = c.quoted("peer node name");
        checkName(peer);
        int peerPort = 1; // ibsim's default when the line gives no peer port
        if (c.accept('[')) {
            peerPort = c.decimal("the peer's port number");
            if (!c.accept(']')) {
                throw new LineException("expected \"]\" after the peer's port " + peerPort);
            }
            if (peerPort == 0) {
                throw new LineException("port 0 of \"" + peer + "\" cannot be cabled");
            }
        }
        c.skipSpace();
        c.skipParenthesised();
        String rest = c.rest();
        int hash = rest.indexOf('#');
        int[] opts = {-1, -1, -1};
        options(hash < 0 ? rest : rest.substring(0, hash), opts);
        int lid = -1;
        if (hash >= 0 && type != NodeType.ROUTER) {
            // ibsim reads ibnetdiscover's link text on switch and CA lines only
            String comment = rest.substring(hash + 1);
            linkText(comment, opts);
            Matcher own = OWN_LID.matcher(comment);
            if (type == NodeType.CA && own.find()) {
                lid = parseLid(own.group(1));
            }
        }
        return new Port(port, peer, peerPort, opts[0], opts[1], opts[2], lid);
    }

    /** ibsim's per-port {@code w=}, {@code s=}, {@code e=} masks. */
    private static void options(String text, int[] opts) throws LineException {
        for (String token : text.strip().split("\\s+")) {
            if (token.isEmpty()) {
                continue;
            }
            if (token.length() < 3 || token.charAt(1) != '=') {
                throw new LineException("unexpected \"" + token + "\" on a port line");
            }
            long v = Cursor.number(token.substring(0, 1), token.substring(2));
            switch (token.charAt(0)) {
                case 'w' -> opts[0] = (int) range("w", v, 1, 31);
                case 's' -> opts[1] = (int) range("s", v, 1, 7);
                case 'e' -> opts[2] = (int) range("e", v, 0, 15);
                default -> throw new LineException("unknown port option \"" + token + "\" (w=, s=, e=)");
            }
        }
    }

    static long range(String key, long v, long min, long max) throws LineException {
        if (v < min || v > max) {
            throw new LineException(key + "=" + v + " is outside " + min + ".." + max);
        }
        return v;
    }

    /** Enabled masks from ibnetdiscover's active {@code 4xQDR}, as ibsim widens them. */
    private static void linkText(String comment, int[] opts) {
        Matcher m = LINK.matcher(comment);
        Matcher last = null;
        while (m.find()) {
            if (comment.indexOf('"', m.end()) < 0) {
                last = m;
                break;
            }
        }
        if (last == null) {
            return;
        }
        switch (last.group(2)) {
            case "12" -> opts[0] = 11;
            case "8" -> opts[0] = 4;
            case "4" -> opts[0] = 3;
            case "2" -> opts[0] = 16;
            case "1" -> opts[0] = 1;
            default -> {
                /* ibsim warns and keeps the width */ }
        }
        switch (last.group(3)) {
            case "SDR" -> opts[1] = 1;
            case "DDR" -> opts[1] = 3;
            case "QDR", "FDR10" -> opts[1] = 7;
            case "FDR" -> speeds(opts, 1);
            case "EDR" -> speeds(opts, 3);
            case "HDR" -> speeds(opts, 7);
            case "NDR" -> speeds(opts, 15);
            default -> {
                /* ibsim warns and keeps the speed */ }
        }
    }

    private static void speeds(int[] opts, int ext) {
        opts[1] = 7;
        opts[2] = ext;
    }

    private static int parseLid(String digits) throws LineException {
        if (digits.length() > 5 || Integer.parseInt(digits) > 0xffff) {
            throw new LineException("LID " + digits + " is beyond 65535");
        }
        return Integer.parseInt(digits);
    }

    private static void checkName(String name) throws LineException {
        if (name.isEmpty()) {
            throw new LineException("empty node name");
        }
        if (name.indexOf('#') >= 0 || name.indexOf('@') >= 0) {
            throw new LineException("node name \"" + name + "\": '#' and '@' are reserved");
        }
    }
}
