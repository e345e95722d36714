package org.infiniscope.sm.partition;

import java.util.List;

/**
 * A parsed {@code partitions.conf} (OpenSM 3.3.23's grammar, see {@code man opensm}, PARTITION CONFIGURATION):
 * statements in file order, and what OpenSM would only warn about (unknown flags, bad flag values, an unterminated
 * last statement). A file with an error is rejected as a whole by {@link #parse}, as OpenSM then falls back to its
 * default partition alone.
 *
 * @param source the file's name, for messages
 * @param text the file's text, for edits that keep its comments
 * @param definitions the statements in order
 * @param warnings what OpenSM would accept with a warning, each as {@code source:line:column: message}
 */
public record PartitionsFile(String source, String text, List<PartitionDefinition> definitions, List<String> warnings) {

    /** Copies the lists. */
    public PartitionsFile {
        definitions = List.copyOf(definitions);
        warnings = List.copyOf(warnings);
    }

    /**
     * Reads a partitions file.
     *
     * @param text the file's text
     * @param source the name messages give it
     * @throws PartitionsException at the first thing OpenSM would reject, with its line and column
     */
    public static PartitionsFile parse(String text, String source) throws PartitionsException {
        return new PartitionsParser(text, source).parse();
    }

    /** @return the partitions the statements make, merged by P_Key as OpenSM merges them, in file order */
    public List<Partition> partitions() {
        return Partition.merge(definitions);
    }
}
