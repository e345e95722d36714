package org.infiniscope.sm.internal.partition;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.json.Json;
import org.infiniscope.sm.partition.Member;
import org.infiniscope.sm.partition.Partition;
import org.infiniscope.sm.partition.PartitionDefinition;
import org.infiniscope.sm.partition.PartitionsException;
import org.infiniscope.sm.partition.PartitionsFile;

/**
 * {@code sm partitions list|validate|show|add|remove … [--file F] [--json]}: the partitions file in OpenSM's
 * grammar, listed, checked and edited. Edits keep the file's comments and layout, are checked by reading the result
 * back, and replace the file in one rename: an edit that would make the file invalid writes nothing.
 */
public final class PartitionsCommand {

    /** The system property the launcher sets to the caller's folder; relative files resolve against it. */
    public static final String CWD_PROPERTY = "infiniscope.cwd";
    /** Where the file is by default, relative to the caller's folder: the SM's config area. */
    public static final String DEFAULT_FILE = ".infiniscope/sm/partitions.conf";

    private static final String USAGE = """
            usage: sm partitions list [--file F] [--json]
                   sm partitions validate [--file F]
                   sm partitions show NAME|PKEY [--file F] [--json]
                   sm partitions add NAME=PKEY[,FLAG]... [MEMBER[=full|limited|both]]... [--file F]
                   sm partitions remove NAME|PKEY [MEMBER]... [--file F]
              MEMBER: ALL, ALL_CAS, ALL_SWITCHES, ALL_ROUTERS, SELF or a port GUID""";

    private final Path folder;

    /** @param folder the folder relative paths resolve against (the caller's) */
    public PartitionsCommand(Path folder) {
        this.folder = folder;
    }

    /** A command resolving against {@code infiniscope.cwd}, else the working directory. */
    public PartitionsCommand() {
        this(Path.of(System.getProperty(CWD_PROPERTY, System.getProperty("user.dir"))));
    }

    /**
     * @param args the words after {@code sm partitions}
     * @return the exit status: 0 done, 1 the file is invalid or an edit was refused, 2 a bad command line
     */
    public int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> words = new ArrayList<>();
        Path file = folder.resolve(DEFAULT_FILE);
        boolean json = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--file") || arg.equals("-P")) {
                if (i + 1 == args.size()) {
                    return usage(err, arg + " needs a file");
                }
                file = folder.resolve(args.get(++i));
            } else if (arg.equals("--json")) {
                json = true;
            } else if (arg.equals("-h") || arg.equals("--help")) {
                out.println(USAGE);
                return ExitStatus.OK;
            } else {
                words.add(arg);
            }
        }
        if (words.isEmpty()) {
            return usage(err, "which: list, validate, show, add or remove?");
        }
        String verb = words.remove(0);
        try {
            return switch (verb) {
                case "list" -> words.isEmpty() ? list(file, json, out) : usage(err, "list takes no argument");
                case "validate" ->
                    words.isEmpty() ? validate(file, out, err) : usage(err, "validate takes no argument");
                case "show" -> words.size() == 1
                        ? show(file, words.get(0), json, out, err)
                        : usage(err, "show takes one partition: NAME or PKEY");
                case "add" -> words.isEmpty() ? usage(err, "add needs NAME=PKEY") : add(file, words, out, err);
                case "remove" ->
                    words.isEmpty() ? usage(err, "remove needs NAME or PKEY") : remove(file, words, out, err);
                default -> usage(err, "unknown subcommand '" + verb + "': list, validate, show, add or remove");
            };
        } catch (PartitionsException e) {
            err.println(e.getMessage());
            return ExitStatus.FAILURE;
        } catch (IOException e) {
            err.println(file + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
    }

    private static int usage(PrintStream err, String problem) {
        err.println("sm partitions: " + problem);
        err.println(USAGE);
        return ExitStatus.USAGE;
    }

    /** @return the file read, or null when it does not exist */
    private static PartitionsFile read(Path file) throws IOException, PartitionsException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        }
        return PartitionsFile.parse(text, file.toString());
    }

    private static int list(Path file, boolean json, PrintStream out) throws IOException, PartitionsException {
        PartitionsFile parsed = read(file);
        List<Partition> partitions = parsed == null ? List.of() : parsed.partitions();
        if (json) {
            Map<String, Object> object = new LinkedHashMap<>();
            object.put("file", file.toString());
            object.put("exists", parsed != null);
            object.put("partitions", partitions.stream().map(PartitionsCommand::json).toList());
            out.println(Json.write(object));
            return ExitStatus.OK;
        }
        if (parsed == null) {
            out.println("# " + file + " does not exist: OpenSM's default applies, Default=0x7fff: ALL=full");
            return ExitStatus.OK;
        }
        for (Partition partition : partitions) {
            if (partition.pkey() == Partition.DEFAULT_PKEY && partition.definitions().isEmpty()) {
                out.println("Default 0x7fff (no rule: ALL=limited, SELF=full)");
                continue;
            }
            out.println(partition.name() + " " + String.format("0x%04x", partition.pkey())
                    + (partition.ipoib() ? " ipoib" : "") + ": " + String.join(", ", members(partition)));
        }
        return ExitStatus.OK;
    }

    private static List<String> members(Partition partition) {
        List<String> members = new ArrayList<>();
        for (PartitionDefinition definition : partition.definitions()) {
            definition.groups().forEach(g -> members.add(g.text()));
            for (Member member : definition.members()) {
                Member effective = Member.of(member.kind(), member.guid(), Partition.membershipOf(definition, member));
                members.add(effective.text());
            }
        }
        return members;
    }

    private static Map<String, Object> json(Partition partition) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("name", partition.name());
        object.put("pkey", String.format("0x%04x", partition.pkey()));
        object.put("ipoib", partition.ipoib());
        object.put("members", members(partition));
        object.put("lines", partition.definitions().stream().map(d -> d.position().line()).toList());
        return object;
    }

    private static int validate(Path file, PrintStream out, PrintStream err) throws IOException, PartitionsException {
        PartitionsFile parsed = read(file);
        if (parsed == null) {
            err.println(file + ": no such file");
            return ExitStatus.FAILURE;
        }
        parsed.warnings().forEach(w -> err.println("warning: " + w));
        out.println(file + ": valid, " + parsed.definitions().size() + " statements, " + parsed.partitions().size()
                + " partitions (Default included)");
        return ExitStatus.OK;
    }

    private static int show(Path file, String which, boolean json, PrintStream out, PrintStream err)
            throws IOException, PartitionsException {
        PartitionsFile parsed = read(file);
        Partition partition = parsed == null ? null : find(parsed, which);
        if (partition == null) {
            err.println("no partition " + which + " in " + file);
            return ExitStatus.FAILURE;
        }
        if (json) {
            out.println(Json.write(json(partition)));
            return ExitStatus.OK;
        }
        out.println("name:    " + partition.name());
        out.println("pkey:    " + String.format("0x%04x", partition.pkey()));
        out.println("ipoib:   " + partition.ipoib());
        for (PartitionDefinition definition : partition.definitions()) {
            out.println("line " + definition.position().line() + ": " + definition.text().replace("\n", " "));
        }
        return ExitStatus.OK;
    }

    /** @return the partition a name or P_Key names, or null */
    static Partition find(PartitionsFile file, String which) {
        Long number = which.isEmpty() || !Character.isDigit(which.charAt(0)) ? null : PkeyText.number(which);
        for (Partition partition : file.partitions()) {
            if (number != null ? partition.pkey() == (number & 0x7fff) : partition.name().equals(which)) {
                return partition;
            }
        }
        return null;
    }

    private int add(Path file, List<String> words, PrintStream out, PrintStream err)
            throws IOException, PartitionsException {
        PartitionsFile parsed = read(file);
        String text = parsed == null ? "" : parsed.text();
        String header = words.get(0);
        List<String> members = words.subList(1, words.size());
        String statement = header + ": " + String.join(", ", members) + " ;";
        // the statement alone must read as one whole partition definition
        PartitionsFile alone = PartitionsFile.parse(statement + "\n", "argument");
        if (alone.definitions().size() != 1 || alone.definitions().get(0).pkey() == null) {
            err.println("add needs NAME=PKEY (the P_Key makes further statements merge into the partition)");
            return ExitStatus.USAGE;
        }
        String edited = text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + statement + "\n";
        write(file, edited, err);
        out.println("added to " + file + ": " + statement);
        return ExitStatus.OK;
    }

    private int remove(Path file, List<String> words, PrintStream out, PrintStream err)
            throws IOException, PartitionsException {
        PartitionsFile parsed = read(file);
        Partition partition = parsed == null ? null : find(parsed, words.get(0));
        if (partition == null || partition.definitions().isEmpty()) {
            err.println("no partition " + words.get(0) + " in " + file);
            return ExitStatus.FAILURE;
        }
        List<int[]> cuts = new ArrayList<>();
        String text = parsed.text();
        if (words.size() == 1) {
            partition.definitions().forEach(d -> cuts.add(wholeLines(text, d.position().start(), d.position().end())));
        } else {
            for (String word : words.subList(1, words.size())) {
                PartitionsFile probe = PartitionsFile.parse("x=0x1: " + word + ";", "argument");
                Member wanted = probe.definitions().get(0).members().get(0);
                int before = cuts.size();
                for (PartitionDefinition definition : partition.definitions()) {
                    for (Member member : definition.members()) {
                        if (member.sameTarget(wanted) && (wanted.membership() == null
                                || wanted.membership() == Partition.membershipOf(definition, member))) {
                            cuts.add(withComma(text, member.position().start(), member.position().end()));
                        }
                    }
                }
                if (cuts.size() == before) {
                    err.println("partition " + partition.name() + " has no member " + word + "; nothing written");
                    return ExitStatus.FAILURE;
                }
            }
        }
        cuts.sort((a, b) -> Integer.compare(b[0], a[0]));
        StringBuilder edited = new StringBuilder(text);
        int previous = Integer.MAX_VALUE;
        for (int[] cut : cuts) {
            int end = Math.min(cut[1], previous);
            if (cut[0] < end) {
                edited.delete(cut[0], end);
            }
            previous = cut[0];
        }
        write(file, edited.toString(), err);
        out.println("removed from " + file + ": " + String.join(" ", words));
        return ExitStatus.OK;
    }

    /** A statement's text, widened to whole lines when nothing else shares them. */
    private static int[] wholeLines(String text, int start, int end) {
        int lineStart = text.lastIndexOf('\n', start - 1) + 1;
        int lineEnd = text.indexOf('\n', end);
        lineEnd = lineEnd < 0 ? text.length() : lineEnd;
        boolean aloneBefore = text.substring(lineStart, start).isBlank();
        boolean aloneAfter = text.substring(end, lineEnd).isBlank();
        if (aloneBefore && aloneAfter) {
            return new int[]{lineStart, Math.min(text.length(), lineEnd + 1)};
        }
        return new int[]{start, end};
    }

    /** A member's text with the comma that joins it to the list. */
    private static int[] withComma(String text, int start, int end) {
        int after = end;
        while (after < text.length() && (text.charAt(after) == ' ' || text.charAt(after) == '\t')) {
            after++;
        }
        if (after < text.length() && text.charAt(after) == ',') {
            after++;
            while (after < text.length() && (text.charAt(after) == ' ' || text.charAt(after) == '\t')) {
                after++;
            }
            return new int[]{start, after};
        }
        int before = start;
        while (before > 0 && Character.isWhitespace(text.charAt(before - 1))) {
            before--;
        }
        if (before > 0 && text.charAt(before - 1) == ',') {
            return new int[]{before - 1, end};
        }
        return new int[]{start, end};
    }

    /** Reads the new text back, then writes it to a temporary file beside the target and renames it over. */
    private static void write(Path file, String text, PrintStream err) throws IOException, PartitionsException {
        PartitionsFile.parse(text, file.toString()).warnings().forEach(w -> err.println("warning: " + w));
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
