package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our tools on our embedded simulator agree with the same tools on ibsim: the same net file served by ibsim (no SM
 * on either, so both fabrics are unconfigured) and loaded as {@code --fabric sim:FILE@NODE}, attached at the same
 * node. Every shared fabric and two seeded random ones: {@code discover} and {@code linkinfo} must print the same
 * bytes (only ibnetdiscover's date line differs, by the second each ran); on two fabrics also {@code hosts},
 * {@code switches}, {@code check} and directed-route {@code smpquery} of NodeInfo and NodeDescription. PortInfo is
 * left to ParityLabIT, which compares it field by field with each difference IBA allows named.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SimAgreesWithIbsimLabIT {

    private static final String DATE_LINE = "# Topology file: generated on ";

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

    @ParameterizedTest(name = "our tools on sim and on ibsim serving {0}")
    @MethodSource("fabrics")
    void ourToolsPrintTheSameOnBothSimulators(String name) throws Exception {
        Lab.require("ibsim");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("sim-vs-ibsim-" + name);
        ParityFabric fabric = fabric(scratch, name);
        String node = fabric.hosts().get(1);
        String sim = "sim:" + fabric.net().toAbsolutePath() + "@" + node;
        List<String> commands = name.equals("ft2-16") || name.equals("irregular-1")
                ? List.of("discover", "discover -p", "linkinfo", "hosts", "switches", "check --checks dup,speed",
                        "smpquery -D nodeinfo 0,1", "smpquery -D nodedesc 0,1,1")
                : List.of("discover", "linkinfo");
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10))) {
            LabRun run = new LabRun(scratch, ibsim.socket());
            for (String line : commands) {
                List<String> words = LabRun.words(line);
                Output onIbsim = run.ours(node, words.get(0), words.subList(1, words.size()));
                List<String> args = new java.util.ArrayList<>(List.of("--fabric", sim));
                args.addAll(words.subList(1, words.size()));
                Output onSim = run.oursElsewhere(words.get(0), args);
                assertEquals(0, onIbsim.status(), name + ": " + line + " on ibsim: " + onIbsim.err());
                assertEquals(0, onSim.status(), name + ": " + line + " on sim: " + onSim.err());
                List<String> expected = normalized(line, onIbsim.text());
                assertTrue(!expected.isEmpty(), name + ": " + line + " printed nothing");
                assertEquals(expected, normalized(line, onSim.text()), name + ": " + line);
            }
        }
    }

    /** A port line of {@code discover -p} with no peer: its width and speed columns. */
    private static final java.util.regex.Pattern UNCABLED = java.util.regex.Pattern
            .compile("^((?:CA|SW|RT) +\\d+ +\\d+ 0x[0-9a-f]{16} )(\\S+ \\S+)( +'[^']*')$");

    /**
     * The text without what may differ, each with its reason: ibnetdiscover's date line (the second each tool ran);
     * NodeInfo's PartitionCap (ibsim's P_Key tables hold 8 entries at a switch and 64 at a CA, the simulator's one
     * block of 32 everywhere: both are what IBA allows, as ParityLabIT permits too); and the width and speed of a port
     * with no cable in {@code discover -p} (ibsim keeps its configured width and speed as the active ones, the
     * simulator reads 0 as a link never trained: IBA 14.2.5.6 gives them meaning only on a link that is up).
     */
    private static List<String> normalized(String command, String text) {
        return text.lines().filter(line -> !line.startsWith(DATE_LINE))
                .filter(line -> !(command.startsWith("smpquery -D nodeinfo") && line.startsWith("PartCap:")))
                .map(line -> command.equals("discover -p") ? UNCABLED.matcher(line).replaceAll("$1<no cable>$3") : line)
                .toList();
    }
}
