package org.infiniscope.discovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * infiniband-diags' node-name map: the file that {@code ibnetdiscover}, {@code iblinkinfo}, {@code ibqueryerrors} and
 * {@code ibtracert} take with {@code --node-name-map}, giving nodes names of the operator's choosing in place of their
 * NodeDescription.
 * <p>
 * Format, as the diags read it: one node per line, {@code GUID NAME}. The GUID is a C integer ({@code 0x} hex, a
 * leading {@code 0} octal, else decimal); the name is the first run of text after it that contains neither {@code "}
 * nor {@code #} (so {@code 0x0008f10500000100 "leaf 1"  # rack 3} names the node {@code leaf 1}). Blank lines and
 * lines whose first non-blank character is {@code #} are comments; a GUID with no name adds nothing; the first line
 * naming a GUID wins. Unlike the diags, which warn and go on without any map, a line whose GUID cannot be read is an
 * error naming the line.
 */
public final class NodeNameMap {

    /** The map with no names: every node is its NodeDescription. */
    public static final NodeNameMap EMPTY = new NodeNameMap(Map.of());

    private final Map<Long, String> names;

    private NodeNameMap(Map<Long, String> names) {
        this.names = Map.copyOf(names);
    }

    /**
     * The map the diags read when no {@code --node-name-map} is given: rdma-core's {@code IBDIAG_NODENAME_MAP_PATH},
     * {@code /etc/rdma/ib-node-name-map} in Debian's build (its ibroute, saquery and smpquery binaries name that
     * path). The diags honour it only when it exists.
     */
    public static final Path DEFAULT_FILE = Path.of("/etc/rdma", "ib-node-name-map");

    /**
     * The map a tool uses, as the diags' {@code open_node_name_map} picks it: the file given, else
     * {@link #DEFAULT_FILE} when it exists, else {@link #EMPTY}.
     *
     * @param file the {@code --node-name-map} file, or null when none was given
     * @throws NodeNameMapException when a line is malformed
     * @throws IOException when the file cannot be read
     */
    public static NodeNameMap open(Path file) throws IOException, NodeNameMapException {
        return open(file, DEFAULT_FILE);
    }

    /**
     * As {@link #open(Path)}, with another default file (for tests).
     *
     * @param file the {@code --node-name-map} file, or null when none was given
     * @param defaultFile the file read when {@code file} is null, if it exists
     */
    public static NodeNameMap open(Path file, Path defaultFile) throws IOException, NodeNameMapException {
        if (file != null) {
            return load(file);
        }
        return Files.exists(defaultFile) ? load(defaultFile) : EMPTY;
    }

    /**
     * Reads a map file.
     *
     * @throws NodeNameMapException when a line is malformed
     * @throws IOException when the file cannot be read
     */
    public static NodeNameMap load(Path file) throws IOException, NodeNameMapException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(in, file.toString());
        }
    }

    /** Reads a map from text; {@code source} names it in errors. */
    public static NodeNameMap parse(String text, String source) throws NodeNameMapException {
        try {
            return parse(new StringReader(text), source);
        } catch (IOException e) {
            throw new IllegalStateException("a string reader failed", e);
        }
    }

    /** Reads a map; {@code source} names it in errors. */
    public static NodeNameMap parse(Reader reader, String source) throws IOException, NodeNameMapException {
        BufferedReader in = new BufferedReader(reader);
        Map<Long, String> names = new HashMap<>();
        String line;
        int number = 0;
        while ((line = in.readLine()) != null) {
            number++;
            String text = line.stripLeading(); // as the diags: blanks before the name's end are part of it
            if (text.isEmpty() || text.charAt(0) == '#') {
                continue;
            }
            int end = 0;
            while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && text.charAt(end) != '#') {
                end++;
            }
            long guid = guid(text.substring(0, end), source, number, line);
            String name = name(text.substring(end).stripLeading());
            if (name != null) {
                names.putIfAbsent(guid, name);
            }
        }
        return new NodeNameMap(names);
    }

    /** strtoull(3) with base 0, which the diags use: 0x hex, leading 0 octal, else decimal; 64 bits. */
    private static long guid(String word, String source, int number, String line) throws NodeNameMapException {
        String digits = word;
        int radix = 10;
        if (word.startsWith("0x") || word.startsWith("0X")) {
            digits = word.substring(2);
            radix = 16;
        } else if (word.length() > 1 && word.startsWith("0")) {
            digits = word.substring(1);
            radix = 8;
        }
        try {
            if (!digits.isEmpty() && Character.digit(digits.charAt(0), radix) >= 0) {
                BigInteger value = new BigInteger(digits, radix);
                if (value.bitLength() <= 64) {
                    return value.longValue();
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new NodeNameMapException(source, number,
                "'" + word + "' is not a GUID (0x followed by up to 16 hex digits) in \"" + line.strip() + "\"");
    }

    /** The first run of text without '"' or '#', as strtok(p, "\"#") takes it; null when there is none. */
    private static String name(String rest) {
        int start = 0;
        while (start < rest.length() && (rest.charAt(start) == '"' || rest.charAt(start) == '#')) {
            start++;
        }
        int end = start;
        while (end < rest.length() && rest.charAt(end) != '"' && rest.charAt(end) != '#') {
            end++;
        }
        return end > start ? rest.substring(start, end) : null;
    }

    /** @return the name the map gives this node GUID, if any */
    public Optional<String> name(long nodeGuid) {
        return Optional.ofNullable(names.get(nodeGuid));
    }

    /**
     * The name the diags print for a node: the map's name, else the NodeDescription with each unprintable character
     * made a space (remap_node_name).
     */
    public String nameOf(long nodeGuid, String description) {
        String name = names.get(nodeGuid);
        return name != null ? name : printable(description);
    }

    /** @return the NodeDescription with each character outside printable ASCII made a space (clean_nodedesc) */
    public static String printable(String description) {
        StringBuilder text = new StringBuilder(description.length());
        for (int i = 0; i < description.length(); i++) {
            char c = description.charAt(i);
            text.append(c >= 0x20 && c < 0x7f ? c : ' ');
        }
        return text.toString();
    }

    /** @return how many nodes the map names */
    public int size() {
        return names.size();
    }
}
