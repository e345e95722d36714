package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code ./infiniscope hosts|switches|linkinfo --fabric ibsim:SOCKET@NODE} against Debian's {@code ibhosts},
 * {@code ibswitches} and {@code iblinkinfo} (default output, {@code -d}, {@code --switches-only},
 * {@code --cas-only}) on the same ibsim fabric with OpenSM up, attached at the same node: the output must be the same
 * line for line, with no difference permitted. {@code -d} prints nothing on these fabrics (ibsim's switches have no
 * free port in them), so it is compared but not required to print.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DiagsLabIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    static Stream<String> fabrics() {
        return Stream.of("ft2-16", "ft3-432");
    }

    /** Ours, theirs: the same arguments after the tool's name. */
    private static final List<List<String>> RUNS = List.of(List.of("hosts", "ibhosts"),
            List.of("switches", "ibswitches"), List.of("linkinfo", "iblinkinfo"),
            List.of("linkinfo", "iblinkinfo", "-d"), List.of("linkinfo", "iblinkinfo", "--switches-only"),
            List.of("linkinfo", "iblinkinfo", "--cas-only"));

    @ParameterizedTest(name = "hosts, switches and linkinfo on {0}")
    @MethodSource("fabrics")
    void theToolsPrintWhatTheirTwinsPrint(String name) throws Exception {
        Lab.require("ibsim", "ibhosts", "ibswitches", "iblinkinfo", "ibnetdiscover", "opensm");
        BuiltLauncher.prepare();
        Path scratch = Lab.scratch("diags-" + name);
        ParityFabric fabric = ParityFabric.resource(scratch, "fabrics/" + name + ".net");
        String smNode = fabric.hosts().get(0);
        String node = fabric.hosts().get(1);
        try (Ibsim ibsim = Ibsim.start(scratch, fabric.net(), List.of(), Duration.ofSeconds(10));
                OpenSm openSm = OpenSm.start(scratch, ibsim.socket(), smNode, Duration.ofSeconds(60))) {
            // the port states are compared: no sweep of OpenSM's may still be moving them
            openSm.awaitQuiet(Duration.ofSeconds(1), Duration.ofSeconds(60));
            for (List<String> run : RUNS) {
                List<String> options = run.subList(2, run.size());
                List<String> theirs = new ArrayList<>(List.of(Lab.tool(run.get(1))));
                theirs.addAll(options);
                Output expected = run(scratch, theirs, Lab.preloadEnvironment(ibsim.socket(), node), "theirs");
                assertEquals(0, expected.status(), String.join(" ", theirs) + ": " + expected.err());
                List<String> ours = new ArrayList<>(List.of(BuiltLauncher.script(), run.get(0), "--fabric",
                        "ibsim:" + ibsim.socket() + "@" + node));
                ours.addAll(options);
                Output actual = run(scratch, ours, BuiltLauncher.environment(), "ours");
                assertEquals(0, actual.status(), String.join(" ", ours) + ": " + actual.err());
                List<String> lines = expected.text().lines().toList();
                if (!options.contains("-d")) {
                    assertTrue(lines.size() > 5, run.get(1) + " " + options + " printed " + lines);
                }
                assertEquals(lines, actual.text().lines().toList(), name + ": " + run.get(0) + " " + options);
            }
        }
    }

    private static Output run(Path scratch, List<String> command, Map<String, String> environment, String who)
            throws IOException, InterruptedException {
        return LabRun.run(scratch, command, environment, who, TIMEOUT);
    }
}
