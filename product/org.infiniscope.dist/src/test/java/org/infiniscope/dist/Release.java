package org.infiniscope.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The release archive, unpacked once per test JVM into a scratch folder under target/, and runs of its script. */
final class Release {

    static final Path ARCHIVE = Path.of(System.getProperty("infiniscope.archive", "target/missing.tar.gz"));
    static final String VERSION = System.getProperty("infiniscope.version", "0.1.0-SNAPSHOT");
    private static Path unpacked;

    /** What a run printed and how it ended. */
    record Result(int status, String out, String err) {
    }

    private Release() {
    }

    /** @return the folder the archive was unpacked into: {@code infiniscope-VERSION} */
    static synchronized Path home() throws IOException, InterruptedException {
        if (unpacked == null) {
            assertTrue(Files.isRegularFile(ARCHIVE), "the build made no release archive at " + ARCHIVE);
            Path scratch = scratch("unpacked");
            Process tar = new ProcessBuilder("tar", "xzf", ARCHIVE.toAbsolutePath().toString(), "-C",
                    scratch.toString()).redirectErrorStream(true).start();
            String output = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(tar.waitFor(60, TimeUnit.SECONDS), "tar did not finish");
            assertEquals(0, tar.exitValue(), output);
            unpacked = scratch.resolve("infiniscope-" + VERSION);
        }
        return unpacked;
    }

    /** @return a new empty folder under target/ */
    static Path scratch(String name) throws IOException {
        Path base = Path.of("target", "release-it").toAbsolutePath();
        Files.createDirectories(base);
        return Files.createTempDirectory(base, name);
    }

    /**
     * @param cwd the folder to run in (any folder: the archive must not care)
     * @param environment variables to set (a null value removes one)
     * @return a started {@code bin/infiniscope ARGS...}, its output going to files in cwd
     */
    static Process start(Path cwd, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(home().resolve("bin").resolve("infiniscope").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile())
                .redirectOutput(cwd.resolve("out.txt").toFile()).redirectError(cwd.resolve("err.txt").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("INFINISCOPE_"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("INFINISCOPE_STATE", cwd.resolve("state").toString());
        environment.forEach((k, v) -> {
            if (v == null) {
                env.remove(k);
            } else {
                env.put(k, v);
            }
        });
        return builder.start();
    }

    /** Runs {@code bin/infiniscope ARGS...} to its end (two minutes at most). */
    static Result run(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        Path cwd = scratch("run");
        Process process = start(cwd, environment, args);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "infiniscope " + String.join(" ", args) + " did not end");
        return new Result(process.exitValue(), Files.readString(cwd.resolve("out.txt")),
                Files.readString(cwd.resolve("err.txt")));
    }
}
