package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * OpenSM and the infiniband-diags tools on {@code ./infiniscope simulate} print what they print on ibsim: for each
 * shared fabric and two seeded random ones, each server in turn serves the fabric, OpenSM brings it up, and
 * ibnetdiscover, iblinkinfo, ibqueryerrors, perfquery, ibroute, ibtracert and {@code saquery PR} run from the same
 * host. The outputs are compared tool by tool; the lines allowed to differ are in {@link #PERMITTED}, each with its
 * reason, and nothing else may differ.
 * <p>
 * {@code -Dinfiniscope.parity.ours=ibsim} runs ibsim on both sides (to check the harness itself);
 * {@code -Dinfiniscope.parity.full=true} (the {@code parity-full} profile) reads every switch's LFT instead of the
 * first {@value #SWITCHES}.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class ParityLabIT {

    /** Switches whose routes ibroute prints in the default run: a 180-switch fabric would take half a minute. */
    private static final int SWITCHES = 12;
    private static final Duration SM_TIMEOUT = Duration.ofSeconds(60);

    /**
     * A difference the comparison allows: in the tool's output (a key prefix such as {@code perfquery}), text
     * matching the pattern is replaced on both sides by the difference's name.
     */
    record Permitted(String name, String tool, Pattern pattern, String reason) {

        String apply(String key, String text) {
            return key.startsWith(tool) ? pattern.matcher(text).replaceAll("<" + name + ">") : text;
        }
    }

    /** Every difference allowed between ibsim and our simulator, with why. */
    static final List<Permitted> PERMITTED = List.of();

    @BeforeAll
    static void lab() throws Exception {
        Lab.require("ibsim", "opensm", "ibnetdiscover", "iblinkinfo", "ibqueryerrors", "perfquery", "ibroute",
                "ibtracert", "saquery");
        BuiltLauncher.prepare();
    }

    static Stream<Arguments> fabrics() {
        List<Arguments> fabrics = new ArrayList<>();
        for (String name : List.of("ft2-16", "ft2-432", "ft3-432", "dfly-5x4", "irregular-1", "torus-4x4x2")) {
            fabrics.add(
                    Arguments.of(name, (Source) scratch -> ParityFabric.resource(scratch, "fabrics/" + name + ".net")));
        }
        // random fabrics of 36-port switches, parallel cables included; small, so that the run stays short
        fabrics.add(Arguments.of("random-8-24-s1",
                (Source) scratch -> ParityFabric.generated(scratch, "random-8-24-s1", Generators.random(8, 24, 1))));
        fabrics.add(Arguments.of("random-12-40-s7",
                (Source) scratch -> ParityFabric.generated(scratch, "random-12-40-s7", Generators.random(12, 40, 7))));
        return fabrics.stream();
    }

    /** Writes a fabric's net file into a scratch folder. */
    interface Source {
        ParityFabric create(Path scratch) throws Exception;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fabrics")
    void toolsPrintOnOurSimulatorWhatTheyPrintOnIbsim(String name, Source source) throws Exception {
        Path scratch = Lab.scratch("parity-" + name);
        ParityFabric fabric = source.create(scratch);
        boolean full = Boolean.getBoolean("infiniscope.parity.full");
        Parity.Plan plan = full ? Parity.Plan.FULL : new Parity.Plan(SWITCHES, 3);
        FabricServer.Kind ours = "ibsim".equals(System.getProperty("infiniscope.parity.ours"))
                ? FabricServer.Kind.IBSIM
                : FabricServer.Kind.SIMULATE;
        Parity.Result theirs = Parity.run(scratch, fabric, FabricServer.Kind.IBSIM, plan, SM_TIMEOUT);
        Parity.Result mine = Parity.run(scratch, fabric, ours, plan, SM_TIMEOUT);
        System.out.printf("parity %s: SUBNET UP after %d ms on ibsim, %d ms on %s%n", name,
                theirs.subnetUp().toMillis(), mine.subnetUp().toMillis(), ours.label());
        assertEquals(theirs.outputs().keySet(), mine.outputs().keySet(), "the same tools ran");
        List<String> differences = new ArrayList<>();
        for (Map.Entry<String, String> entry : theirs.outputs().entrySet()) {
            String key = entry.getKey();
            String a = permitted(key, entry.getValue());
            String b = permitted(key, mine.outputs().get(key));
            if (!a.equals(b)) {
                differences.add(key + ":\n" + TextDiff.describe(a, b, "ibsim", ours.label(), 12));
            }
        }
        if (!differences.isEmpty()) {
            fail(differences.size() + " of " + theirs.outputs().size() + " outputs differ on " + name + " (scratch "
                    + scratch + "):\n" + String.join("\n", differences));
        }
    }

    private static String permitted(String key, String text) {
        for (Permitted p : PERMITTED) {
            text = p.apply(key, text);
        }
        return text;
    }
}
