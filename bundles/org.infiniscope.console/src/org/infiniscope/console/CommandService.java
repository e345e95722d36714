package org.infiniscope.console;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs console commands: {@code argv[0]} names a {@link ConsoleTool}, the rest are its arguments. Both
 * front ends go through this service: the one-shot CLI and the Gogo shell.
 */
@ProviderType
public interface CommandService {

    /**
     * Runs one command line.
     *
     * @param argv the tool name followed by its arguments; an empty list prints the help
     * @param out standard output
     * @param err standard error; usage errors and unknown tools are reported here
     * @return an {@link ExitStatus}, or the tool's own status
     */
    int execute(List<String> argv, PrintWriter out, PrintWriter err);

    /**
     * Runs one command line with settings of this run alone ({@link ToolInvocation#property}), for a runtime that
     * serves many callers.
     *
     * @param argv the tool name followed by its arguments; an empty list prints the help
     * @param out standard output
     * @param err standard error
     * @param properties the run's settings, such as {@code infiniscope.progress}
     * @return an {@link ExitStatus}, or the tool's own status
     */
    default int execute(List<String> argv, PrintWriter out, PrintWriter err, Map<String, String> properties) {
        return execute(argv, out, err);
    }

    /** @return the installed tools, sorted by name, unmodifiable */
    List<ToolInfo> tools();

    /** @return the usage text of a tool, or {@code null} when no tool of that name is installed */
    String usage(String name);

    /** @return the product version, the {@code Bundle-Version} of the console bundle */
    String version();
}
