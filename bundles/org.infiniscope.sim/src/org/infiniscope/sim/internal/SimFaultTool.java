package org.infiniscope.sim.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.sim.SimFabric;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code simfault}: injects a fault into the runtime's embedded simulated fabric — the one {@code --fabric sim…}
 * channels, and so the diagnostics and the SM of this runtime, use — with the commands of a fault script. Meant for
 * the Gogo shell of {@code ./infiniscope serve} ({@code infiniscope:simfault unlink leaf001[1]}); a one-shot run
 * changes a fabric that ends with it.
 */
@Component(service = ConsoleTool.class)
public final class SimFaultTool implements ConsoleTool {

    private final EmbeddedFabrics fabrics;
    private final String defaultFabric;

    /** The tool of a runtime, on the fabric the launcher's {@code --fabric} names (or the built-in one). */
    @Activate
    public SimFaultTool(@Reference EmbeddedFabrics fabrics, BundleContext context) {
        this(fabrics, context.getProperty(SimulateTool.FABRIC_PROPERTY));
    }

    SimFaultTool(EmbeddedFabrics fabrics, String defaultFabric) {
        this.fabrics = fabrics;
        this.defaultFabric = defaultFabric;
    }

    @Override
    public String name() {
        return "simfault";
    }

    @Override
    public String summary() {
        return "inject a fault into the embedded simulated fabric (unlink, disable, set a counter, drop MADs...)";
    }

    @Override
    public String usage() {
        return "usage: infiniscope simfault [--fabric sim[:TOPOLOGY]] COMMAND... | --script FILE\n"
                + "the commands of a fault script, one per call:\n" + FaultScript.SYNTAX;
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        String fabric = defaultFabric;
        String script = null;
        List<String> command = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (command.isEmpty() && (arg.equals("--fabric") || arg.equals("--script"))) {
                if (i + 1 >= args.size()) {
                    throw new UsageException(arg + " needs a value");
                }
                if (arg.equals("--fabric")) {
                    fabric = args.get(++i);
                } else {
                    script = args.get(++i);
                }
            } else {
                // a name with spaces came quoted and arrives whole: quote it again for the script's reader
                command.add(arg.contains(" ") && !arg.contains("\"") ? quoteName(arg) : arg);
            }
        }
        if ((script == null) == command.isEmpty()) {
            throw new UsageException(script == null ? "no fault command given" : "--script or a command, not both");
        }
        String topology = SimulateTool.topologyOf(fabric);
        try {
            SimFabric sim = fabrics.fabric(topology, fabric == null ? "sim" : fabric);
            FaultScript faults = script != null
                    ? FaultScript.read(Path.of(script), sim)
                    : FaultScript.line("simfault", 1, joined(command), sim);
            faults.run(sim);
            return ExitStatus.OK;
        } catch (FaultScriptException e) {
            invocation.err().println("infiniscope simfault: " + e.getMessage());
            return ExitStatus.USAGE;
        } catch (IOException e) {
            invocation.err().println("infiniscope simfault: " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            invocation.err().println("infiniscope simfault: interrupted while waiting");
            return ExitStatus.FAILURE;
        }
    }

    /**
     * @return the arguments as one script line; Gogo reads {@code leaf001[1]} as a word and a list ({@code leaf001},
     *         {@code [1]}), which join back into the port
     */
    static String joined(List<String> args) {
        return String.join(" ", args).replaceAll("(\\S)\\s+\\[", "$1[");
    }

    /** {@code leaf 1[3]} becomes {@code "leaf 1"[3]}. */
    private static String quoteName(String arg) {
        int bracket = arg.lastIndexOf('[');
        return bracket > 0 && arg.endsWith("]")
                ? "\"" + arg.substring(0, bracket) + "\"" + arg.substring(bracket)
                : "\"" + arg + "\"";
    }
}
