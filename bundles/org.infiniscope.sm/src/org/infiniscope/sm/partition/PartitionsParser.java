package org.infiniscope.sm.partition;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code partitions.conf} the way OpenSM 3.3.23 does, keeping positions: {@code #} starts a comment to the end
 * of the line; a statement's header ({@code name=pkey,flags}) ends at the first {@code :} of its line; its members
 * run over any number of lines up to {@code ;}; an {@code mgid=} member takes the rest of its line up to the
 * {@code ;}. Keywords, flag names and membership words may be abbreviated as OpenSM allows (its parser compares only
 * the letters written).
 */
final class PartitionsParser {

    private final String text;
    private final String source;
    private final List<PartitionDefinition> definitions = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    // the statement being read: it may span lines
    private Header header;
    private List<Member> members;
    private List<MulticastGroup> groups;

    private int lineNumber;
    private int lineStart;

    PartitionsParser(String text, String source) {
        this.text = text;
        this.source = source;
    }

    private record Header(String name, Integer pkey, List<Flag> flags, int line, int column, int start) {
    }

    PartitionsFile parse() throws PartitionsException {
        int offset = 0;
        lineNumber = 0;
        while (offset < text.length()) {
            int newline = text.indexOf('\n', offset);
            int end = newline < 0 ? text.length() : newline;
            lineNumber++;
            lineStart = offset;
            String line = text.substring(offset, end);
            int hash = line.indexOf('#');
            parseLine(hash < 0 ? line : line.substring(0, hash));
            offset = end + 1;
        }
        if (header != null) {
            warnings.add(source + ":" + header.line + ":" + header.column + ": partition '" + describe(header)
                    + "' has no ';' at its end (OpenSM takes it as it stands)");
            finish(text.length());
        }
        return new PartitionsFile(source, text, definitions, warnings);
    }

    private void parseLine(String line) throws PartitionsException {
        int i = 0;
        while (true) {
            i = skipBlanks(line, i, line.length());
            if (i >= line.length()) {
                return;
            }
            int semicolon = line.indexOf(';', i);
            int end = semicolon < 0 ? line.length() : semicolon;
            if (header == null) {
                int colon = line.indexOf(':', i);
                if (colon < 0 || colon > end) {
                    throw error(semicolon < 0 ? line.length() : semicolon,
                            "expected ':' after the partition definition '" + line.substring(i, end).strip()
                                    + "' (Name=PKEY[,flags]: members;)");
                }
                header = header(line, i, colon);
                members = new ArrayList<>();
                groups = new ArrayList<>();
                i = colon + 1;
            }
            members(line, i, end);
            if (semicolon < 0) {
                return;
            }
            finish(lineStart + semicolon + 1);
            i = semicolon + 1;
        }
    }

    private void finish(int endOffset) {
        Position position = new Position(header.line, header.column, header.start, endOffset);
        definitions.add(new PartitionDefinition(header.name, header.pkey, header.flags, members, groups, position));
        header = null;
        members = null;
        groups = null;
    }

    private Header header(String line, int from, int colon) throws PartitionsException {
        List<int[]> tokens = split(line, from, colon);
        int[] first = tokens.get(0);
        int equals = line.indexOf('=', first[0]);
        String name;
        String id = null;
        int idColumn = first[0];
        if (equals >= 0 && equals < first[1]) {
            name = line.substring(first[0], equals).strip();
            id = line.substring(equals + 1, first[1]).strip();
            idColumn = skipBlanks(line, equals + 1, first[1]);
        } else {
            name = line.substring(first[0], first[1]).strip();
            idColumn = skipBlanks(line, first[0], first[1]);
            if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
                id = name; // OpenSM: a name that starts with a digit is the P_Key
                name = null;
            }
        }
        if (name != null && name.isEmpty()) {
            name = null;
        }
        Integer pkey = null;
        if (id != null) {
            Long value = number(id);
            if (value == null) {
                throw error(idColumn, "expected a P_Key number (0x7fff, 0x8001, 32769), found '" + id + "'");
            }
            if (value > 0xffff) {
                warn(idColumn, "P_Key " + id + " has more than 16 bits; OpenSM keeps the low 16: "
                        + String.format("0x%04x", value & 0xffff));
            }
            pkey = (int) (value & 0xffff);
        }
        List<Flag> flags = new ArrayList<>();
        for (int t = 1; t < tokens.size(); t++) {
            int[] token = tokens.get(t);
            Flag flag = flag(line, token);
            if (flag.name().isEmpty()) {
                throw error(token[0], "expected a partition flag (ipoib, mtu=, rate=, sl=, scope=, defmember=, "
                        + "indx0…) after ','");
            }
            checkPartitionFlag(flag, skipBlanks(line, token[0], token[1]));
            flags.add(flag);
        }
        int start = skipBlanks(line, from, colon);
        return new Header(name, pkey, flags, lineNumber, start + 1, lineStart + start);
    }

    private void members(String line, int from, int end) throws PartitionsException {
        for (int[] token : split(line, from, end)) {
            Flag spec = flag(line, token);
            int column = skipBlanks(line, token[0], token[1]);
            if (spec.name().equals("mgid")) {
                group(line, column, token[0], end, spec);
                return; // the group takes the rest of the line
            }
            if (spec.name().isEmpty() || PartitionFlags.prefix(spec.name(), "NONE")) {
                continue; // OpenSM skips empty specifiers and NONE
            }
            Member.Kind kind = keyword(spec.name());
            long guid = 0;
            if (kind == null) {
                Long value = number(spec.name());
                if (value == null || value == 0) {
                    throw error(column, "expected a port GUID (0x0002c90300000001) or ALL, ALL_CAS, ALL_SWITCHES, "
                            + "ALL_ROUTERS, SELF, found '" + spec.name() + "'");
                }
                kind = Member.Kind.GUID;
                guid = value;
            }
            Membership membership = null;
            if (spec.value() != null) {
                membership = PartitionFlags.membership(spec.value(), null);
                if (membership == null) {
                    warn(column, "unknown membership '" + spec.value() + "' (full, limited or both): OpenSM takes "
                            + "it as limited");
                    membership = Membership.LIMITED;
                }
            }
            int last = trimEnd(line, token[0], token[1]);
            members.add(new Member(kind, guid, membership,
                    new Position(lineNumber, column + 1, lineStart + column, lineStart + last)));
        }
    }

    private void group(String line, int column, int from, int end, Flag spec) throws PartitionsException {
        List<int[]> tokens = split(line, from, end);
        String mgid = spec.value() == null ? "" : spec.value();
        if (!Mgid.isMulticast(mgid)) {
            warn(column, "mgid '" + mgid + "' is not a multicast GID (ff..::..): OpenSM skips the group");
        }
        List<Flag> flags = new ArrayList<>();
        for (int t = 1; t < tokens.size(); t++) {
            Flag flag = flag(line, tokens.get(t));
            int flagColumn = skipBlanks(line, tokens.get(t)[0], tokens.get(t)[1]);
            if (PartitionFlags.groupFlag(flag.name()) == null || flag.name().isEmpty()) {
                warn(flagColumn, "unknown multicast group flag '" + flag.name() + "' (rate, mtu, sl, scope, Q_Key, "
                        + "TClass, FlowLabel): OpenSM ignores it");
            } else {
                checkGroupFlag(flag, flagColumn);
            }
            flags.add(flag);
        }
        int last = trimEnd(line, from, end);
        groups.add(new MulticastGroup(mgid, flags,
                new Position(lineNumber, column + 1, lineStart + column, lineStart + last)));
    }

    private void checkPartitionFlag(Flag flag, int column) {
        String name = flag.name();
        if (PartitionFlags.groupFlag(name) != null) {
            checkGroupFlag(flag, column);
        } else if (PartitionFlags.isIpoib(name) || name.equals("indx0")) {
            return;
        } else if (PartitionFlags.isDefmember(name)) {
            if (PartitionFlags.defmember(flag) == null) {
                warn(column, "defmember needs full, limited or both, found '" + flag.value() + "': OpenSM ignores it");
            }
        } else {
            warn(column, "unknown partition flag '" + name + "': OpenSM ignores it");
        }
    }

    private void checkGroupFlag(Flag flag, int column) {
        String which = PartitionFlags.groupFlag(flag.name());
        Long value = flag.value() == null ? null : number(flag.value());
        long max = switch (which) {
            case "sl", "scope" -> 15;
            case "FlowLabel" -> 0xfffff;
            case "TClass" -> 0xff;
            case "Q_Key" -> 0xffffffffL;
            default -> 0x3f;
        };
        boolean zeroAllowed = which.equals("sl") || which.equals("FlowLabel") || which.equals("TClass")
                || which.equals("Q_Key");
        if (value == null || value > max || (value == 0 && !zeroAllowed)) {
            warn(column, which + " needs a number" + (zeroAllowed ? "" : " above 0") + " up to " + max + ", found '"
                    + flag.value() + "': OpenSM skips it");
        }
    }

    private static Member.Kind keyword(String word) {
        // in OpenSM's order: "A" is ALL, "ALL_" is none of them
        for (Member.Kind kind : List.of(Member.Kind.ALL, Member.Kind.ALL_CAS, Member.Kind.ALL_SWITCHES,
                Member.Kind.ALL_ROUTERS, Member.Kind.SELF)) {
            if (PartitionFlags.prefix(word, kind.name())) {
                return kind;
            }
        }
        return null;
    }

    /** Splits {@code [from, to)} at commas into {start, end} ranges. */
    private static List<int[]> split(String line, int from, int to) {
        List<int[]> tokens = new ArrayList<>();
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || line.charAt(i) == ',') {
                tokens.add(new int[]{start, i});
                start = i + 1;
            }
        }
        return tokens;
    }

    /** @return {@code name[=value]} of a range, both stripped */
    private static Flag flag(String line, int[] token) {
        String text = line.substring(token[0], token[1]);
        int equals = text.indexOf('=');
        if (equals < 0) {
            return new Flag(text.strip(), null);
        }
        return new Flag(text.substring(0, equals).strip(), text.substring(equals + 1).strip());
    }

    /** A number as C's strtoul with base 0 reads it: 0x hex, leading 0 octal, else decimal; null when not one. */
    static Long number(String text) {
        try {
            if (text.startsWith("0x") || text.startsWith("0X")) {
                return text.length() > 2 ? Long.parseUnsignedLong(text.substring(2), 16) : null;
            }
            if (text.length() > 1 && text.startsWith("0")) {
                return Long.parseUnsignedLong(text.substring(1), 8);
            }
            return text.isEmpty() || !Character.isDigit(text.charAt(0)) ? null : Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static int skipBlanks(String line, int i, int to) {
        while (i < to && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int trimEnd(String line, int from, int to) {
        while (to > from && Character.isWhitespace(line.charAt(to - 1))) {
            to--;
        }
        return to;
    }

    private static String describe(Header header) {
        return header.name != null ? header.name : String.format("0x%04x", header.pkey == null ? 0 : header.pkey);
    }

    private PartitionsException error(int column, String problem) {
        return new PartitionsException(source, lineNumber, column + 1, problem);
    }

    private void warn(int column, String problem) {
        warnings.add(source + ":" + lineNumber + ":" + (column + 1) + ": " + problem);
    }
}
