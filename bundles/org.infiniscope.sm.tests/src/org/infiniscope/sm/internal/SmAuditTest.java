package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Running the SM and editing its partitions are named for the audit log; reading the partitions is not. */
class SmAuditTest {

    private final SmTool tool = new SmTool(null, Path.of("target", "sm-tests", "audit.guid2lid"), SimSm.discovery(),
            Path.of("target", "sm-tests"));

    @Test
    void runningTheSmAndEditingPartitionsAreAudited() {
        assertEquals(Optional.of("sm run"), tool.auditedAction(List.of()));
        assertEquals(Optional.of("sm run"), tool.auditedAction(List.of("--fabric", "sim", "--once")));
        assertEquals(Optional.of("sm partitions add"), tool.auditedAction(List.of("partitions", "add", "p1=0x8001")));
        assertEquals(Optional.of("sm partitions remove"), tool.auditedAction(List.of("partitions", "remove", "p1")));
    }

    @Test
    void readingThePartitionsIsNot() {
        assertEquals(Optional.empty(), tool.auditedAction(List.of("partitions", "list")));
        assertEquals(Optional.empty(), tool.auditedAction(List.of("partitions", "show", "p1")));
        assertEquals(Optional.empty(), tool.auditedAction(List.of("partitions", "validate")));
    }
}
