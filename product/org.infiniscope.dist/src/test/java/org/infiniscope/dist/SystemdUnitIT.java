package org.infiniscope.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The systemd unit of the release archive passes {@code systemd-analyze verify} with no warning about itself, its
 * {@code /opt/infiniscope} pointing at the unpacked archive (verify checks that ExecStart is executable).
 */
class SystemdUnitIT {

    @Test
    void theUnitVerifies() throws Exception {
        Path analyze = List.of("/usr/bin/systemd-analyze", "/bin/systemd-analyze").stream().map(Path::of)
                .filter(Files::isExecutable).findFirst().orElse(null);
        if (analyze == null) {
            String why = "systemd-analyze is not installed (Debian package systemd): the unit file is not checked";
            if ("true".equals(System.getenv("CI"))) {
                fail(why + ", and CI=true must check it");
            }
            Assumptions.abort(why);
        }
        Path home = Release.home();
        String unit = Files.readString(home.resolve("share/systemd/infiniscope.service"), StandardCharsets.UTF_8);
        assertTrue(unit.contains("ExecStart=/opt/infiniscope/bin/infiniscope serve --no-shell"), unit);
        Path folder = Release.scratch("systemd");
        Path file = folder.resolve("infiniscope.service");
        Files.writeString(file, unit.replace("/opt/infiniscope/", home + "/"), StandardCharsets.UTF_8);
        Process verify = new ProcessBuilder(analyze.toString(), "verify", file.toString()).redirectErrorStream(true)
                .start();
        String output = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(verify.waitFor(60, TimeUnit.SECONDS), "systemd-analyze verify did not end");
        List<String> aboutUnit = output.lines().filter(l -> l.contains("infiniscope")).toList();
        assertEquals(List.of(), aboutUnit, output);
        assertEquals(0, verify.exitValue(), output);
    }
}
