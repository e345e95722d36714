package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.infiniscope.lab.umad.BuiltLauncher.Output;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Debian tool that umad2sim crashes is run again, up to twice more, and one whose libibmad timed out once more;
 * anything else is run once. The "tool" is a
 * shell that counts its runs and kills itself with SIGSEGV until a given run (umad2sim is preloaded into it, and
 * stays idle: a shell opens no umad device).
 */
class LabRunTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path scratch;

    @Test
    void aToolUnderUmad2simThatCrashesTwiceIsRunAThirdTime() throws Exception {
        Output output = LabRun.run(scratch, crashingUntilRun(3), attached(), "tool", TIMEOUT);
        assertEquals(0, output.status(), output.err());
        assertEquals("run 3\n", output.text());
        assertEquals("3", runs());
    }

    @Test
    void aThirdCrashStands() throws Exception {
        Output output = LabRun.run(scratch, crashingUntilRun(4), attached(), "tool", TIMEOUT);
        assertEquals(LabRun.SIGSEGV_EXIT, output.status());
        assertEquals("run 3\n", output.text());
        assertEquals("3", runs());
    }

    @Test
    void aToolWhoseLibibmadTimedOutIsRunOnceMore() throws Exception {
        Output output = LabRun.run(scratch, timingOutUntilRun(2), attached(), "tool", TIMEOUT);
        assertEquals(0, output.status(), output.err());
        assertEquals("run 2\n", output.text());
        assertEquals("2", runs());
    }

    @Test
    void aSecondTimeOutStands() throws Exception {
        Output output = LabRun.run(scratch, timingOutUntilRun(3), attached(), "tool", TIMEOUT);
        assertEquals(1, output.status());
        assertTrue(output.err().contains(LabRun.RECEIVE_TIMED_OUT), output.err());
        assertEquals("2", runs());
    }

    @Test
    void aCrashOfAProcessNotUnderUmad2simIsNotRunAgain() throws Exception {
        Output output = LabRun.run(scratch, crashingUntilRun(2), Map.of(), "tool", TIMEOUT);
        assertEquals(LabRun.SIGSEGV_EXIT, output.status());
        assertEquals("1", runs());
    }

    @Test
    void aToolThatDoesNotEndInTimeIsKilledAndNamed() {
        IOException late = assertThrows(IOException.class,
                () -> LabRun.run(scratch, List.of("sleep", "30"), attached(), "tool", Duration.ofMillis(200)));
        assertTrue(late.getMessage().equals("sleep 30 did not end within PT0.2S"), late.getMessage());
    }

    /** A shell that prints its run's number, then crashes unless it is run {@code good}. */
    private List<String> crashingUntilRun(int good) {
        return List.of("sh", "-c", "n=$(( $(cat runs 2>/dev/null || echo 0) + 1 )); printf %s $n > runs; "
                + "echo run $n; [ $n -ge " + good + " ] || kill -SEGV $$");
    }

    /** A shell that prints its run's number, then libibmad's time-out warning and status 1 unless run {@code good}. */
    private List<String> timingOutUntilRun(int good) {
        return List.of("sh", "-c",
                "n=$(( $(cat runs 2>/dev/null || echo 0) + 1 )); printf %s $n > runs; " + "echo run $n; [ $n -ge "
                        + good + " ] || { echo 'ibwarn: [1]: " + LabRun.RECEIVE_TIMED_OUT + "' >&2; exit 1; }");
    }

    private String runs() throws IOException {
        return Files.readString(scratch.resolve("runs"));
    }

    private static Map<String, String> attached() {
        return Lab.preloadEnvironment("infiniscope-no-such-socket", "h00001");
    }
}
