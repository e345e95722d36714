package org.infiniscope.firmware.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Function;
import org.infiniscope.console.CommandService;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The Gogo commands {@code fw:query}, {@code fw:verify}, {@code fw:burn}, {@code fw:inventory} and
 * {@code fw:mkimage}: each runs {@code fw SUBCOMMAND ARGS} through the console's command service, as
 * {@code infiniscope:fw SUBCOMMAND ARGS} (the tool's own Gogo command) does.
 */
@Component(immediate = true)
public final class FwGogoCommands {

    static final List<String> SUBCOMMANDS = List.of("query", "verify", "burn", "inventory", "mkimage");

    private final List<ServiceRegistration<Function>> registrations = new ArrayList<>();

    @Activate
    public FwGogoCommands(BundleContext context, @Reference CommandService commands) {
        for (String sub : SUBCOMMANDS) {
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put(CommandProcessor.COMMAND_SCOPE, "fw");
            properties.put(CommandProcessor.COMMAND_FUNCTION, sub);
            Function function = (CommandSession session, List<Object> arguments) -> {
                List<String> argv = new ArrayList<>(List.of("fw", sub));
                arguments.forEach(a -> argv.add(String.valueOf(a)));
                int status = commands.execute(argv, new PrintWriter(session.getConsole(), true),
                        new PrintWriter(System.err, true));
                return status == 0 ? null : "exit status " + status;
            };
            registrations.add(context.registerService(Function.class, function, properties));
        }
    }

    @Deactivate
    void deactivate() {
        for (ServiceRegistration<Function> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework is stopping
            }
        }
        registrations.clear();
    }
}
