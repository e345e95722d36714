package org.infiniscope.sm.internal;

import java.util.Optional;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.audit.AuditedTool;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.subnet.Subnet;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code sm}: runs a subnet manager in the foreground on a fabric, printing for each heavy sweep one line per phase
 * ({@code SM phase discovery 0.012 s}) and then {@code SUBNET UP}, and keeps sweeping (on traps and its timer) until
 * interrupted; {@code --once} ends after the first {@code SUBNET UP}.
 */
@Component(service = ConsoleTool.class)
public final class SmTool implements ConsoleTool, AuditedTool {

    /** Heavy sweeps without SUBNET UP after which {@code --once} gives up. */
    static final int ATTEMPTS = 4;

    private final String defaultFabric;
    private final Path defaultGuid2lid;
    private final Path cwd;
    private final Discovery discovery;
    private final FabricChannels channels = new FabricChannels();
    private final RoutingEngines engines = new RoutingEngines();

    private final DaemonWarmUp warmUp;

    @Activate
    public SmTool(BundleContext context, @Reference Discovery discovery) {
        this(context.getProperty("infiniscope.fabric"),
                Settings.defaultGuid2lid(
                        context.getProperty(Settings.STATE_PROPERTY), context.getProperty(Settings.CWD_PROPERTY)),
                discovery,
                Path.of(context.getProperty(Settings.CWD_PROPERTY) != null
                        ? context.getProperty(Settings.CWD_PROPERTY)
                        : System.getProperty("user.dir")),
                DaemonWarmUp.wanted(context));
        if (warmUp != null) {
            warmUp.startWhenUp(context);
        }
    }

    SmTool(String defaultFabric, Path defaultGuid2lid, Discovery discovery, Path cwd) {
        this(defaultFabric, defaultGuid2lid, discovery, cwd, false);
    }

    private SmTool(String defaultFabric, Path defaultGuid2lid, Discovery discovery, Path cwd, boolean warm) {
        this.defaultFabric = defaultFabric;
        this.defaultGuid2lid = defaultGuid2lid;
        this.discovery = discovery;
        this.cwd = cwd;
        this.warmUp = warm ? new DaemonWarmUp(this::runSm, channels, defaultFabric) : null;
    }

    @Deactivate
    void deactivate() {
        if (warmUp != null) {
            warmUp.stop();
        }
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        channels.add(provider, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        channels.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(service = RoutingEngine.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addEngine(ServiceReference<RoutingEngine> reference, RoutingEngine engine) {
        engines.add(engine, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeEngine(ServiceReference<RoutingEngine> reference) {
        engines.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests: a channel provider and engines without the service registry. */
    void provide(ChannelProvider provider, List<RoutingEngine> routing) {
        channels.add(provider, 0, 0);
        long id = 1;
        for (RoutingEngine e : routing) {
            engines.add(e, 0, id++);
        }
    }

    private static int ranking(ServiceReference<?> reference) {
        return reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0;
    }

    @Override
    public String name() {
        return "sm";
    }

    @Override
    public String summary() {
        return "run the subnet manager in the foreground: sweep, assign LIDs, route, program, activate (SUBNET UP)";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope sm [--fabric F] [--routing CHAIN] [--priority N] [--lmc N] [--once]
                                      [--guid2lid FILE] [--routes FILE] [--sweep-interval S] [--poll-interval MS]
                                      [--window N] [--timeout MS]
                  --fabric F          sim[:TOPOLOGY][@NODE], umad[:CA:PORT] or ibsim:SOCKET[@NODE]; default: the launcher's
                  --routing CHAIN     routing engines tried in order, e.g. updn,minhop (default minhop)
                  --priority N        SMInfo priority 0..15 (default 0): the highest priority, then the lowest GUID, is master
                  --lmc N             LMC of CA ports 0..7 (default 0)
                  --once              exit 0 after the first SUBNET UP (non-zero when the subnet cannot be brought up)
                  --guid2lid FILE     OpenSM's guid2lid file (default: sm/guid2lid in the runtime's state folder,
                                      sm/guid2lid.TOPOLOGY for a sim:TOPOLOGY fabric)
                  --routes FILE       after each SUBNET UP, write every switch's routes there as ibroute prints them
                  --sweep-interval S  seconds between light sweeps, 0 for none (default 10)
                  --poll-interval MS  a standby polls the master this often (default 10000)
                  --window N          SMPs in flight (default 16)
                  --timeout MS        time-out of each SMP attempt (default 500)
                  --partitions FILE   OpenSM's partitions.conf (default: .infiniscope/sm/partitions.conf, which
                                      'sm partitions' edits, when it exists; else the default partition alone)
                  --allow_both_pkeys, --keep_pkey_indexes TRUE|FALSE, --part_enforce both|in|out|off
                                      OpenSM's P_Key options (defaults FALSE, TRUE, both)
                  --qos               program SL2VL and VL arbitration (OpenSM's qos TRUE, its qos_* defaults)
                  --config FILE       an opensm.conf: its qos, qos_*, partition_config_file, P_Key options and
                                      routing_time_limit
                  --routing-time-limit S  seconds each engine of the chain but min-hop has before it is
                                      interrupted and the next tried (default 120, 0: none)
                Prints 'SM phase discovery|lids|routing|programming|activation SECONDS s' per phase, then SUBNET UP.
                       infiniscope sm partitions list|validate|show|add|remove ...   (the partitions.conf file)""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        if (!invocation.args().isEmpty() && invocation.args().get(0).equals("partitions")) {
            return partitions(invocation);
        }
        if (warmUp != null) {
            warmUp.stop(); // an SM to run: the warm-up gives way (and the port it kept open is this SM's)
        }
        return runSm(invocation);
    }

    /** Runs the SM until interrupted, or its first SUBNET UP with {@code --once}. */
    int runSm(ToolInvocation invocation) throws UsageException {
        List<String> rest = new ArrayList<>(invocation.args());
        PolicySettings policy = PolicyConfig.fromArgs(rest, cwd);
        SmToolArgs args = SmToolArgs.parse(rest, defaultFabric, defaultGuid2lid, cwd);
        PrintWriter out = invocation.out();
        PrintWriter err = invocation.err();
        MadTransport transport;
        try {
            transport = channels.open(args.fabric(), args.settings().window());
        } catch (IOException | RuntimeException e) {
            err.println("infiniscope sm: cannot open fabric '" + args.fabric() + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        CompletableFuture<String> end = new CompletableFuture<>();
        try (transport;
                SmRunner sm = new SmRunner(transport, discovery, engines, new FabricPolicy(policy), args.settings())) {
            sm.addListener(new Printer(out, err, args.once(), args.routes(), end));
            sm.start();
            String failure = end.get();
            if (failure != null) {
                err.println("infiniscope sm: " + failure);
                return ExitStatus.FAILURE;
            }
            return ExitStatus.OK;
        } catch (IOException e) {
            err.println("infiniscope sm: cannot run on '" + args.fabric() + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitStatus.OK;
        } catch (ExecutionException e) {
            err.println("infiniscope sm: " + e.getCause());
            return ExitStatus.FAILURE;
        } finally {
            out.flush();
        }
    }

    /** {@code sm partitions ...}: helper part's command, on the partitions file of the caller's folder. */
    private int partitions(ToolInvocation invocation) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int status;
        try (java.io.PrintStream o = new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
                java.io.PrintStream e = new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8)) {
            status = new org.infiniscope.sm.internal.partition.PartitionsCommand(cwd)
                    .run(invocation.args().subList(1, invocation.args().size()), o, e);
        }
        invocation.out().print(out.toString(java.nio.charset.StandardCharsets.UTF_8));
        invocation.out().flush();
        invocation.err().print(err.toString(java.nio.charset.StandardCharsets.UTF_8));
        invocation.err().flush();
        return status;
    }

    /** Prints the phases and SUBNET UP; ends the run after the first SUBNET UP with {@code --once}, or a failure. */
    private static final class Printer implements SmListener {
        private final PrintWriter out;
        private final PrintWriter err;
        private final boolean once;
        private final Path routes;
        private final CompletableFuture<String> end;
        private int failed;

        Printer(PrintWriter out, PrintWriter err, boolean once, Path routes, CompletableFuture<String> end) {
            this.out = out;
            this.err = err;
            this.once = once;
            this.routes = routes;
            this.end = end;
        }

        @Override
        public void phase(SmPhase phase, Duration took) {
            if (end.isDone()) {
                return; // --once: a sweep a trap started while the SM stops is not reported
            }
            out.println("SM phase " + phase.label() + " " + seconds(took) + " s");
            out.flush();
        }

        @Override
        public void subnetUp(Subnet subnet) {
            if (end.isDone()) {
                return;
            }
            out.println("SUBNET UP");
            out.flush();
            failed = 0;
            if (routes != null) {
                try {
                    java.nio.file.Files.writeString(routes, RouteDump.dump(subnet));
                } catch (IOException e) {
                    err.println("infiniscope sm: cannot write the routes to " + routes + ": " + e.getMessage());
                }
            }
            if (once) {
                end.complete(null);
            }
        }

        @Override
        public void stateChanged(SmState from, SmState to) {
            if (to == SmState.STANDBY) {
                err.println("SM state " + to);
                err.flush();
            }
        }

        @Override
        public void swept(SweepReport report) {
            if (report.up() || end.isDone()) {
                return;
            }
            String why = report.problem().orElse("the subnet is not up");
            err.println("SM sweep: " + why);
            err.flush();
            if (report.subnet().isEmpty() && why.startsWith("standing by") || why.startsWith("handed over")) {
                if (once) {
                    end.complete("another SM is the master: " + why);
                }
                return;
            }
            if (++failed >= ATTEMPTS && once) {
                end.complete("the subnet could not be brought up after " + ATTEMPTS + " heavy sweeps: " + why);
            }
        }
    }

    /** @return seconds with three decimals, as the phase lines print them */
    static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e9);
    }

    /** Running the SM programs the fabric; {@code partitions add|remove} change its configuration. */
    @Override
    public Optional<String> auditedAction(List<String> args) {
        if (args.isEmpty() || !args.get(0).equals("partitions")) {
            return Optional.of("sm run");
        }
        return args.size() > 1 && List.of("add", "remove").contains(args.get(1))
                ? Optional.of("sm partitions " + args.get(1))
                : Optional.empty();
    }
}
