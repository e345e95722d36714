package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ./infiniscope discover --fabric ibsim:SOCKET@NODE} against Debian's {@code ibnetdiscover} on the same ibsim
 * fabric with OpenSM up, attached at the same node, for the topology and the {@code -l/-H/-S} lists: the output must
 * be the same line for line. The one difference allowed is the {@code # Topology file: generated on DATE} line,
 * because the two runs happen at different seconds. The wall time of each tool is printed, not asserted (the
 * launcher's JVM start is most of ours; {@code bench/} is the place for figures).
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DiscoverLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String DATE_LINE = "# Topology file: generated on ";

    /** Every shared fabric and two seeded random ones, as ParityLabIT runs them. */
    static Stream<String> fabrics() {
        return Stream.of("ft2-16", "ft2-432", "ft3-432", "dfly-5x4", "irregular-1", "torus-4x4x2", "random-8-24-s1",
                "random-12-40-s7");
    }

    private static ParityFabric fabric(Path scratch, String name) throws IOException {
        return switch (name) {
            case "random-8-24-s1" -> ParityFabric.generated(scratch, name, Generators.random(8, 24, 1));
            case "random-12-40-s7" -> ParityFabric.generated(scratch, name, Generators.random(12, 40, 7));
            default -> ParityFabric.resource(scratch, "fabrics/" + name + ".net");
        };
    }

    @ParameterizedTest(name = "discover on {0}")
    @MethodSource("fabrics")
    void discoverPrintsWhatIbnetdiscoverPrints(String name) throws Exception {
        Lab.require("ibsim", "ibnetdiscover", "opensm");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("discover-" + name);
        ParityFabric fabric = fabric(scratch, name);
        String smNode = fabric.hosts().get(0);
        String node = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10));
                OpenSm openSm = OpenSm.start(scratch, ibsim.socket(), smNode, Duration.ofSeconds(60))) {
            for (String option : List.of("", "-l", "-H", "-S")) {
                Timed theirs = run(scratch, theirs(option), Lab.preloadEnvironment(ibsim.socket(), node), "theirs");
                assertEquals(0, theirs.output().status(), "ibnetdiscover " + option + ": " + theirs.output().err());
                Timed ours = run(scratch, ours(ibsim.socket(), node, option),
                        Map.of("INFINISCOPE_STATE", BuiltLauncher.state()), "ours");
                assertEquals(0, ours.output().status(), "discover " + option + ": " + ours.output().err());
                List<String> expected = withoutDate(theirs.output().text());
                assertTrue(expected.size() > 5, "ibnetdiscover " + option + " printed " + expected);
                assertEquals(expected, withoutDate(ours.output().text()), name + ": discover " + option);
                System.out.printf("%s: discover %s %.2f s (launcher and JVM included), ibnetdiscover %.2f s%n", name,
                        option, ours.seconds(), theirs.seconds());
            }
        }
    }

    private static List<String> theirs(String option) {
        List<String> command = new ArrayList<>(List.of(Lab.tool("ibnetdiscover")));
        if (!option.isEmpty()) {
            command.add(option);
        }
        return command;
    }

    private static List<String> ours(String socket, String node, String option) {
        List<String> command = new ArrayList<>(
                List.of(BuiltLauncher.script(), "discover", "--fabric", "ibsim:" + socket + "@" + node));
        if (!option.isEmpty()) {
            command.add(option);
        }
        return command;
    }

    /** The date line differs by the second the tool ran: the only line allowed to differ. */
    private static List<String> withoutDate(String text) {
        return text.lines().filter(line -> !line.startsWith(DATE_LINE)).toList();
    }

    private record Timed(Output output, double seconds) {
    }

    private static Timed run(Path scratch, List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(scratch, who, ".out");
        Path err = Files.createTempFile(scratch, who, ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(scratch.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        // whatever this JVM inherited, only what the caller gives attaches a process to ibsim
        builder.environment().keySet().removeAll(Lab.ATTACH_VARIABLES);
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        Process process = builder.start();
        try {
            if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                fail(String.join(" ", command) + " did not end within " + TIMEOUT);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Timed(new Output(process.exitValue(), Files.readAllBytes(out), Files.readString(err)), seconds);
        } finally {
            Lab.stop(process);
        }
    }
}
