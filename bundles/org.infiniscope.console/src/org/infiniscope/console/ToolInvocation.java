package org.infiniscope.console;

import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;

/**
 * One run of a {@link ConsoleTool}: its arguments and its two output streams.
 *
 * @param args the arguments after the tool name, unmodifiable
 * @param out where results go (standard output of the CLI, the Gogo session's console)
 * @param err where diagnostics go
 */
public record ToolInvocation(List<String> args, PrintWriter out, PrintWriter err) {

    /** Copies the arguments and checks that nothing is missing. */
    public ToolInvocation {
        args = List.copyOf(args);
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
    }
}
