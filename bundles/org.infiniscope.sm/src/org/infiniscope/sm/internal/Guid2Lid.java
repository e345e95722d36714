package org.infiniscope.sm.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * OpenSM's guid2lid file: one line per port, {@code 0xPORTGUID MINLID MAXLID}, the LID range the port was given. A
 * line that does not parse, or names a range that is not unicast, is skipped (and reported), as OpenSM skips it.
 */
final class Guid2Lid {

    /** A port's LID range. */
    record Range(int min, int max) {
    }

    private Guid2Lid() {
    }

    /**
     * @param problems where the skipped lines are reported
     * @return the ranges by port GUID, in file order; empty when the file does not exist
     */
    static Map<Long, Range> read(Path file, List<String> problems) throws IOException {
        Map<Long, Range> map = new LinkedHashMap<>();
        if (file == null) {
            return map;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return map;
        }
        int number = 0;
        for (String line : lines) {
            number++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] f = t.split("\\s+");
            try {
                if (f.length != 3 || !f[0].toLowerCase().startsWith("0x")) {
                    throw new NumberFormatException("expected 0xGUID MINLID MAXLID");
                }
                long guid = Long.parseUnsignedLong(f[0].substring(2), 16);
                int min = Integer.decode(f[1]);
                int max = Integer.decode(f[2]);
                if (min < 1 || max < min || max > 0xBFFF) {
                    throw new NumberFormatException("LIDs " + min + ".." + max + " are not a unicast range");
                }
                map.put(guid, new Range(min, max));
            } catch (NumberFormatException e) {
                problems.add(file + ":" + number + ": skipped '" + t + "': " + e.getMessage());
            }
        }
        return map;
    }

    /** Writes the file whole, to a temporary file moved over the old one, so a reader never sees half of it. */
    static void write(Path file, Map<Long, Range> ranges) throws IOException {
        StringBuilder b = new StringBuilder();
        List<Map.Entry<Long, Range>> entries = new ArrayList<>(ranges.entrySet());
        entries.sort(Map.Entry.comparingByValue(java.util.Comparator.comparingInt(Range::min)));
        for (Map.Entry<Long, Range> e : entries) {
            b.append(String.format("0x%016x %d %d%n", e.getKey(), e.getValue().min(), e.getValue().max()));
        }
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            Files.writeString(tmp, b, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
