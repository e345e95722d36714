package org.infiniscope.sm.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.transport.AgentRegistration;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.internal.sa.SaServer;
import org.infiniscope.sm.subnet.KnownSm;
import org.infiniscope.sm.subnet.Subnet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running SM on one transport: its own thread runs the sweeps, the light sweeps of its timer, and as standby the
 * polling of the master; its agent's SMInfo controls and traps come in as events. Started by {@link #start()},
 * stopped by {@link #close()}.
 */
public final class SmRunner implements SubnetManager, SmAgent.Sm, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SmRunner.class);
    /** Heavy sweeps in a row that met errors, after which the SM waits for its timer or a trap. */
    private static final int MAX_ERROR_RESWEEPS = 3;

    private sealed interface Event permits Request, Control, Trap, Stop, Multicast {
    }

    /** The SA changed a multicast group's tree: the MFTs are programmed again. */
    private record Multicast() implements Event {
    }

    private record Request(SweepKind kind, CompletableFuture<SweepReport> done, boolean reroute) implements Event {
    }

    private record Control(int modifier, SmInfo from) implements Event {
    }

    private record Trap(Notice notice) implements Event {
    }

    private record Stop() implements Event {
    }

    private final MadTransport transport;
    private final Discovery discovery;
    private final RoutingEngines engines;
    private final PartitionPolicy partitions;
    private final Smps smps;
    private final HeavySweep.Memory memory = new HeavySweep.Memory();
    private final List<SmListener> listeners = new CopyOnWriteArrayList<>();
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final AtomicInteger actCount = new AtomicInteger();
    private final MulticastTables multicastTables = new MulticastTables();
    private final MulticastTop multicastTop = new MulticastTop();
    private SaServer sa;
    private volatile SmSettings settings;
    private volatile SmState state = SmState.NOT_ACTIVE;
    private volatile Subnet subnet;
    private volatile long portGuid;
    private volatile int priority;
    private long sweeps;
    private boolean reregistered;
    private int errorSweeps;
    /** The last heavy sweep did not bring the subnet up: the next timer runs a heavy sweep again. */
    private boolean resweep;
    private int[] masterRoute;
    private long masterGuid;
    private Thread thread;
    private AgentRegistration[] registrations = new AgentRegistration[0];
    private final SweepHistory history = new SweepHistory(HISTORY);

    /**
     * @param transport the SM's port; the runner does not close it
     * @param engines the routing engines it may call
     */
    SmRunner(MadTransport transport, Discovery discovery, RoutingEngines engines, PartitionPolicy partitions,
            SmSettings settings) {
        this.transport = transport;
        this.discovery = discovery;
        this.engines = engines;
        this.partitions = partitions;
        this.settings = settings;
        this.priority = settings.priority();
        this.smps = new Smps(transport, settings.mKey(), settings.timeout(), settings.retries());
    }

    /** Registers the agent (the port becomes an SM port) and starts sweeping. */
    synchronized void start() throws IOException {
        if (thread != null) {
            return;
        }
        portGuid = transport.portGuid(); // known to a kept port (the daemon's): no read of the port
        registrations = new SmAgent(this).register(transport);
        setState(SmState.DISCOVERING);
        thread = new Thread(this::loop, "sm " + String.format("0x%016x", portGuid));
        thread.setDaemon(true);
        thread.start();
        events.add(new Request(SweepKind.HEAVY, null, false));
    }

    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            t = thread;
            thread = null;
        }
        if (t != null) {
            events.add(new Stop());
            t.interrupt();
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (AgentRegistration r : registrations) {
            r.close();
        }
        setState(SmState.NOT_ACTIVE);
        stopSa();
    }

    @Override
    public SmState state() {
        return state;
    }

    @Override
    public Optional<Subnet> subnet() {
        return Optional.ofNullable(subnet);
    }

    @Override
    public CompletableFuture<SweepReport> sweep(SweepKind kind) {
        CompletableFuture<SweepReport> f = new CompletableFuture<>();
        events.add(new Request(kind, f, false));
        return f;
    }

    @Override
    public CompletableFuture<SweepReport> reroute() {
        CompletableFuture<SweepReport> f = new CompletableFuture<>();
        events.add(new Request(SweepKind.HEAVY, f, true));
        return f;
    }

    @Override
    public int priority() {
        return priority;
    }

    @Override
    public void setPriority(int value) {
        if (value < 0 || value > 15) {
            throw new IllegalArgumentException("priority " + value + " is not 0..15");
        }
        priority = value;
        settings = settings.withPriority(value);
    }

    @Override
    public List<String> routingChain() {
        return settings.routing();
    }

    /**
     * Routes with another chain from now on: the next heavy sweep uses it; {@link #reroute()} applies it at once.
     */
    void setRoutingChain(List<String> chain) {
        settings = settings.withRouting(chain);
    }

    /**
     * Sweeps every {@code interval} from now on (zero: only when asked or told by a trap). A master applies it at
     * once: a light sweep now, the next one an interval later.
     */
    void setSweepInterval(Duration interval) {
        SmSettings s = settings;
        settings = s.withTimers(interval, s.pollInterval(), s.pollRetries());
        if (state == SmState.MASTER) {
            sweep(SweepKind.LIGHT);
        }
    }

    @Override
    public long portGuid() {
        return portGuid;
    }

    @Override
    public AutoCloseable addListener(SmListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public List<SweepHistoryEntry> sweepHistory() {
        return history.entries();
    }

    /** @return the settings it runs with */
    SmSettings settings() {
        return settings;
    }

    /** @return the SMPs sent by sweeps so far */
    long smpsSent() {
        return transport.statistics().sent();
    }

    // --- the agent's side

    @Override
    public SmInfo smInfo() {
        return new SmInfo(portGuid, settings.smKey(), actCount.get(), priority, state.smInfoValue());
    }

    @Override
    public void control(int modifier, SmInfo from) {
        switch (modifier) {
            case SmAgent.HANDOVER -> {
                if (state == SmState.STANDBY || state == SmState.DISCOVERING) {
                    setState(SmState.MASTER);
                }
            }
            case SmAgent.DISABLE -> setState(SmState.NOT_ACTIVE);
            case SmAgent.STANDBY -> setState(SmState.STANDBY);
            case SmAgent.DISCOVER -> setState(SmState.DISCOVERING);
            default -> {
            }
        }
        events.add(new Control(modifier, from));
    }

    @Override
    public void trap(Notice notice) {
        events.add(new Trap(notice));
    }

    // --- the SM's thread

    private void loop() {
        long due = System.nanoTime();
        while (true) {
            Event e;
            try {
                long wait = Math.max(0, due - System.nanoTime());
                e = events.poll(wait, TimeUnit.NANOSECONDS);
            } catch (InterruptedException x) {
                return;
            }
            try {
                if (e instanceof Stop) {
                    return;
                }
                List<Event> batch = new ArrayList<>();
                if (e != null) {
                    batch.add(e);
                    events.drainTo(batch);
                    if (batch.stream().anyMatch(x -> x instanceof Stop)) {
                        complete(batch, null);
                        return;
                    }
                }
                boolean heavy = false, light = false, reroute = false, multicast = false;
                for (Event x : batch) {
                    switch (x) {
                        case Request r -> {
                            heavy |= r.kind() == SweepKind.HEAVY;
                            light |= r.kind() == SweepKind.LIGHT;
                            reroute |= r.reroute();
                        }
                        case Trap t -> heavy |= trapNeedsSweep(t.notice());
                        case Control c -> heavy |= controlled(c);
                        case Multicast m -> multicast = true;
                        case Stop s -> {
                        }
                    }
                }
                boolean timer = e == null;
                SweepReport report = null;
                switch (state) {
                    case NOT_ACTIVE -> due = System.nanoTime() + TimeUnit.DAYS.toNanos(1);
                    case STANDBY -> {
                        if (heavy) {
                            report = heavySweep(false);
                        } else if (timer) {
                            pollMaster();
                        }
                    }
                    case DISCOVERING, MASTER -> {
                        if (heavy || state == SmState.DISCOVERING || timer && resweep) {
                            report = heavySweep(reroute);
                        } else if (light || timer) {
                            report = lightSweep();
                        }
                    }
                }
                if (multicast && report == null && state == SmState.MASTER) {
                    programMulticast();
                }
                if (e != null && report == null && !heavy && !light) {
                    complete(batch, null);
                    continue; // an event that asked for no sweep leaves the timer as it was
                }
                complete(batch, report);
                due = System.nanoTime() + nextWait(report).toNanos();
            } catch (InterruptedException x) {
                return;
            } catch (RuntimeException x) {
                LOG.warn("SM sweep failed", x);
                due = System.nanoTime() + settings.sweepInterval().toNanos();
            }
        }
    }

    private Duration nextWait(SweepReport report) {
        SmSettings s = settings;
        if (state == SmState.STANDBY) {
            return s.pollInterval();
        }
        if (resweep && errorSweeps <= MAX_ERROR_RESWEEPS) {
            return Duration.ofMillis(100); // errors: sweep again at once, a few times
        }
        if (s.sweepInterval().isZero()) {
            return resweep ? Duration.ofSeconds(10) : Duration.ofDays(1);
        }
        return s.sweepInterval();
    }

    private void complete(List<Event> batch, SweepReport report) {
        SweepReport r = report != null
                ? report
                : new SweepReport(SweepKind.LIGHT, Map.of(), 0, Optional.ofNullable(subnet),
                        state == SmState.MASTER ? Optional.empty() : Optional.of("the SM is " + state));
        for (Event x : batch) {
            if (x instanceof Request q && q.done() != null) {
                q.done().complete(r);
            }
        }
    }

    private boolean trapNeedsSweep(Notice n) {
        int trap = n.trapNumberOrDeviceId();
        LOG.info("trap {} from LID {}", trap, n.issuerLid());
        SaServer s = sa;
        Subnet current = subnet;
        if (s != null && current != null) {
            // the SA reports it to the subscribers of its InformInfo
            long guid = current.byLid(n.issuerLid()).map(r -> r.port().guid()).orElse(0L);
            s.report(n, new org.infiniscope.mad.Gid(current.subnetPrefix(), guid));
        }
        // 128 link state change, 144 capability mask (an SM started or stopped), 145 system image GUID
        return n.generic() && (trap == 128 || trap == 144 || trap == 145);
    }

    private boolean controlled(Control c) {
        if (c.modifier() == SmAgent.HANDOVER && state == SmState.MASTER) {
            LOG.info("handover from SM 0x{}: this SM is the master", Long.toHexString(c.from().guid()));
            acknowledge(c.from().guid());
            return true;
        }
        return c.modifier() == SmAgent.DISCOVER;
    }

    /** Tells the SM that handed over that this one took the mastership (IBA 14.4.1.2). */
    private void acknowledge(long guid) {
        int[] route = routeOf(memory.last, guid);
        if (route != null) {
            smps.set(route, SmInfo.CODEC, SmAgent.ACKNOWLEDGE, smInfo());
        }
    }

    private SweepReport heavySweep(boolean reroute) throws InterruptedException {
        if (reroute) {
            memory.lfts.clear(); // every table compared with the switch again
        }
        if (state != SmState.MASTER) {
            setState(SmState.DISCOVERING);
        }
        actCount.incrementAndGet();
        long number = ++sweeps;
        java.time.Instant started = java.time.Instant.now();
        long startNanos = System.nanoTime();
        HeavySweep sweep = new HeavySweep(discovery, smps, settings, engines, partitions, memory,
                (phase, took) -> phase(phase, took));
        Subnet before = subnet;
        SweepReport report = sweep.run(number, !reregistered, this::elect, actCount.get(), priority);
        history.add(report, started, Duration.ofNanos(System.nanoTime() - startNanos),
                SweepHistory.changes(before, report.subnet().orElse(null), sweep));
        for (String note : sweep.notes) {
            LOG.info("sweep {}: {}", number, note);
        }
        if (report.subnet().isPresent()) {
            if (state != SmState.MASTER) {
                setState(SmState.MASTER);
            }
            reregistered = true;
            subnet = report.subnet().get();
        }
        if (state == SmState.MASTER && report.subnet().isPresent()) {
            startSa();
            precreateGroups();
            programMulticast();
        }
        if (report.up()) {
            errorSweeps = 0;
            resweep = false;
        } else if (state != SmState.STANDBY) {
            errorSweeps++;
            resweep = true;
            LOG.warn("sweep {}: {}", number, report.problem().orElse("not up"));
        }
        for (SmListener l : listeners) {
            l.swept(report);
        }
        if (report.up()) {
            for (SmListener l : listeners) {
                l.subnetUp(subnet);
            }
            SaServer s = sa;
            if (s != null) {
                s.prepare();
            }
        }
        return report;
    }

    /** The election after discovery (IBA 14.4.1.1): priority, then the lower port GUID, wins. */
    private Optional<String> elect(List<KnownSm> others, SweptFabric fabric) {
        KnownSm best = null;
        for (KnownSm o : others) {
            int s = o.info().smState();
            if (s == SmInfo.NOT_ACTIVE) {
                continue;
            }
            if (state == SmState.MASTER) {
                // IBA 14.4.1.1: the master hands over to a standby that outranks it (a discovering SM stands by first)
                if (s == SmInfo.STANDBY && outranks(o.info())) {
                    return handOver(o, fabric);
                }
                if (s == SmInfo.MASTER && outranks(o.info())) {
                    best = o;
                }
            } else if (s == SmInfo.MASTER && (best == null || rank(o.info(), best.info()))) {
                best = o;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        standBy(best, fabric);
        return Optional.of(String.format("standing by: the master SM is 0x%016x (LID %d, priority %d)", best.portGuid(),
                best.lid(), best.info().priority()));
    }

    private Optional<String> handOver(KnownSm to, SweptFabric fabric) {
        int[] route = routeOf(fabric, to.portGuid());
        if (route == null) {
            return Optional.empty();
        }
        try {
            SmInfo answer = Smps.await(smps.set(route, SmInfo.CODEC, SmAgent.HANDOVER,
                    new SmInfo(portGuid, settings.smKey(), actCount.get(), priority, SmInfo.MASTER)));
            LOG.info("handed over to SM 0x{} (priority {}), now {}", Long.toHexString(to.portGuid()),
                    to.info().priority(), answer.stateName());
        } catch (Smps.SmpException e) {
            LOG.info("handover to SM 0x{} failed: {}", Long.toHexString(to.portGuid()), e.getMessage());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        standBy(to, fabric);
        return Optional
                .of(String.format("handed over to SM 0x%016x (priority %d)", to.portGuid(), to.info().priority()));
    }

    private void standBy(KnownSm master, SweptFabric fabric) {
        masterGuid = master.portGuid();
        masterRoute = routeOf(fabric, master.portGuid());
        setState(SmState.STANDBY);
    }

    /** As standby: is the master still there? When it stops answering, or stops being master, take over. */
    private void pollMaster() throws InterruptedException {
        int[] route = masterRoute;
        if (route == null) {
            setState(SmState.DISCOVERING);
            return;
        }
        SmSettings s = settings;
        byte[] mad = org.infiniscope.mad.smp.Smp.directedRoute(org.infiniscope.mad.Method.GET, 0, SmInfo.ATTRIBUTE_ID,
                0, s.mKey(), route, new byte[org.infiniscope.mad.smp.Smp.DATA_LENGTH]).encode();
        try {
            byte[] answer = transport.send(new MadRequest(mad, org.infiniscope.mad.transport.MadAddress.directedRoute(),
                    s.timeout(), Math.max(0, s.pollRetries() - 1))).get().mad();
            SmInfo info = org.infiniscope.mad.smp.Smp.decodeAttribute(answer, SmInfo.CODEC);
            if (info.smState() == SmInfo.MASTER && info.guid() == masterGuid) {
                return;
            }
            LOG.info("the master SM 0x{} is now {}: this SM takes over", Long.toHexString(masterGuid),
                    info.stateName());
        } catch (java.util.concurrent.ExecutionException | org.infiniscope.mad.wire.MadFormatException e) {
            LOG.info("the master SM 0x{} stopped answering: this SM takes over", Long.toHexString(masterGuid));
        }
        setState(SmState.DISCOVERING);
        events.add(new Request(SweepKind.HEAVY, null, false));
    }

    private SweepReport lightSweep() throws InterruptedException {
        SweptFabric last = memory.last;
        if (last == null) {
            return heavySweep(false);
        }
        java.time.Instant started = java.time.Instant.now();
        long startNanos = System.nanoTime();
        long before = transport.statistics().sent();
        List<CompletableFuture<SwitchInfo>> reads = new ArrayList<>();
        for (SmNode n : last.nodes) {
            if (n.isSwitch()) {
                reads.add(smps.get(n.route, SwitchInfo.CODEC, 0));
            }
        }
        // the other SMs: a standby that outranks this master gets the mastership at the heavy sweep
        List<CompletableFuture<SmInfo>> sms = new ArrayList<>();
        for (KnownSm k : subnet == null ? List.<KnownSm>of() : subnet.sms()) {
            int[] route = k.portGuid() == portGuid ? null : routeOf(last, k.portGuid());
            if (route != null) {
                sms.add(smps.get(route, SmInfo.CODEC, 0));
            }
        }
        boolean changed = false;
        for (CompletableFuture<SmInfo> f : sms) {
            try {
                SmInfo other = Smps.await(f);
                changed |= other.smState() == SmInfo.STANDBY && outranks(other)
                        || other.smState() == SmInfo.MASTER && outranks(other);
            } catch (Smps.SmpException e) {
                // an SM that stopped: nothing for the master to do
            }
        }
        for (CompletableFuture<SwitchInfo> f : reads) {
            try {
                changed |= Smps.await(f).portStateChange();
            } catch (Smps.SmpException e) {
                changed = true; // a switch gone: the subnet changed
            }
        }
        if (changed) {
            return heavySweep(false);
        }
        SweepReport r = new SweepReport(SweepKind.LIGHT, Map.of(), transport.statistics().sent() - before,
                Optional.ofNullable(subnet), Optional.empty());
        history.add(r, started, Duration.ofNanos(System.nanoTime() - startNanos), SweepChanges.none(last.nodes.size()));
        for (SmListener l : listeners) {
            l.swept(r);
        }
        return r;
    }

    private static int[] routeOf(SweptFabric fabric, long portGuid) {
        if (fabric == null) {
            return null;
        }
        for (SmNode n : fabric.nodes) {
            for (int p = 0; p < n.ports.length; p++) {
                if (n.isEndport(p) && n.portGuid(p) == portGuid) {
                    return n.routeTo(p);
                }
            }
        }
        return null;
    }

    /** @return whether an SM with this SMInfo outranks this one: a higher priority, or the same and a lower GUID */
    private boolean outranks(SmInfo other) {
        return other.priority() > priority
                || other.priority() == priority && Long.compareUnsigned(other.guid(), portGuid) < 0;
    }

    private static boolean rank(SmInfo a, SmInfo b) {
        return a.priority() > b.priority()
                || a.priority() == b.priority() && Long.compareUnsigned(a.guid(), b.guid()) < 0;
    }

    private void phase(SmPhase phase, Duration took) {
        for (SmListener l : listeners) {
            l.phase(phase, took);
        }
    }

    /** The SA answers from the subnet this SM publishes while it is the master. */
    private void startSa() {
        if (sa != null) {
            return;
        }
        SaServer server = new SaServer(transport, () -> subnet, (mlid, ports) -> events.add(new Multicast()),
                SaServer.Config.DEFAULT);
        try {
            server.start();
            sa = server;
            LOG.info("SA started");
        } catch (IOException e) {
            server.close();
            LOG.warn("the SA cannot start: {}", e.getMessage());
        }
    }

    /** The partitions' multicast groups (IPoIB broadcast groups, mgid= lines), as OpenSM creates them. */
    private void precreateGroups() {
        SaServer s = sa;
        if (s != null && partitions instanceof FabricPolicy policy) {
            try {
                int created = s.precreate(policy.groups());
                if (created > 0) {
                    LOG.info("{} multicast groups of the partitions created", created);
                }
            } catch (IllegalStateException e) {
                LOG.warn("{}", e.getMessage());
            }
        }
    }

    private void stopSa() {
        SaServer s = sa;
        sa = null;
        if (s != null) {
            s.close();
        }
    }

    /** @return the SA, null when this SM is not the master */
    SaServer sa() {
        return sa;
    }

    /** Writes the MFT blocks the SA's groups changed. */
    private void programMulticast() throws InterruptedException {
        SaServer s = sa;
        SweptFabric last = memory.last;
        if (s == null || last == null) {
            return;
        }
        FabricReader.join(multicastTables.program(smps, last, s.multicastForwarding()));
        FabricReader.join(multicastTop.program(smps, last, multicastTables.tops()));
    }

    private void setState(SmState to) {
        SmState from = state;
        if (from == to) {
            return;
        }
        state = to;
        if (to != SmState.MASTER && to != SmState.DISCOVERING) {
            stopSa();
        }
        LOG.info("SM state {} -> {}", from, to);
        for (SmListener l : listeners) {
            l.stateChanged(from, to);
        }
    }
}
