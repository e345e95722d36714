package org.infiniscope.console.internal;

import java.util.List;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** {@code version}: the product version, the OSGi framework and the Java runtime it runs on. */
@Component(service = ConsoleTool.class)
public final class VersionTool implements ConsoleTool {

    private final CommandService commands;
    private final BundleContext context;

    @Activate
    public VersionTool(@Reference CommandService commands, BundleContext context) {
        this.commands = commands;
        this.context = context;
    }

    @Override
    public String name() {
        return "version";
    }

    @Override
    public String summary() {
        return "print the Infiniscope version, the OSGi framework and the Java runtime";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope version [--short]
                  --short   print the version number alone""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        if (args.equals(List.of("--short"))) {
            invocation.out().println(commands.version());
            return ExitStatus.OK;
        }
        if (!args.isEmpty()) {
            throw new UsageException("unexpected argument '" + args.get(0) + "'");
        }
        Bundle framework = context.getBundle(Constants.SYSTEM_BUNDLE_LOCATION);
        invocation.out().println("infiniscope " + commands.version());
        invocation.out().println("OSGi framework: " + framework.getSymbolicName() + " " + framework.getVersion() + " ("
                + context.getProperty(Constants.FRAMEWORK_VENDOR) + ")");
        invocation.out().println(
                "Java: " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor")
                        + ") on " + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        return ExitStatus.OK;
    }
}
