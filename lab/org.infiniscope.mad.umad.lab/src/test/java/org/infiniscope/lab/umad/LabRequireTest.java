package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A lab test on a machine without the lab: skipped with a message, except on CI, where it fails. */
class LabRequireTest {

    @Test
    void aMissingProgramSkipsOnADeveloperMachine() {
        TestAbortedException skip = assertThrows(TestAbortedException.class,
                () -> Lab.require(false, "infiniscope-no-such-tool"));
        assertTrue(skip.getMessage().contains("missing infiniscope-no-such-tool"), skip.getMessage());
        assertTrue(skip.getMessage().contains("apt-get install ibsim-utils"), skip.getMessage());
    }

    @Test
    void aMissingProgramFailsOnCi() {
        AssertionFailedError failure = assertThrows(AssertionFailedError.class,
                () -> Lab.require(true, "infiniscope-no-such-tool"));
        assertTrue(failure.getMessage().startsWith("CI installs the lab, yet"), failure.getMessage());
    }
}
