package org.infiniscope.console.internal;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInfo;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.audit.AuditLog;
import org.infiniscope.console.audit.AuditedTool;
import org.infiniscope.console.audit.Secrets;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Dispatches command lines to the {@link ConsoleTool} services installed in the framework. */
@Component(service = CommandService.class)
public final class CommandServiceImpl implements CommandService {

    private static final Logger LOG = LoggerFactory.getLogger(CommandServiceImpl.class);

    /** Highest ranking first, then the oldest registration. */
    private static final Comparator<Registered> PRECEDENCE = Comparator.comparingInt(Registered::ranking).reversed()
            .thenComparingLong(Registered::serviceId);

    private final String version;
    private final List<Registered> tools = new CopyOnWriteArrayList<>();
    private volatile AuditLog audit;

    @Activate
    public CommandServiceImpl(BundleContext context) {
        this.version = context.getBundle().getVersion().toString();
    }

    @Reference(service = ConsoleTool.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addTool(ServiceReference<ConsoleTool> reference, ConsoleTool tool) {
        tools.add(new Registered(tool, reference));
    }

    void removeTool(ServiceReference<ConsoleTool> reference) {
        tools.removeIf(r -> r.serviceId() == serviceId(reference));
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setAudit(AuditLog log) {
        this.audit = log;
    }

    void unsetAudit(AuditLog log) {
        if (this.audit == log) {
            this.audit = null;
        }
    }

    @Override
    public int execute(List<String> argv, PrintWriter out, PrintWriter err) {
        return execute(argv, out, err, Map.of());
    }

    @Override
    public int execute(List<String> argv, PrintWriter out, PrintWriter err, Map<String, String> properties) {
        try {
            if (argv.isEmpty()) {
                return execute(List.of("help"), out, err, properties);
            }
            String name = argv.get(0);
            List<String> args = argv.subList(1, argv.size());
            Optional<ConsoleTool> tool = find(name);
            if (tool.isEmpty()) {
                return reportMissing(name, err);
            }
            if (!args.isEmpty() && (args.get(0).equals("-h") || args.get(0).equals("--help"))) {
                out.println(tool.get().usage());
                return ExitStatus.OK;
            }
            Optional<String> action = tool.get() instanceof AuditedTool audited
                    ? audited.auditedAction(args)
                    : Optional.empty();
            AuditLog log = audit;
            if (action.isEmpty() || log == null) {
                return run(tool.get(), args, out, err, properties);
            }
            ErrorCapture capture = new ErrorCapture(err);
            int status = run(tool.get(), args, out, capture.writer(), properties);
            record(log, action.get(), argv, status, capture.firstLine(), properties);
            return status;
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static int run(ConsoleTool tool, List<String> args, PrintWriter out, PrintWriter err,
            Map<String, String> properties) {
        try {
            return tool.run(new ToolInvocation(args, out, err, properties));
        } catch (UsageException e) {
            err.println("infiniscope " + tool.name() + ": " + e.getMessage());
            err.println(tool.usage());
            return ExitStatus.USAGE;
        } catch (RuntimeException e) {
            // A bug in a tool, not bad input: keep the trace for the developers, a line for the user.
            LOG.error("Tool {} failed", tool.name(), e);
            err.println("infiniscope " + tool.name() + ": internal error: " + e);
            return ExitStatus.FAILURE;
        }
    }

    /** Records a command that changed something: who, from where, what, the masked command line and its result. */
    private static void record(AuditLog log, String action, List<String> argv, int status, String error,
            Map<String, String> properties) {
        String who = properties.getOrDefault(AuditLog.USER_PROPERTY, System.getProperty("user.name", "?"));
        AuditLog.Source source;
        try {
            source = AuditLog.Source.valueOf(properties.getOrDefault(AuditLog.SOURCE_PROPERTY, "CLI"));
        } catch (IllegalArgumentException e) {
            source = AuditLog.Source.CLI;
        }
        String result = status == ExitStatus.OK
                ? AuditLog.OK
                : "exit " + status + (error.isEmpty() ? "" : ": " + error);
        log.record(who, source, action, String.join(" ", Secrets.mask(argv)), result);
    }

    private static int reportMissing(String name, PrintWriter err) {
        Optional<String> home = ReservedTools.providerOf(name);
        if (home.isPresent()) {
            err.println("infiniscope: '" + name + "' is not available in this runtime: no installed bundle provides it"
                    + " (it belongs to " + home.get() + ")");
            return ExitStatus.UNAVAILABLE;
        }
        err.println("infiniscope: unknown command '" + name + "'; 'infiniscope help' lists the commands");
        return ExitStatus.USAGE;
    }

    private Optional<ConsoleTool> find(String name) {
        return tools.stream().filter(r -> r.tool().name().equals(name)).sorted(PRECEDENCE).map(Registered::tool)
                .findFirst();
    }

    @Override
    public List<ToolInfo> tools() {
        Map<String, Registered> winners = new TreeMap<>();
        tools.stream().sorted(PRECEDENCE).forEach(r -> winners.putIfAbsent(r.tool().name(), r));
        return winners.values().stream().map(Registered::info).toList();
    }

    @Override
    public String usage(String name) {
        return find(name).map(ConsoleTool::usage).orElse(null);
    }

    @Override
    public String version() {
        return version;
    }

    private static long serviceId(ServiceReference<?> reference) {
        return (Long) reference.getProperty(Constants.SERVICE_ID);
    }

    /** A bound tool with what orders it against others of the same name. */
    private record Registered(ConsoleTool tool, int ranking, long serviceId, String bundle) {

        Registered(ConsoleTool tool, ServiceReference<ConsoleTool> reference) {
            this(tool, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                    CommandServiceImpl.serviceId(reference),
                    reference.getBundle() == null ? "?" : reference.getBundle().getSymbolicName());
        }

        ToolInfo info() {
            return new ToolInfo(tool.name(), tool.summary(), bundle);
        }
    }
}
