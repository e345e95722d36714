package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code ./infiniscope} as the lab tests run it: the runtime this build assembled, with a build state of the
 * test's own marked up to date, so that the launcher never starts a build of its own inside the build.
 */
final class BuiltLauncher {

    static final Path ROOT = Path.of(System.getProperty("infiniscope.root", "../.."));
    static final Path STATE = Path.of(System.getProperty("infiniscope.state", "target/launcher-state"));

    /** What a tool printed and how it ended. */
    record Output(int status, byte[] out, String err) {

        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    private BuiltLauncher() {
    }

    /** Fails when the headless runtime is not built; marks the test's build state up to date. */
    static void prepare() throws IOException {
        if (!Files.isRegularFile(
                ROOT.resolve("product/org.infiniscope.headless/target/infiniscope-runtime/infiniscope-launcher.jar"))) {
            fail("no headless runtime under " + ROOT + ": the reactor builds product before lab");
        }
        Files.createDirectories(STATE);
        Path stamp = STATE.resolve("build.stamp");
        Files.write(stamp, new byte[0]);
        Files.setLastModifiedTime(stamp, FileTime.from(Instant.now().plus(Duration.ofHours(1))));
    }

    /** @return the launcher script's absolute path */
    static String script() {
        return ROOT.resolve("infiniscope").toAbsolutePath().toString();
    }

    /** @return the value of {@code INFINISCOPE_STATE} for the launcher */
    static String state() {
        return STATE.toAbsolutePath().toString();
    }
}
