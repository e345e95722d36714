package org.infiniscope.console;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run of a {@link ConsoleTool}: its arguments, its two output streams and the properties of this run alone.
 * <p>
 * A tool reads a setting that can differ from one run to the next in the same runtime (for example
 * {@code infiniscope.progress}, whether the caller's standard error is a terminal) through {@link #property}, not
 * from a system or framework property: the runtime may serve many callers (the one-shot daemon).
 *
 * @param args the arguments after the tool name, unmodifiable
 * @param out where results go (standard output of the CLI, the Gogo session's console)
 * @param err where diagnostics go
 * @param properties settings of this run, unmodifiable; empty when the caller gives none
 */
public record ToolInvocation(List<String> args, PrintWriter out, PrintWriter err, Map<String, String> properties) {

    /** Copies the arguments and checks that nothing is missing. */
    public ToolInvocation {
        args = List.copyOf(args);
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        properties = Map.copyOf(properties);
    }

    /** A run without properties of its own. */
    public ToolInvocation(List<String> args, PrintWriter out, PrintWriter err) {
        this(args, out, err, Map.of());
    }

    /**
     * @param name a property name such as {@code infiniscope.progress}
     * @return the value of this run, or {@code null} when the caller gave none (the tool then falls back to its
     *         runtime's setting)
     */
    public String property(String name) {
        return properties.get(name);
    }
}
