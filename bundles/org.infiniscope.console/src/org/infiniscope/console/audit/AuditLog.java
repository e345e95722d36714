package org.infiniscope.console.audit;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Records operator actions: one JSON line each in the runtime's audit file ({@code audit/audit.log} in the state
 * folder unless configured otherwise, PID {@code org.infiniscope.audit}), rotated by size.
 * <p>
 * Front ends record what they do on an operator's behalf: the {@link org.infiniscope.console.CommandService} records
 * each command that a tool reports as changing something
 * ({@link AuditedTool}), the REST API each request that changes something.
 * The log masks secrets itself ({@link Secrets#maskText}) in every field, but callers should mask arguments they know
 * ({@link Secrets#mask(java.util.List)}) so that the target stays readable.
 * <p>
 * Recording never throws: an audit file that cannot be written is reported once in the runtime's log (the action
 * itself has already happened or failed).
 */
@ProviderType
public interface AuditLog {

    /** Result of an action that succeeded. */
    String OK = "ok";

    /**
     * The {@link org.infiniscope.console.CommandService} property (of {@code execute(argv, out, err, properties)}) that
     * names the {@link Source} of a command; without it the command counts as {@link Source#CLI}.
     */
    String SOURCE_PROPERTY = "infiniscope.audit.source";

    /**
     * The {@link org.infiniscope.console.CommandService} property that names the operator of a command (the REST API
     * sets its token's name); without it the runtime's OS user ({@code user.name}).
     */
    String USER_PROPERTY = "infiniscope.audit.user";

    /** Where an action came from. */
    enum Source {
        /** The RCP GUI (its port actions and its console part). */
        GUI,
        /** The one-shot command line, {@code ./infiniscope TOOL ...} (in process or through the daemon). */
        CLI,
        /** The REST API. */
        REST,
        /** The Gogo shell on the runtime's standard input. */
        GOGO
    }

    /**
     * Records one action.
     *
     * @param who the operator: the OS user name for the GUI, CLI and Gogo shell, the token's name (never the token) for REST; written as given
     * @param source where the action came from
     * @param action what was done, for example {@code portstate disable} or {@code POST /api/ports/{id}/disable}
     * @param target what it was done to, for example the command line or a port's ID; masked before it is written
     * @param result {@link #OK}, or what went wrong (an exit status and the first line of the error)
     */
    void record(String who, Source source, String action, String target, String result);
}
