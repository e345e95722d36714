package org.infiniscope.console.internal;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/** {@code services [TEXT]}: the registered services, their interfaces and the bundles that provide them. */
@Component(service = ConsoleTool.class)
public final class ServicesTool implements ConsoleTool {

    private final BundleContext context;

    @Activate
    public ServicesTool(BundleContext context) {
        this.context = context;
    }

    @Override
    public String name() {
        return "services";
    }

    @Override
    public String summary() {
        return "list the registered services and the bundles that provide them";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope services [TEXT]
                  TEXT   show only services with an interface name containing TEXT""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        if (args.size() > 1) {
            throw new UsageException("expected at most one filter text, got " + args.size() + " arguments");
        }
        String text = args.isEmpty() ? "" : args.get(0);
        ServiceReference<?>[] references;
        try {
            references = context.getAllServiceReferences(null, null);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException("a null filter cannot be invalid", e);
        }
        invocation.out().printf("%5s|%-40s|%s%n", "ID", "Bundle", "Interfaces");
        Arrays.stream(references == null ? new ServiceReference<?>[0] : references)
                .sorted(Comparator.comparingLong(r -> (Long) r.getProperty(Constants.SERVICE_ID)))
                .filter(r -> interfaces(r).contains(text))
                .forEach(r -> invocation.out().printf("%5d|%-40s|%s%n", (Long) r.getProperty(Constants.SERVICE_ID),
                        r.getBundle() == null ? "-" : r.getBundle().getSymbolicName(), interfaces(r)));
        return ExitStatus.OK;
    }

    private static String interfaces(ServiceReference<?> reference) {
        return String.join(", ", (String[]) reference.getProperty(Constants.OBJECTCLASS));
    }
}
