package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The runs of portstate and perfquery that change a port are named for the audit log; queries are not. */
class AuditedActionsTest {

    private final PortStateTool portstate = new PortStateTool((String) null);
    private final PerfQueryTool perfquery = new PerfQueryTool((String) null, new PortCountersComponent());

    @Test
    void portstateOperationsAndSettingsAreAudited() {
        assertEquals(Optional.of("portstate disable"), portstate.auditedAction(List.of("4", "1", "disable")));
        assertEquals(Optional.of("portstate reset"),
                portstate.auditedAction(List.of("--fabric", "sim", "-y", "0x1", "4", "1", "reset")));
        assertEquals(Optional.of("portstate speed"), portstate.auditedAction(List.of("-D", "0,1", "1", "speed", "5")));
    }

    @Test
    void portstateQueriesAreNot() {
        assertEquals(Optional.empty(), portstate.auditedAction(List.of("4", "1")));
        assertEquals(Optional.empty(), portstate.auditedAction(List.of("--fabric", "sim", "4", "1", "query")));
        assertEquals(Optional.empty(), portstate.auditedAction(List.of("-t", "100", "4", "1")));
    }

    @Test
    void perfqueryResetsAreAuditedReadsAreNot() {
        assertEquals(Optional.of("perfquery reset"), perfquery.auditedAction(List.of("-R", "4", "1")));
        assertEquals(Optional.of("perfquery reset"), perfquery.auditedAction(List.of("-x", "-r", "4", "1")));
        assertEquals(Optional.empty(), perfquery.auditedAction(List.of("-x", "4", "1")));
    }
}
