package org.infiniscope.console.internal;

import java.util.Arrays;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/** {@code bundles [TEXT]}: the installed bundles with their state, as Gogo's {@code lb} shows them. */
@Component(service = ConsoleTool.class)
public final class BundlesTool implements ConsoleTool {

    private final BundleContext context;

    @Activate
    public BundlesTool(BundleContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "bundles";
    }

    @Override
    public String summary() {
        return "list the installed bundles and their states";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope bundles [TEXT]
                  TEXT   show only bundles whose symbolic name contains TEXT""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        if (args.size() > 1) {
            throw new UsageException("expected at most one filter text, got " + args.size() + " arguments");
        }
        String text = args.isEmpty() ? "" : args.get(0);
        invocation.out().printf("%5s|%-11s|%5s|%s%n", "ID", "State", "Level", "Name");
        Arrays.stream(context.getBundles()).filter(b -> String.valueOf(b.getSymbolicName()).contains(text))
                .forEach(b -> invocation.out().printf("%5d|%-11s|%5d|%s (%s)%n", b.getBundleId(), state(b),
                        b.adapt(BundleStartLevel.class).getStartLevel(), b.getSymbolicName(), b.getVersion()));
        return ExitStatus.OK;
    }

    static String state(Bundle bundle) {
        return switch (bundle.getState()) {
            case Bundle.UNINSTALLED -> "Uninstalled";
            case Bundle.INSTALLED -> "Installed";
            case Bundle.RESOLVED -> "Resolved";
            case Bundle.STARTING -> "Starting";
            case Bundle.STOPPING -> "Stopping";
            case Bundle.ACTIVE -> "Active";
            default -> "Unknown(" + bundle.getState() + ")";
        };
    }
}
