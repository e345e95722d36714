package org.infiniscope.model.connection.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.connection.ConnectionListener;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.ConnectionState.Phase;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.model.connection.FabricConnectionException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fabric connection of the runtime. One worker thread opens and sweeps, so connections and sweeps never overlap;
 * a timer asks it for periodic re-sweeps. Nothing runs (no thread is started) until a connection is asked for, or,
 * with {@code enabled=auto}, at start in the runtime's shell (serve, gui) but never under a one-shot command.
 */
@Component(service = FabricConnection.class, configurationPid = ConnectionConfig.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true)
@Designate(ocd = ConnectionConfig.class)
public final class FabricConnectionService implements FabricConnection {

    private static final Logger LOG = LoggerFactory.getLogger(FabricConnectionService.class);
    private static final long PROGRESS_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Channels channels = new Channels();
    private final List<ConnectionListener> listeners = new CopyOnWriteArrayList<>();
    private final Discovery discovery;
    private final FabricModelService model;
    private final String configured;
    private final String runtimeFabric;
    private final SweepOptions options;
    private final Duration resweepInterval;
    private final boolean lightResweeps;
    private final boolean smFollows;
    private final boolean autoConnect;
    private volatile ConfigurationAdmin configAdmin;
    private ServiceRegistration<?> commands;

    private volatile ConnectionState state = new ConnectionState(Phase.IDLE, null, null, 0, 0, 0, null, 0, null);
    /** What is connected: changed on the worker thread only. */
    private volatile Connected connected;
    private ExecutorService worker;
    private ScheduledExecutorService timer;
    /** The connection or sweep under way, to cancel. */
    private Running running;
    private boolean active = true;
    /** Whether the automatic connection at start is still to be made. */
    private boolean pendingAuto;

    private record Connected(String fabric, MadTransport transport, FabricSnapshot snapshot, int nodes, long sweeps,
            Instant lastSweep) {
        void close() {
            if (transport != null) {
                transport.close();
            }
        }
    }

    private record Running(CompletableFuture<FabricDelta> result, Future<?> task, boolean connect) {
    }

    @Activate
    public FabricConnectionService(BundleContext context, ConnectionConfig config, @Reference Discovery discovery,
            @Reference FabricModelService model) {
        this.discovery = discovery;
        this.model = model;
        String fabric = context.getProperty("infiniscope.fabric");
        this.runtimeFabric = fabric == null || fabric.isBlank() ? "sim" : fabric.strip();
        this.configured = config.fabric().isBlank() ? runtimeFabric : config.fabric().strip();
        this.options = new SweepOptions(Math.clamp(config.window(), 1, 4096),
                Duration.ofMillis(Math.max(1, config.timeout())), Math.clamp(config.retries(), 0, 100));
        this.resweepInterval = Duration.ofSeconds(Math.max(0, config.resweep_interval()));
        this.lightResweeps = config.resweep_kind().strip().equalsIgnoreCase("light");
        this.smFollows = config.sm_follows();
        boolean shell = shellRuntime(context.getProperty("infiniscope.cwd"),
                context.getProperty("infiniscope.cli.args"), context.getProperty("infiniscope.daemon.socket"));
        this.autoConnect = switch (config.enabled().strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> shell;
        };
        if (shell) {
            Hashtable<String, Object> props = new Hashtable<>();
            props.put("osgi.command.scope", "fabric");
            props.put("osgi.command.function", ConnectionCommands.FUNCTIONS);
            commands = context.registerService(ConnectionCommands.class.getName(), new ConnectionCommands(this), props);
        }
        pendingAuto = autoConnect;
        connectAutomatically(); // references are bound after the constructor: a provider may come later
    }

    /** Connects to the configured fabric once (with {@code enabled} so), as soon as a provider handles it. */
    private void connectAutomatically() {
        synchronized (this) {
            if (!pendingAuto || !configured.startsWith(SNAPSHOT_PREFIX) && channels.providerFor(configured).isEmpty()) {
                return;
            }
            pendingAuto = false;
        }
        connect(configured).exceptionally(e -> null); // listeners are told; nobody waits for it here
    }

    /** For tests: a service with this configuration outside a framework. */
    FabricConnectionService(Discovery discovery, FabricModelService model, String fabric, SweepOptions options,
            Duration resweepInterval) {
        this(discovery, model, fabric, options, resweepInterval, false);
    }

    /**
     * @return whether this is a runtime an operator works in ({@code serve}, {@code gui}): one the launcher started
     *         (it always passes the caller's folder) for no one-shot command, and not the one-shot daemon, whose
     *         commands sweep by themselves (a sweep of its own would compete with theirs for the same port)
     */
    static boolean shellRuntime(String cwd, String cliArgs, String daemonSocket) {
        return cwd != null && cliArgs == null && daemonSocket == null;
    }

    /** For tests: with {@code autoConnect}, it connects to {@code fabric} once a provider handles it. */
    FabricConnectionService(Discovery discovery, FabricModelService model, String fabric, SweepOptions options,
            Duration resweepInterval, boolean autoConnect) {
        this.discovery = discovery;
        this.model = model;
        this.runtimeFabric = fabric;
        this.configured = fabric;
        this.options = options;
        this.resweepInterval = resweepInterval;
        this.lightResweeps = false;
        this.smFollows = false;
        this.autoConnect = autoConnect;
        this.pendingAuto = autoConnect;
    }

    @Deactivate
    void deactivate() {
        ExecutorService w;
        ScheduledExecutorService t;
        synchronized (this) {
            active = false;
            if (running != null) {
                running.result().cancel(true);
            }
            w = worker;
            t = timer;
        }
        if (commands != null) {
            try {
                commands.unregister();
            } catch (IllegalStateException e) {
                // the framework is stopping
            }
        }
        if (t != null) {
            t.shutdownNow();
        }
        if (w != null) {
            w.shutdownNow();
            try {
                w.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Connected c = connected;
        if (c != null) {
            c.close();
        }
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        channels.add(provider, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                (Long) reference.getProperty(Constants.SERVICE_ID));
        connectAutomatically();
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        channels.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests outside a framework. */
    void provide(ChannelProvider provider, long serviceId) {
        channels.add(provider, 0, serviceId);
        connectAutomatically();
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setConfigAdmin(ConfigurationAdmin admin) {
        this.configAdmin = admin;
    }

    void unsetConfigAdmin(ConfigurationAdmin admin) {
        if (configAdmin == admin) {
            configAdmin = null;
        }
    }

    @Override
    public ConnectionState state() {
        return state;
    }

    @Override
    public String configuredFabric() {
        return configured;
    }

    @Override
    public AutoCloseable addListener(ConnectionListener listener) {
        listeners.add(listener);
        listener.stateChanged(state);
        return () -> listeners.remove(listener);
    }

    @Override
    public CompletableFuture<FabricDelta> connect(String fabric) {
        String spec = fabric == null ? "" : fabric.strip();
        if (spec.isEmpty()) {
            return CompletableFuture.failedFuture(
                    new FabricConnectionException(spec, "no fabric given (expected " + Channels.CHOICES + ")", null));
        }
        return submit(true, result -> connectNow(spec, result));
    }

    @Override
    public CompletableFuture<FabricDelta> resweep() {
        return resweep(false);
    }

    @Override
    public void cancel() {
        Running r;
        synchronized (this) {
            r = running;
        }
        if (r != null) {
            r.result().cancel(true);
        }
    }

    @Override
    public CompletableFuture<Void> disconnect() {
        // as a connection does, this replaces the work under way; it runs on the worker, which alone changes connected
        return submit(true, result -> {
            Connected old = connected;
            connected = null;
            if (old != null) {
                old.close();
                LOG.info("disconnected from {}", old.fabric());
            }
            setState(new ConnectionState(Phase.IDLE, null, null, 0, 0, 0, null, 0, null));
            return new FabricDelta(java.util.List.of());
        }).thenApply(delta -> null);
    }

    /** A re-sweep; a periodic one is light when so configured, one asked for is always full. */
    private CompletableFuture<FabricDelta> resweep(boolean periodic) {
        synchronized (this) {
            if (running != null && !running.result().isDone()) {
                return running.result(); // a sweep under way gives the newest state anyway
            }
        }
        return submit(false, result -> resweepNow(periodic && lightResweeps));
    }

    private interface Work {
        FabricDelta run(CompletableFuture<FabricDelta> result) throws Exception;
    }

    private synchronized CompletableFuture<FabricDelta> submit(boolean connect, Work work) {
        CompletableFuture<FabricDelta> result = new CompletableFuture<>();
        if (!active) {
            result.completeExceptionally(
                    new FabricConnectionException(state.target(), "the service is stopping", null));
            return result;
        }
        if (running != null && connect) {
            running.result().cancel(true); // a new connection replaces the one under way
        }
        if (worker == null) {
            worker = Executors.newSingleThreadExecutor(daemon("fabric-connection"));
        }
        Future<?> task = worker.submit(() -> {
            try {
                if (result.isDone()) {
                    return;
                }
                result.complete(work.run(result));
            } catch (InterruptedException | CancellationException e) {
                result.cancel(false);
            } catch (FabricConnectionException e) {
                result.completeExceptionally(e);
            } catch (Exception e) {
                LOG.warn("the fabric connection failed unexpectedly", e);
                result.completeExceptionally(
                        new FabricConnectionException(state.target(), String.valueOf(e.getMessage()), e));
            } finally {
                finished(result);
            }
        });
        Running r = new Running(result, task, connect);
        running = r;
        result.whenComplete((v, e) -> {
            if (result.isCancelled()) {
                task.cancel(true);
            }
        });
        return result;
    }

    private synchronized void finished(CompletableFuture<FabricDelta> result) {
        if (running != null && running.result() == result) {
            running = null;
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** Runs on the worker: opens and sweeps {@code spec}, then makes it the connected fabric. */
    private FabricDelta connectNow(String spec, CompletableFuture<FabricDelta> result) throws Exception {
        Connected old = connected;
        setState(new ConnectionState(Phase.CONNECTING, fabricOf(old), spec, 0, 0, 0, lastOf(old), sweepsOf(old), null));
        try {
            if (spec.startsWith(SNAPSHOT_PREFIX)) {
                return loadSnapshot(spec, old);
            }
            MadTransport transport;
            try {
                transport = channels.open(spec, options.window());
            } catch (IOException | RuntimeException e) {
                throw new FabricConnectionException(spec, "cannot open " + spec + ": " + reason(spec, e), e);
            }
            FabricSnapshot snapshot;
            try {
                snapshot = sweep(spec, transport, old);
            } catch (Exception e) {
                transport.close();
                throw e;
            }
            FabricDelta delta = model.update(snapshot, spec, Instant.now());
            Connected now = new Connected(spec, transport, snapshot, snapshot.nodes().size(), 1, Instant.now());
            connected = now;
            if (old != null) {
                old.close();
            }
            follow(spec);
            scheduleResweeps();
            LOG.info("connected to {}: {} nodes", spec, now.nodes());
            ConnectionState after = connectedState(now, null);
            setState(after);
            swept(after, delta);
            return delta;
        } catch (FabricConnectionException e) {
            restore(old, e.getMessage());
            throw e;
        } catch (InterruptedException | CancellationException e) {
            restore(old, null);
            throw e;
        }
    }

    private FabricDelta loadSnapshot(String spec, Connected old) throws FabricConnectionException {
        Path file = Path.of(spec.substring(SNAPSHOT_PREFIX.length()));
        FabricDelta delta;
        try (InputStream in = Files.newInputStream(file)) {
            delta = model.load(in);
        } catch (NoSuchFileException e) {
            throw new FabricConnectionException(spec, "cannot open " + spec + ": no file " + file, e);
        } catch (IOException e) {
            throw new FabricConnectionException(spec, "cannot read " + file + ": " + e.getMessage(), e);
        }
        int nodes = model.read(f -> f.getNodes().size());
        Connected now = new Connected(spec, null, null, nodes, 1, Instant.now());
        connected = now;
        if (old != null) {
            old.close();
        }
        ConnectionState after = connectedState(now, null);
        setState(after);
        swept(after, delta);
        return delta;
    }

    /** Runs on the worker: sweeps the connected fabric again. */
    private FabricDelta resweepNow(boolean light) throws Exception {
        Connected c = connected;
        if (c == null) {
            throw new FabricConnectionException(null, "no fabric is connected", null);
        }
        if (c.transport() == null) {
            throw new FabricConnectionException(c.fabric(), c.fabric() + " is a saved model: it is not swept", null);
        }
        FabricSnapshot snapshot;
        try {
            if (light) {
                setState(new ConnectionState(Phase.SWEEPING, c.fabric(), c.fabric(), c.nodes(), 0, 0, c.lastSweep(),
                        c.sweeps(), null));
                snapshot = discovery.resweep(c.transport(), options, c.snapshot()).snapshot();
            } else {
                snapshot = sweep(c.fabric(), c.transport(), c);
            }
        } catch (DiscoveryException e) {
            String message = "the sweep of " + c.fabric() + " failed: " + e.getMessage();
            setState(connectedState(c, message));
            throw new FabricConnectionException(c.fabric(), message, e);
        } catch (InterruptedException | CancellationException e) {
            setState(connectedState(c, null));
            throw e;
        }
        FabricDelta delta = model.update(snapshot, null, Instant.now());
        Connected now = new Connected(c.fabric(), c.transport(), snapshot, snapshot.nodes().size(), c.sweeps() + 1,
                Instant.now());
        connected = now;
        ConnectionState after = connectedState(now, null);
        setState(after);
        swept(after, delta);
        return delta;
    }

    private FabricSnapshot sweep(String spec, MadTransport transport, Connected shown)
            throws FabricConnectionException, InterruptedException {
        long[] last = {System.nanoTime() - PROGRESS_NANOS};
        setState(new ConnectionState(Phase.SWEEPING, fabricOf(shown), spec, 0, 0, 0, lastOf(shown), sweepsOf(shown),
                null));
        try {
            return discovery.sweep(transport, options, (nodes, answered, pending) -> {
                long now = System.nanoTime();
                if (now - last[0] >= PROGRESS_NANOS) {
                    last[0] = now;
                    setState(new ConnectionState(Phase.SWEEPING, fabricOf(shown), spec, nodes, answered, pending,
                            lastOf(shown), sweepsOf(shown), null));
                }
            });
        } catch (DiscoveryException e) {
            throw new FabricConnectionException(spec, "cannot sweep " + spec + ": " + e.getMessage(), e);
        }
    }

    /** After a failed or cancelled connection: the fabric connected before stays. */
    private void restore(Connected old, String message) {
        if (old != null) {
            setState(connectedState(old, message));
        } else if (message != null) {
            setState(new ConnectionState(Phase.FAILED, null, null, 0, 0, 0, null, 0, message));
        } else {
            setState(new ConnectionState(Phase.IDLE, null, null, 0, 0, 0, null, 0, null));
        }
    }

    private static ConnectionState connectedState(Connected c, String message) {
        return new ConnectionState(Phase.CONNECTED, c.fabric(), c.fabric(), c.nodes(), 0, 0, c.lastSweep(), c.sweeps(),
                message);
    }

    private static String fabricOf(Connected c) {
        return c == null ? null : c.fabric();
    }

    private static Instant lastOf(Connected c) {
        return c == null ? null : c.lastSweep();
    }

    private static long sweepsOf(Connected c) {
        return c == null ? 0 : c.sweeps();
    }

    /** @return an exception's message without the {@code --fabric F: } the command line's providers put first */
    static String reason(String spec, Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String prefix = "--fabric " + spec + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }

    private void follow(String spec) {
        ConfigurationAdmin admin = configAdmin;
        if (!smFollows || admin == null) {
            return;
        }
        try {
            SmFollower follower = new SmFollower(admin, runtimeFabric);
            if (follower.follow(spec)) {
                LOG.info("the SM moves to {}", SmFollower.topologyOf(spec));
            }
            if (follower.pollerFollow(spec)) {
                LOG.info("the performance poller moves to {}", spec);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("the SM or the poller cannot be moved to {}: {}", spec, e.getMessage());
        }
    }

    private synchronized void scheduleResweeps() {
        if (timer != null || resweepInterval.isZero() || !active) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(daemon("fabric-resweep"));
        long ms = resweepInterval.toMillis();
        timer.scheduleWithFixedDelay(() -> {
            if (state.phase() == Phase.CONNECTED && connected != null && connected.transport() != null) {
                resweep(true).exceptionally(e -> null); // the state tells listeners of a failure
            }
        }, ms, ms, TimeUnit.MILLISECONDS);
    }

    private void setState(ConnectionState next) {
        state = next;
        for (ConnectionListener l : listeners) {
            try {
                l.stateChanged(next);
            } catch (RuntimeException e) {
                LOG.warn("a connection listener failed", e);
            }
        }
    }

    private void swept(ConnectionState after, FabricDelta delta) {
        for (ConnectionListener l : listeners) {
            try {
                l.swept(after, delta);
            } catch (RuntimeException e) {
                LOG.warn("a connection listener failed", e);
            }
        }
    }
}
