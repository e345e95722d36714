package org.infiniscope.discovery.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The golden files of Debian's ibnetdiscover (see golden/README.md), from the test resources. */
final class Golden {

    private Golden() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = Golden.class.getResourceAsStream("/org/infiniscope/discovery/golden/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no golden file " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String name) {
        return new String(bytes(name), StandardCharsets.UTF_8);
    }

    /** @return the text without the "generated on" line, whose date differs by run */
    static List<String> withoutDate(String text) {
        return text.lines().filter(l -> !l.startsWith("# Topology file: generated on ")).toList();
    }

    /** @return the golden file copied under target/, for a tool that reads files */
    static Path file(String name) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "golden"));
        Path file = dir.resolve(name);
        Files.write(file, bytes(name));
        return file;
    }

    /** @return a fresh folder under target/ */
    static Path scratch(String name) throws IOException {
        Files.createDirectories(Path.of("target"));
        return Files.createTempDirectory(Path.of("target"), name);
    }
}
