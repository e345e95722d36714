package org.infiniscope.console;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A one-shot command of the Infiniscope console, in the manner of an infiniband-diags tool.
 * <p>
 * Bundles contribute tools by registering this interface as an OSGi service (whiteboard). The
 * {@link CommandService} runs them from the one-shot CLI ({@code ./infiniscope NAME ARGS}) and the Gogo
 * shell ({@code infiniscope:NAME ARGS}). When two services claim the same {@link #name()}, the one with
 * the highest {@code service.ranking} wins, then the one registered first.
 * <p>
 * Output that has an infiniband-diags twin must use that tool's format; machine-readable output goes
 * behind {@code --json}.
 */
@ConsumerType
public interface ConsoleTool {

    /** @return the command name, lower case, as typed by the user (for example {@code perfquery}) */
    String name();

    /** @return one line for the list printed by {@code help} */
    String summary();

    /** @return the synopsis and options, printed by {@code help NAME} and after a usage error */
    String usage();

    /**
     * Runs the tool once.
     *
     * @param invocation the arguments after the tool name, and where to write
     * @return the exit status, {@link ExitStatus#OK} on success
     * @throws UsageException when the arguments are wrong; the caller prints the message and the usage
     */
    int run(ToolInvocation invocation) throws UsageException;
}
