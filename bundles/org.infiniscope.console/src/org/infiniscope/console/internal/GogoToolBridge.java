package org.infiniscope.console.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.infiniscope.console.CommandService;
import org.infiniscope.console.audit.AuditLog;
import org.infiniscope.console.ConsoleTool;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Makes every {@link ConsoleTool} a Gogo command {@code infiniscope:NAME}, so that the shell and the
 * one-shot CLI run the same code with the same arguments.
 */
@Component(immediate = true)
public final class GogoToolBridge {

    static final String SCOPE = "infiniscope";

    private final BundleContext context;
    private final CommandService commands;
    /** Per command name: its Gogo registration and how many bound tools carry that name. */
    private final Map<String, Entry> registrations = new HashMap<>();
    private boolean active = true;

    @Activate
    public GogoToolBridge(BundleContext context, @Reference CommandService commands) {
        this.context = context;
        this.commands = commands;
    }

    @Reference(service = ConsoleTool.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    synchronized void addTool(ConsoleTool tool) {
        if (!active) {
            return;
        }
        String name = tool.name();
        Entry entry = registrations.get(name);
        if (entry != null) {
            entry.count++;
            return;
        }
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(CommandProcessor.COMMAND_SCOPE, SCOPE);
        properties.put(CommandProcessor.COMMAND_FUNCTION, name);
        Function function = (session, arguments) -> run(name, session, arguments);
        registrations.put(name, new Entry(context.registerService(Function.class, function, properties)));
    }

    synchronized void removeTool(ConsoleTool tool) {
        Entry entry = registrations.get(tool.name());
        if (entry != null && --entry.count == 0) {
            registrations.remove(tool.name());
            unregister(entry.registration);
        }
    }

    @Deactivate
    synchronized void deactivate() {
        active = false;
        registrations.values().forEach(e -> unregister(e.registration));
        registrations.clear();
    }

    private Object run(String name, CommandSession session, List<Object> arguments) {
        List<String> argv = new ArrayList<>();
        argv.add(name);
        arguments.forEach(a -> argv.add(String.valueOf(a)));
        PrintWriter out = new PrintWriter(session.getConsole(), true);
        PrintWriter err = new PrintWriter(System.err, true);
        int status = commands.execute(argv, out, err, Map.of(AuditLog.SOURCE_PROPERTY, AuditLog.Source.GOGO.name()));
        return status == 0 ? null : "exit status " + status;
    }

    private static void unregister(ServiceRegistration<?> registration) {
        try {
            registration.unregister();
        } catch (IllegalStateException alreadyGone) {
            // the framework is stopping and has unregistered it already
        }
    }

    private static final class Entry {
        final ServiceRegistration<Function> registration;
        int count = 1;

        Entry(ServiceRegistration<Function> registration) {
            this.registration = registration;
        }
    }
}
