package org.infiniscope.sm.internal;

import java.io.IOException;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.subnet.Subnet;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SM of the headless runtime. With {@code enabled=auto} (the default) it runs in the runtime's shell (not under
 * a one-shot command, which has the {@code sm} tool for that) on an embedded simulated fabric, never on {@code umad}:
 * a production fabric has its SM. It starts once a channel provider for its fabric is there, and logs each phase and
 * {@code SUBNET UP} as the tool prints them. The Gogo commands {@code sm:*} drive it.
 */
@Component(service = SubnetManager.class, configurationPid = SmConfig.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true)
@Designate(ocd = SmConfig.class)
public final class SubnetManagerService implements SubnetManager {

    private static final Logger LOG = LoggerFactory.getLogger(SubnetManagerService.class);

    private final RoutingEngines engines = new RoutingEngines();
    private final FabricChannels channels = new FabricChannels();
    private final List<SmListener> listeners = new CopyOnWriteArrayList<>();
    private final Discovery discovery;
    private final BundleContext context;
    // guarded by this
    private SmSettings settings;
    private PolicySettings policy;
    private String fabric;
    private boolean run;
    private volatile SmRunner runner;
    private MadTransport transport;
    private ServiceRegistration<?> commands;
    private boolean active;

    /**
     * @param properties the configuration, each key by its Declarative Services name ({@code sm.priority}) or by
     *        OpenSM's ({@code sm_priority}); an unknown key or a bad value fails the activation, naming it
     */
    @Activate
    public SubnetManagerService(BundleContext context, Map<String, Object> properties, @Reference Discovery discovery) {
        this.discovery = discovery;
        this.context = context;
        Applied a;
        try {
            a = read(properties);
        } catch (IllegalArgumentException e) {
            LOG.error("{}: the SM does not start", e.getMessage());
            throw e;
        }
        apply(a);
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("osgi.command.scope", "sm");
        props.put("osgi.command.function", SmCommands.FUNCTIONS);
        commands = context.registerService(SmCommands.class.getName(), new SmCommands(this), props);
        synchronized (this) {
            active = true;
        }
        listeners.add(new SmListener() {
            @Override
            public void phase(SmPhase phase, java.time.Duration took) {
                LOG.info("SM phase {} {} s", phase.label(), SmTool.seconds(took));
            }

            @Override
            public void subnetUp(Subnet subnet) {
                LOG.info("SUBNET UP");
            }
        });
        startLater();
    }

    /** What a configuration says the SM runs with. */
    private record Applied(SmSettings settings, PolicySettings policy, String fabric, boolean run) {
    }

    private Applied read(Map<String, ?> properties) {
        SmConfig config = SmProperties.config(properties);
        SmSettings s = Settings.of(config, Settings.defaultGuid2lid(context.getProperty(Settings.STATE_PROPERTY),
                context.getProperty(Settings.CWD_PROPERTY)));
        PolicySettings p = PolicyConfig.fromConfig(config,
                s.guid2lid() == null ? null : s.guid2lid().resolveSibling("partitions.conf"));
        String given = config.fabric().isBlank() ? context.getProperty("infiniscope.fabric") : config.fabric();
        String f = given == null || given.isBlank() ? "sim" : given;
        // the runtime the launcher started (it always passes the caller's folder), and no one-shot command
        boolean shell = context.getProperty(Settings.CWD_PROPERTY) != null
                && context.getProperty("infiniscope.cli.args") == null;
        boolean r = switch (config.enabled().strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> shell && FabricChannels.isSimulator(f);
        };
        return new Applied(s.withGuid2lid(Settings.forFabric(s.guid2lid(), f)), p, f, r);
    }

    private synchronized void apply(Applied a) {
        settings = a.settings();
        policy = a.policy();
        fabric = a.fabric();
        run = a.run();
    }

    /**
     * A changed configuration, applied in place: a new priority (the election of the next sweep), sweep interval (a
     * light sweep now, then at the new period) or routing engine chain (a reroute now) while the SM runs on; any
     * other key ({@link #LIVE} lists what is not) stops it and starts it again with the new settings, on the new
     * fabric when that changed, as the restart of the component would. A configuration in error is refused, with an
     * error logged, and the SM goes on as it was.
     */
    @Modified
    void modified(Map<String, Object> properties) {
        Applied next;
        try {
            next = read(properties);
        } catch (IllegalArgumentException e) {
            LOG.error("{}: the SM goes on with its settings", e.getMessage());
            return;
        }
        boolean restart;
        SmRunner r;
        SmSettings before;
        synchronized (this) {
            before = settings;
            r = runner;
            restart = !next.fabric().equals(fabric) || next.run() != run || !next.policy().equals(policy)
                    || !withoutLive(next.settings()).equals(withoutLive(before));
            apply(next);
        }
        if (restart) {
            LOG.info("SM configuration changed: the SM restarts{}", r == null ? "" : " on " + next.fabric());
            stop();
            startLater();
            return;
        }
        if (r == null) {
            return;
        }
        SmSettings now = next.settings();
        if (now.priority() != before.priority()) {
            LOG.info("SM priority {} (configured)", now.priority());
            r.setPriority(now.priority());
        }
        if (!now.sweepInterval().equals(before.sweepInterval())) {
            LOG.info("SM sweep interval {} s (configured)", now.sweepInterval().toSeconds());
            r.setSweepInterval(now.sweepInterval());
        }
        if (!now.routing().equals(before.routing())) {
            LOG.info("SM routing engine {} (configured): rerouting", String.join(",", now.routing()));
            r.setRoutingChain(now.routing());
            r.reroute();
        }
    }

    /** The keys a running SM takes without a restart. */
    static final java.util.List<String> LIVE = java.util.List.of("sm.priority", "sweep.interval", "routing.engine");

    /** @return the settings with what a running SM changes in place set aside */
    private static SmSettings withoutLive(SmSettings s) {
        return s.withPriority(0).withRouting(java.util.List.of("minhop")).withTimers(java.time.Duration.ZERO,
                s.pollInterval(), s.pollRetries());
    }

    @Deactivate
    void deactivate() {
        synchronized (this) {
            active = false;
        }
        try {
            commands.unregister();
        } catch (IllegalStateException e) {
            // the framework is stopping
        }
        stop();
    }

    @Reference(service = RoutingEngine.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addEngine(ServiceReference<RoutingEngine> reference, RoutingEngine engine) {
        engines.add(engine, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeEngine(ServiceReference<RoutingEngine> reference) {
        engines.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        channels.add(provider, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
        startLater();
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        channels.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    private static int ranking(ServiceReference<?> reference) {
        return reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0;
    }

    /** Starts the SM off the caller's thread (DS's), once its fabric has a provider. */
    private synchronized void startLater() {
        if (!run || runner != null) {
            return;
        }
        Thread t = new Thread(this::start, "sm-start");
        t.setDaemon(true);
        t.start();
    }

    private synchronized void start() {
        if (!active || !run || runner != null || channels.providerFor(fabric).isEmpty()) {
            return;
        }
        try {
            transport = channels.open(fabric, settings.window());
            SmRunner r = new SmRunner(transport, discovery, engines, new FabricPolicy(policy), settings);
            r.addListener(fanOut);
            r.start();
            runner = r;
            LOG.info("SM started on {} ({})", fabric, settings);
        } catch (IOException | RuntimeException e) {
            LOG.warn("the SM cannot start on {}: {}", fabric, e.getMessage());
            if (transport != null) {
                transport.close();
                transport = null;
            }
        }
    }

    private synchronized void stop() {
        if (runner != null) {
            runner.close();
            runner = null;
        }
        if (transport != null) {
            transport.close();
            transport = null;
        }
    }

    @Override
    public SmState state() {
        SmRunner r = runner;
        return r == null ? SmState.NOT_ACTIVE : r.state();
    }

    @Override
    public Optional<Subnet> subnet() {
        SmRunner r = runner;
        return r == null ? Optional.empty() : r.subnet();
    }

    @Override
    public CompletableFuture<SweepReport> sweep(SweepKind kind) {
        SmRunner r = runner;
        return r == null ? notRunning() : r.sweep(kind);
    }

    @Override
    public CompletableFuture<SweepReport> reroute() {
        SmRunner r = runner;
        return r == null ? notRunning() : r.reroute();
    }

    private CompletableFuture<SweepReport> notRunning() {
        String f;
        synchronized (this) {
            f = fabric;
        }
        return CompletableFuture.failedFuture(new IllegalStateException(
                "the SM does not run on '" + f + "' (configure " + SmConfig.PID + " enabled=true to run it there)"));
    }

    @Override
    public int priority() {
        SmRunner r = runner;
        if (r != null) {
            return r.priority();
        }
        synchronized (this) {
            return settings.priority();
        }
    }

    @Override
    public java.util.List<String> routingChain() {
        SmRunner r = runner;
        if (r != null) {
            return r.routingChain();
        }
        synchronized (this) {
            return settings.routing();
        }
    }

    @Override
    public void setPriority(int priority) {
        SmRunner r = runner;
        if (r == null) {
            throw new IllegalStateException("the SM does not run");
        }
        r.setPriority(priority);
    }

    @Override
    public long portGuid() {
        SmRunner r = runner;
        return r == null ? 0 : r.portGuid();
    }

    @Override
    public java.util.List<org.infiniscope.sm.SweepHistoryEntry> sweepHistory() {
        SmRunner r = runner;
        return r == null ? java.util.List.of() : r.sweepHistory();
    }

    @Override
    public AutoCloseable addListener(SmListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Tells every listener what the runner of the moment tells it: a listener outlives a restart of the SM. */
    private final SmListener fanOut = new SmListener() {
        @Override
        public void stateChanged(SmState from, SmState to) {
            listeners.forEach(l -> l.stateChanged(from, to));
        }

        @Override
        public void phase(SmPhase phase, java.time.Duration took) {
            listeners.forEach(l -> l.phase(phase, took));
        }

        @Override
        public void subnetUp(Subnet subnet) {
            listeners.forEach(l -> l.subnetUp(subnet));
        }

        @Override
        public void swept(SweepReport report) {
            listeners.forEach(l -> l.swept(report));
        }
    };
}
