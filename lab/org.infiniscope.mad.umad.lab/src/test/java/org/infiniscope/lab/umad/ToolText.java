package org.infiniscope.lab.umad;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the normal text output of infiniband-diags: the dotted {@code Name:.....value} lines of libibmad's dumps
 * ({@code smpquery}, {@code perfquery}) and the {@code name.......value} lines of {@code saquery}'s record dumps.
 * A title line ({@code # Port info: ...}, {@code PathRecord dump:}) starts a new record; an indented line that is
 * not a field belongs to the field above it (the capability names under {@code CapMask}). Anything else (libibumad
 * warnings, hex dumps of {@code -dd}) is not a field and is skipped.
 */
final class ToolText {

    /**
     * libibmad pads the name and its colon with dots to a column; a name of 32 characters or more gets none, so
     * zero dots are allowed, but then the value must follow the colon at once ({@code ibwarn: [12] ...} is no
     * field).
     */
    private static final Pattern COLON_FIELD = Pattern
            .compile("\\s*([A-Za-z][A-Za-z0-9_]*):(?:\\.+\\s*|(?=\\S|$))(.*)");
    /** saquery pads the name alone with dots; two at least, so that prose with a full stop is no field. */
    private static final Pattern DOTTED_FIELD = Pattern.compile("\\s*([A-Za-z][A-Za-z0-9_]*)\\.{2,}\\s*(.*)");
    private static final Pattern RECORD_TITLE = Pattern.compile("#.*|[A-Za-z][A-Za-z ]* dump:");

    /**
     * One block of output.
     *
     * @param title the line that opened it ({@code # Node info: DR path ...}), or empty for fields before any
     * @param fields field name to value, in the order printed; unmodifiable
     * @param details the indented lines under a field, such as the capability names under {@code CapMask};
     *        unmodifiable
     */
    record Block(String title, Map<String, String> fields, Map<String, List<String>> details) {

        /** @return the value printed for {@code name} */
        String get(String name) {
            String value = fields.get(name);
            if (value == null) {
                throw new IllegalArgumentException("no field " + name + " in '" + title + "': " + fields.keySet());
            }
            return value;
        }
    }

    private ToolText() {
    }

    /**
     * @return the blocks that hold at least one field, in order
     * @throws IllegalArgumentException when a block prints a field twice, so that one of the values would be lost
     */
    static List<Block> parse(String output) {
        List<Block> blocks = new ArrayList<>();
        Builder current = new Builder("");
        String lastField = null;
        for (String line : output.split("\r?\n")) {
            if (line.isBlank()) {
                continue;
            }
            Matcher field = COLON_FIELD.matcher(line);
            if (!field.matches()) {
                field = DOTTED_FIELD.matcher(line);
            }
            if (field.matches() && !RECORD_TITLE.matcher(line.strip()).matches()) {
                lastField = field.group(1);
                current.put(lastField, field.group(2).strip());
            } else if (RECORD_TITLE.matcher(line.strip()).matches()) {
                current.addTo(blocks);
                current = new Builder(line.strip());
                lastField = null;
            } else if (Character.isWhitespace(line.charAt(0)) && lastField != null) {
                current.detail(lastField, line.strip());
            } else {
                lastField = null; // a warning or a hex dump line ends what the field above printed
            }
        }
        current.addTo(blocks);
        return Collections.unmodifiableList(blocks);
    }

    /**
     * @return the only block of the output
     * @throws IllegalArgumentException when there is none or more than one
     */
    static Block single(String output) {
        List<Block> blocks = parse(output);
        if (blocks.size() != 1) {
            throw new IllegalArgumentException(blocks.size() + " blocks of fields, expected 1, in:\n" + output);
        }
        return blocks.getFirst();
    }

    private static final class Builder {

        private final String title;
        private final Map<String, String> fields = new LinkedHashMap<>();
        private final Map<String, List<String>> details = new LinkedHashMap<>();

        Builder(String title) {
            this.title = title;
        }

        void put(String name, String value) {
            if (fields.putIfAbsent(name, value) != null) {
                throw new IllegalArgumentException("field " + name + " printed twice in '" + title + "'");
            }
        }

        void detail(String name, String line) {
            details.computeIfAbsent(name, n -> new ArrayList<>()).add(line);
        }

        void addTo(List<Block> blocks) {
            if (fields.isEmpty()) {
                return;
            }
            Map<String, List<String>> frozen = new LinkedHashMap<>();
            details.forEach((name, lines) -> frozen.put(name, List.copyOf(lines)));
            blocks.add(new Block(title, Collections.unmodifiableMap(new LinkedHashMap<>(fields)),
                    Collections.unmodifiableMap(frozen)));
        }
    }
}
