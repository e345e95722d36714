package org.infiniscope.lab.umad;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** Starts a main class of this module's in a JVM of its own, from the jars the build copied to target/lab-lib. */
final class ChildJvm {

    private ChildJvm() {
    }

    /** @return the class path: this module's test classes and the bundle and library jars */
    static String classPath() throws IOException {
        Path classes = Path.of(System.getProperty("infiniscope.lab.classes", "target/test-classes"));
        Path lib = Path.of(System.getProperty("infiniscope.lab.lib", "target/lab-lib"));
        List<String> entries = new ArrayList<>(List.of(classes.toString()));
        try (Stream<Path> jars = Files.list(lib)) {
            jars.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> entries.add(p.toString()));
        }
        return String.join(File.pathSeparator, entries);
    }

    /**
     * @param environment added to the child's environment (the preload variables: for the child only)
     * @param stderr where the child's stderr goes
     */
    static Process start(Path directory, Map<String, String> environment, Path stderr, String mainClass,
            String... arguments) throws IOException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED", "-cp", classPath(), mainClass));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                .redirectError(stderr.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }
}
