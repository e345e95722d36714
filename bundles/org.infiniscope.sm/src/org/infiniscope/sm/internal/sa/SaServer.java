package org.infiniscope.sm.internal.sa;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.transport.AgentRegistration;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.IncomingMad;
import org.infiniscope.mad.transport.MadAgent;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sm.subnet.Subnet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The subnet administrator: an agent for the SA class (0x03, version 2) on the SM's {@link MadTransport}, answering
 * from whichever {@link Subnet} the SM published last. Requests are answered on the SA's own threads behind a bounded
 * queue; when the queue is full a request is answered BUSY at once, so a flood of PathRecord queries costs the SM's
 * sweeps nothing and the SA stays responsive. Before the SM published a subnet every request is answered BUSY too.
 * Tables go back through RMPP (the transport segments them). Malformed and unsupported requests get the MAD status
 * IBA 15.2.5 prescribes, never an exception into the transport.
 */
public final class SaServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SaServer.class);

    /**
     * How the SA runs.
     *
     * @param threads the threads that answer requests
     * @param queueCapacity the requests that may wait for a thread; more are answered BUSY
     * @param maxRecords the most records of one table answer
     * @param packetLifeTime the PacketLifeTime of paths (IBA encoding; OpenSM's default 0x12)
     * @param reportTimeout how long to wait for a subscriber's ReportResp
     * @param reportRetries how many times to resend a Report
     * @param nanos the clock of service leases
     */
    public record Config(int threads, int queueCapacity, int maxRecords, int packetLifeTime, Duration reportTimeout,
            int reportRetries, LongSupplier nanos) {

        /** Two threads, 1024 waiting requests, 1 s × 4 report attempts, the system clock. */
        public static final Config DEFAULT = new Config(2, 1024, 1 << 16, 0x12, Duration.ofSeconds(1), 3,
                System::nanoTime);

        /** Checks the bounds. */
        public Config {
            if (threads < 1 || queueCapacity < 1 || maxRecords < 1 || packetLifeTime < 0 || packetLifeTime > 63
                    || reportRetries < 0) {
                throw new IllegalArgumentException("SA config out of range");
            }
            Objects.requireNonNull(reportTimeout, "reportTimeout");
            Objects.requireNonNull(nanos, "nanos");
        }

        /** @return the same config with other thread and queue bounds */
        public Config withQueue(int threadCount, int capacity) {
            return new Config(threadCount, capacity, maxRecords, packetLifeTime, reportTimeout, reportRetries, nanos);
        }

        /** @return the same config with another lease clock */
        public Config withClock(LongSupplier clock) {
            return new Config(threads, queueCapacity, maxRecords, packetLifeTime, reportTimeout, reportRetries, clock);
        }
    }

    /**
     * Counters since the SA started.
     *
     * @param received requests the transport delivered
     * @param answered requests answered with status 0
     * @param errors requests answered with an error status (BUSY aside)
     * @param busy requests answered BUSY: the queue was full or no subnet was published yet
     * @param dropped MADs too short to answer
     * @param reportsSent Reports sent to subscribers
     * @param reportsAcknowledged Reports a subscriber answered
     * @param reportsFailed Reports never answered
     */
    public record Statistics(long received, long answered, long errors, long busy, long dropped, long reportsSent,
            long reportsAcknowledged, long reportsFailed) {
    }

    private final MadTransport transport;
    private final Supplier<Subnet> subnets;
    private final Config config;
    private final SaState state;
    private final SaHandler handler;
    private final ReportSender reports;
    private final ThreadPoolExecutor executor;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong busy = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private volatile SubnetView view;
    private AgentRegistration registration;

    /**
     * @param transport the SM's transport (its port is the SA's)
     * @param subnets the subnet the SM published last, null before the first
     * @param programmer where the multicast groups' MFT masks go
     * @param config threads, queue and timing
     */
    public SaServer(MadTransport transport, Supplier<Subnet> subnets, MulticastProgrammer programmer, Config config) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.subnets = Objects.requireNonNull(subnets, "subnets");
        this.config = Objects.requireNonNull(config, "config");
        this.state = new SaState(Objects.requireNonNull(programmer, "programmer"), config.nanos(),
                config.packetLifeTime());
        this.handler = new SaHandler(state, config.maxRecords());
        this.reports = new ReportSender(transport, state.subscriptions(), config.reportTimeout(),
                config.reportRetries());
        this.executor = new ThreadPoolExecutor(config.threads(), config.threads(), 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(config.queueCapacity()), r -> {
                    Thread t = new Thread(r, "infiniscope-sa");
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
    }

    /** Registers the SA agent for every SA request method. */
    public synchronized void start() throws IOException {
        if (registration != null) {
            return;
        }
        Set<Integer> methods = new HashSet<>();
        for (int m = 1; m < Method.RESPONSE; m++) {
            if (m != Method.TRAP && m != Method.TRAP_REPRESS && m != Method.REPORT) {
                methods.add(m); // every request, so that unknown methods get their status too
            }
        }
        registration = transport.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, methods, true),
                this::handle);
    }

    /**
     * Reports a notice to every subscriber whose InformInfo matches, its IssuerGID the GID of the port that owns the
     * notice's IssuerLID in the latest subnet (zero when none does).
     *
     * @return how many subscribers it was sent to
     */
    public int report(Notice notice) {
        SubnetView v = currentView();
        Gid issuer = v == null
                ? Gid.ZERO
                : v.subnet().byLid(notice.issuerLid()).map(ref -> v.gid(ref.port().guid())).orElse(Gid.ZERO);
        return report(notice, issuer);
    }

    /**
     * Reports a notice (a trap the SM received, or one of its own) to every subscriber whose InformInfo matches.
     *
     * @param notice the notice
     * @param issuer the GID of the port that issued it
     * @return how many subscribers it was sent to
     */
    public int report(Notice notice, Gid issuer) {
        return reports.report(notice, issuer);
    }

    /**
     * Builds the indexes of the latest subnet on an SA thread, after SUBNET UP, so that the first query need not
     * wait for them.
     */
    public void prepare() {
        try {
            executor.execute(this::currentView);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed, or busy with queries that build it anyway
        }
    }

    /** @return every multicast group's MFT port masks by MLID, on the latest subnet: what a sweep reprograms */
    public Map<Integer, Map<Long, Set<Integer>>> multicastForwarding() {
        return subnets.get() == null ? Map.of() : state.groups().forwarding(this::currentView);
    }

    /**
     * Creates the multicast groups a partitions file makes, before anyone joins (OpenSM creates them at SUBNET UP).
     *
     * @return how many did not exist yet
     * @throws IllegalStateException when no MLID is left for them
     */
    public int precreate(List<org.infiniscope.sm.partition.PrecreatedGroup> groups) {
        try {
            return state.groups().precreate(groups);
        } catch (SaError e) {
            throw new IllegalStateException("no MLID left for the partitions' multicast groups", e);
        }
    }

    /** @return the counters */
    public Statistics statistics() {
        return new Statistics(received.get(), answered.get(), errors.get(), busy.get(), dropped.get(), reports.sent(),
                reports.acknowledged(), reports.failed());
    }

    @Override
    public synchronized void close() {
        if (registration != null) {
            registration.close();
            registration = null;
        }
        executor.shutdownNow();
        try {
            // a task that runs on (the view built after SUBNET UP) ends before its bundle may stop: bounded
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(IncomingMad mad, MadAgent.Responder responder) {
        received.incrementAndGet();
        try {
            executor.execute(() -> answer(mad, responder));
        } catch (RejectedExecutionException full) {
            send(responder, SaRequest.error(mad.mad(), mad.mad().length, MadStatus.BUSY));
        }
    }

    private void answer(IncomingMad mad, MadAgent.Responder responder) {
        byte[] answer;
        try {
            answer = answer(mad);
        } catch (RuntimeException e) {
            LOG.error("the SA failed to answer a request", e);
            answer = SaRequest.error(mad.mad(), mad.mad().length, SaStatus.status(SaStatus.ERR_NO_RESOURCES));
        }
        send(responder, answer);
    }

    private byte[] answer(IncomingMad mad) {
        byte[] bytes = mad.mad();
        int length = bytes.length;
        boolean rmpp = length >= RmppHeader.OFFSET + RmppHeader.LENGTH
                && (bytes[RmppHeader.OFFSET + 2] & RmppHeader.ACTIVE) != 0;
        if (length < Mad.SIZE && !(rmpp && length >= SaMad.DATA_OFFSET)) {
            return SaRequest.error(bytes, length, SaStatus.status(SaStatus.ERR_REQ_INVALID));
        }
        SaRequest request;
        try {
            MadHeader header = MadHeader.decode(bytes, 0);
            SaHeader sa = SaHeader.decode(bytes, 0);
            byte[] data = Arrays.copyOfRange(bytes, SaMad.DATA_OFFSET, Math.max(length, Mad.SIZE));
            request = new SaRequest(header, sa, data, mad.source());
        } catch (MadFormatException e) {
            int status = e.problem() == MadFormatException.Problem.BAD_BASE_VERSION
                    ? MadStatus.BAD_VERSION
                    : SaStatus.status(SaStatus.ERR_REQ_INVALID);
            return SaRequest.error(bytes, length, status);
        }
        SubnetView v = currentView();
        if (v == null) {
            return SaRequest.error(bytes, length, MadStatus.BUSY);
        }
        return handler.answer(request, v);
    }

    private SubnetView currentView() {
        Subnet subnet = subnets.get();
        if (subnet == null) {
            return null;
        }
        SubnetView v = view;
        if (v == null || v.subnet() != subnet) {
            v = new SubnetView(subnet);
            view = v;
        }
        return v;
    }

    private void send(MadAgent.Responder responder, byte[] answer) {
        if (answer == null) {
            dropped.incrementAndGet();
            return;
        }
        int status = (answer[4] & 0xFF) << 8 | answer[5] & 0xFF;
        if (status == 0) {
            answered.incrementAndGet();
        } else if (status == MadStatus.BUSY) {
            busy.incrementAndGet();
        } else {
            errors.incrementAndGet();
        }
        try {
            responder.respond(answer);
        } catch (IOException e) {
            LOG.debug("the SA's answer could not be sent: {}", e.getMessage());
        }
    }
}
