package org.infiniscope.topology;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The test fabrics, kept as resources of this fragment (copies of the shared fabrics and ibsim's examples). */
final class Fabrics {

    private Fabrics() {
    }

    static String text(String name) {
        try (InputStream in = Fabrics.class.getResourceAsStream("/org/infiniscope/topology/fabrics/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test fabric " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static NetFile read(String name) throws TopologyFormatException {
        return NetFiles.parse(name, text(name), null);
    }

    /** Copies resources under a fresh folder of target/, for the tests that need real files (includes). */
    static Path copy(String folder, String... names) throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "fabrics")), folder);
        for (String name : names) {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text(name));
        }
        return dir;
    }

    static NetFile roundTrip(NetFile file) throws IOException, TopologyFormatException {
        StringBuilder out = new StringBuilder();
        NetFiles.write(file, out);
        return NetFiles.parse("written.net", out.toString(), null);
    }
}
