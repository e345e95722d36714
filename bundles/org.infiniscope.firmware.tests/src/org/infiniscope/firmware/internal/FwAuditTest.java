package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** A burn is named for the audit log (a dry run as such); queries, verifies and mkimage are not. */
class FwAuditTest {

    private final FwTool tool = new FwTool();

    @Test
    void burnsAreAuditedReadsAreNot() {
        assertEquals(Optional.of("fw burn"), tool.auditedAction(List.of("burn", "-d", "0000:01:00.0", "fw.bin")));
        assertEquals(Optional.of("fw burn (dry run)"),
                tool.auditedAction(List.of("burn", "-d", "0000:01:00.0", "fw.bin", "--dry-run")));
        assertEquals(Optional.empty(), tool.auditedAction(List.of("query", "-d", "0000:01:00.0")));
        assertEquals(Optional.empty(), tool.auditedAction(List.of("verify", "fw.bin")));
        assertEquals(Optional.empty(), tool.auditedAction(List.of()));
    }
}
