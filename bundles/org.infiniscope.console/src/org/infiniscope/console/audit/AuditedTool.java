package org.infiniscope.console.audit;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Implemented by a {@link org.infiniscope.console.ConsoleTool} some of whose runs change the fabric or the runtime (a
 * port disabled, counters reset, an SM started, firmware burnt): the
 * {@link org.infiniscope.console.CommandService} asks it before each run and records the runs it names in the
 * {@link AuditLog}, with the user, where the command came from, the masked command line and the result. Tools that only
 * read need not implement it.
 */
@ConsumerType
public interface AuditedTool {

    /**
     * @param args the arguments after the tool name, as the user gave them
     * @return a short name of the action, such as {@code portstate disable}; empty when this run only reads
     */
    Optional<String> auditedAction(List<String> args);
}
