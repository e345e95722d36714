package org.infiniscope.perf.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.diag.counters.PortCountersService;
import org.infiniscope.diag.counters.Thresholds;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.ExtendedSpeedsCounter;
import org.infiniscope.mad.perf.RsFecCounter;
import org.infiniscope.mad.perf.PerfCounter;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.Metric;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PerfListener;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.Sample;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.vendor.CounterSet;
import org.infiniscope.perf.vendor.CounterValues;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The {@link PerfManager}: totals, rates and history in memory, rules checked after each sweep. */
@Component(service = PerfManager.class, configurationPid = "org.infiniscope.perf")
@Designate(ocd = PerfManagerImpl.Config.class)
public final class PerfManagerImpl implements PerfManager {

    private static final Logger LOG = LoggerFactory.getLogger(PerfManagerImpl.class);

    /** The performance manager's settings. */
    @ObjectClassDefinition(name = "Infiniscope performance manager")
    public @interface Config {
        @AttributeDefinition(description = "readings kept per port")
        int historyDepth() default 120;

        @AttributeDefinition(description = "ibqueryerrors' threshold file (NAME=VALUE lines); empty: every error counts")
        String thresholdFile() default "";

        @AttributeDefinition(description = "rate rules, such as utilisation>90 or congestion>0.1")
        String[] rateRules() default {};
    }

    private final PortCountersService counters;
    private final int depth;
    private final Rules rules;
    private final List<PerfListener> listeners = new CopyOnWriteArrayList<>();
    private final ReentrantLock sweeping = new ReentrantLock();
    private final Map<Long, Capabilities> capabilities = new ConcurrentHashMap<>();
    private final Map<Long, PerfCounters<PortCounter>> sums = new ConcurrentHashMap<>();
    private final Map<String, Capabilities> byKind = new ConcurrentHashMap<>();
    private final java.util.Set<Long> ownClassPortInfo = ConcurrentHashMap.newKeySet();
    private final Map<PortKey, PortRecord> records = new HashMap<>();
    private volatile Map<PortKey, PortStats> stats = Map.of();
    private volatile List<PerfEvent> events = List.of();
    private volatile SweepSummary last;
    /** The snapshot {@link #targets} were worked out for (guarded by {@link #sweeping}). */
    private FabricSnapshot targetsOf;
    private Map<Long, List<Target>> targets;
    /**
     * The time counters are read at, in nanoseconds: {@link System#nanoTime} but for tests, which give the simulated
     * fabric's clock so that how much a link can have carried between two readings is theirs to decide.
     */
    private final LongSupplier clock;
    /** The vendors' counter sets, read after the PMA counters. */
    private final VendorCounterSweep vendorCounters = new VendorCounterSweep(VendorCalls.shared());

    /** Framework property: readings kept per port ({@code serve}'s {@code INFINISCOPE_PERF_HISTORY}); wins. */
    static final String HISTORY = "infiniscope.perf.history";
    /** Framework property: ibqueryerrors' threshold file ({@code INFINISCOPE_PERF_THRESHOLDS}); wins. */
    static final String THRESHOLDS = "infiniscope.perf.thresholds";

    @Activate
    public PerfManagerImpl(BundleContext context, @Reference PortCountersService counters, Config config) {
        this(counters, Math.max(1, PerfPoller.number(context.getProperty(HISTORY), config.historyDepth(), HISTORY)),
                rules(context.getProperty(THRESHOLDS) != null && !context.getProperty(THRESHOLDS).isBlank()
                        ? context.getProperty(THRESHOLDS).strip()
                        : config.thresholdFile(), config.rateRules()));
    }

    /** For benchmarks: a manager with no thresholds (every error counts) and no rate rules. */
    public PerfManagerImpl(PortCountersService counters, int historyDepth) {
        this(counters, historyDepth, Rules.NONE);
    }

    /** For tests and tools: a manager with these rules. */
    PerfManagerImpl(PortCountersService counters, int historyDepth, Rules rules) {
        this(counters, historyDepth, rules, System::nanoTime);
    }

    /** For tests: a manager with these rules whose readings are timed by {@code clock} (nanoseconds). */
    PerfManagerImpl(PortCountersService counters, int historyDepth, Rules rules, LongSupplier clock) {
        this.clock = clock;
        this.counters = counters;
        this.depth = historyDepth;
        this.rules = rules;
    }

    private static Rules rules(String thresholdFile, String[] rateRules) {
        Thresholds thresholds = Thresholds.NONE;
        if (!thresholdFile.isBlank()) {
            try {
                thresholds = Thresholds.read(Path.of(thresholdFile));
                thresholds.warnings().forEach(w -> LOG.warn("{}", w));
            } catch (IOException e) {
                LOG.warn("threshold file {} cannot be read ({}): every error counts", thresholdFile, e.getMessage());
            }
        }
        List<Rules.RateRule> rates = new ArrayList<>();
        for (String rule : rateRules) {
            try {
                rates.add(Rules.RateRule.parse(rule));
            } catch (IllegalArgumentException e) {
                LOG.warn("{}: ignored", e.getMessage());
            }
        }
        return new Rules(thresholds, rates);
    }

    @Reference(service = CounterSet.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addCounterSet(CounterSet set, Map<String, Object> properties) {
        vendorCounters.add(set, properties.get(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                (Long) properties.get(Constants.SERVICE_ID));
    }

    void removeCounterSet(CounterSet set, Map<String, Object> properties) {
        vendorCounters.remove((Long) properties.get(Constants.SERVICE_ID));
    }

    /** For tests: a vendor counter set with this ranking. */
    void provide(CounterSet set, int ranking, long serviceId) {
        vendorCounters.add(set, ranking, serviceId);
    }

    /** For tests: the set's service went. */
    void unprovide(long serviceId) {
        vendorCounters.remove(serviceId);
    }

    @Override
    public List<CounterValues> vendorCounters() {
        return vendorCounters.last();
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addListener(PerfListener listener) {
        listeners.add(listener);
    }

    void removeListener(PerfListener listener) {
        listeners.remove(listener);
    }

    @Override
    public SweepSummary sweep(MadTransport transport, FabricSnapshot fabric, PollOptions options)
            throws InterruptedException {
        sweeping.lockInterruptibly();
        try {
            Instant started = Instant.now();
            long wall = System.nanoTime();
            long t0 = clock.getAsLong();
            long epoch = started.toEpochMilli();
            Map<Long, List<Target>> targets = targets(fabric);
            for (List<Target> list : targets.values()) {
                for (Target t : list) {
                    records.computeIfAbsent(t.key(), k -> new PortRecord(depth));
                }
            }
            Sweeper sweeper = new Sweeper(counters.over(transport, options.timeout()), options.inFlight(),
                    options.resetNearSaturation(), capabilities, sums, key -> {
                        PortRecord r = records.get(key);
                        return r != null && r.hasErrors();
                    }, byKind, ownClassPortInfo, t -> {
                        PortRecord r = records.get(t.key());
                        return r == null || r.dataFits32(clock.getAsLong(), t.linkBitsPerSecond());
                    });
            List<Long> unreachable = new ArrayList<>();
            // each port's reading is taken on the thread that read it, while the other ports' queries wait for their
            // answers: the records map is not changed during the run, and each record is touched by its own port's
            // thread only (the sweep reads them after the threads are joined)
            Map<PortKey, PortStats> taken = new ConcurrentHashMap<>();
            Map<Long, Integer> failedPorts = new ConcurrentHashMap<>();
            List<Reading> readings = sweeper.run(targets, unreachable, r -> {
                PortKey key = r.target().key();
                PortRecord record = records.get(key);
                if (r.failure() != null) {
                    record.unreachable();
                    failedPorts.merge(key.nodeGuid(), 1, Integer::sum);
                } else {
                    // each port's reading is dated by when its answer came: a sweep slowed down (a loaded machine, a
                    // sweep asked for right after another) reads a port at a different offset from the sweep's start
                    // each time, and dating by the start would divide one interval's bytes by another's seconds
                    record.begin(clock.getAsLong(), t0);
                    apply(record, r);
                    record.sample(epoch);
                }
                taken.put(key, record.stats(key, r.target()));
            });
            for (long guid : unreachable) {
                for (Target t : targets.get(guid)) {
                    records.get(t.key()).unreachable();
                }
            }
            failedPorts.forEach((guid, n) -> {
                if (n == targets.get(guid).size()) {
                    unreachable.add(guid);
                }
            });
            Map<PortKey, PortStats> all = new TreeMap<>();
            List<PerfEvent> broken = new ArrayList<>();
            for (List<Target> list : targets.values()) {
                for (Target t : list) {
                    PortStats s = taken.get(t.key());
                    if (s == null) {
                        s = records.get(t.key()).stats(t.key(), t); // its node never answered ClassPortInfo
                    }
                    all.put(t.key(), s);
                    broken.addAll(rules.check(s));
                }
            }
            stats = java.util.Collections.unmodifiableMap(all);
            events = List.copyOf(broken);
            Map<Long, DiscoveredNode> nodes = unreachable.isEmpty() ? Map.of() : fabric.nodesByGuid();
            List<String> names = unreachable.stream().distinct()
                    .map(g -> nodes.containsKey(g) ? nodes.get(g).description() : String.format("0x%016x", g)).sorted()
                    .toList();
            vendorCounters.sweep(transport, fabric, targets.values().stream().flatMap(List::stream).toList(),
                    options.timeout());
            last = new SweepSummary(started, Duration.ofNanos(System.nanoTime() - wall), targets.size(),
                    readings.size(), names, sweeper.queries(), sweeper.resets());
            for (PerfEvent e : broken) {
                for (PerfListener l : listeners) {
                    try {
                        l.ruleBroken(e);
                    } catch (RuntimeException ex) {
                        LOG.warn("a perf listener failed on {}", e, ex);
                    }
                }
            }
            return last;
        } finally {
            sweeping.unlock();
        }
    }

    /**
     * @return the fabric's ports to read, by node: worked out once for a snapshot (snapshots do not change), since a
     *         poller sweeps the same one again and again
     */
    private Map<Long, List<Target>> targets(FabricSnapshot fabric) {
        if (fabric != targetsOf) {
            targets = Targets.of(fabric);
            targetsOf = fabric;
        }
        return targets;
    }

    /** Takes a port's readings: data and packets from PortCountersExtended when there, errors from PortCounters. */
    private static void apply(PortRecord record, Reading r) {
        PerfCounters<ExtendedPortCounter> ext = r.extended();
        record.extended(ext != null);
        if (ext != null) {
            for (Map.Entry<ExtendedPortCounter, Long> e : ext.values().entrySet()) {
                take(record, e.getKey(), e.getValue());
            }
        }
        PerfCounters<PortCounter> pc = r.counters();
        if (pc != null) {
            for (Map.Entry<PortCounter, Long> e : pc.values().entrySet()) {
                Counter c = counter(e.getKey());
                boolean data = c == Counter.PORT_XMIT_DATA || c == Counter.PORT_RCV_DATA || c == Counter.PORT_XMIT_PKTS
                        || c == Counter.PORT_RCV_PKTS;
                if (c == null || ext != null && data) {
                    continue;
                }
                take(record, e.getKey(), e.getValue());
                if (r.resetByUs()) {
                    record.clearedByUs(c);
                }
            }
        }
        if (r.speeds() != null) {
            applySpeeds(record, r.speeds());
        }
    }

    /** Takes PortExtendedSpeedsCounters: the per-lane counters summed over the lanes, lane by lane. */
    private static void applySpeeds(PortRecord record, PerfCounters<?> speeds) {
        if (speeds.type() == ExtendedSpeedsCounter.class) {
            @SuppressWarnings("unchecked")
            PerfCounters<ExtendedSpeedsCounter> c = (PerfCounters<ExtendedSpeedsCounter>) speeds;
            take(record, Counter.SYNC_HEADER_ERROR_COUNTER, c, ExtendedSpeedsCounter.SYNC_HEADER_ERROR_COUNTER);
            take(record, Counter.UNKNOWN_BLOCK_COUNTER, c, ExtendedSpeedsCounter.UNKNOWN_BLOCK_COUNTER);
            lanes(record, Counter.ERROR_DETECTION_COUNTER, c, ExtendedSpeedsCounter::errorDetection);
            lanes(record, Counter.FEC_CORRECTABLE_BLOCKS, c, ExtendedSpeedsCounter::fecCorrectable);
            lanes(record, Counter.FEC_UNCORRECTABLE_BLOCKS, c, ExtendedSpeedsCounter::fecUncorrectable);
            record.speeds(false);
        } else if (speeds.type() == RsFecCounter.class) {
            @SuppressWarnings("unchecked")
            PerfCounters<RsFecCounter> c = (PerfCounters<RsFecCounter>) speeds;
            take(record, Counter.SYNC_HEADER_ERROR_COUNTER, c, RsFecCounter.SYNC_HEADER_ERROR_COUNTER);
            take(record, Counter.UNKNOWN_BLOCK_COUNTER, c, RsFecCounter.UNKNOWN_BLOCK_COUNTER);
            take(record, Counter.FEC_CORRECTABLE_BLOCKS, c, RsFecCounter.PORT_FEC_CORRECTABLE_BLOCK_CTR);
            take(record, Counter.FEC_UNCORRECTABLE_BLOCKS, c, RsFecCounter.PORT_FEC_UNCORRECTABLE_BLOCK_CTR);
            take(record, Counter.FEC_CORRECTED_SYMBOLS, c, RsFecCounter.PORT_FEC_CORRECTED_SYMBOL_CTR);
            record.speeds(true);
        }
    }

    private static <C extends Enum<C> & PerfCounter> void take(PortRecord record, Counter counter,
            PerfCounters<C> values, C field) {
        record.take(counter, values.get(field), field.max(), 1);
    }

    private static void lanes(PortRecord record, Counter counter, PerfCounters<ExtendedSpeedsCounter> values,
            java.util.function.IntFunction<ExtendedSpeedsCounter> lane) {
        long[] raw = new long[ExtendedSpeedsCounter.LANES];
        for (int k = 0; k < raw.length; k++) {
            raw[k] = values.get(lane.apply(k));
        }
        record.takeLanes(counter, raw, lane.apply(0).max());
    }

    private static void take(PortRecord record, PerfCounter counter, long raw) {
        Counter c = counter(counter);
        if (c != null) {
            record.take(c, raw, counter.max(), counter.countsDataWords() ? 4 : 1);
        }
    }

    /** Our counter of each codec's counter, by identity (a sweep looks up every counter of every port). */
    private static final Map<PerfCounter, Optional<Counter>> OURS = new ConcurrentHashMap<>();

    /** @return our counter of a codec's counter, or {@code null} when we keep none of its label */
    private static Counter counter(PerfCounter counter) {
        return OURS.computeIfAbsent(counter, c -> Optional.ofNullable(Counter.ofLabel(c.label()))).orElse(null);
    }

    @Override
    public Optional<SweepSummary> lastSweep() {
        return Optional.ofNullable(last);
    }

    @Override
    public List<PortStats> ports() {
        return List.copyOf(stats.values());
    }

    @Override
    public Optional<PortStats> port(PortKey key) {
        return Optional.ofNullable(stats.get(key));
    }

    @Override
    public List<Sample> history(PortKey key) {
        sweeping.lock();
        try {
            PortRecord r = records.get(key);
            return r == null ? List.of() : r.history();
        } finally {
            sweeping.unlock();
        }
    }

    @Override
    public List<PortStats> top(Metric metric, int n) {
        return stats.values().stream().filter(s -> metric.of(s) > 0)
                .sorted(Comparator.comparingDouble(metric::of).reversed().thenComparing(PortStats::key)).limit(n)
                .toList();
    }

    @Override
    public List<PerfEvent> events() {
        return events;
    }

    @Override
    public void clear() {
        sweeping.lock();
        try {
            records.clear();
            capabilities.clear();
            byKind.clear();
            ownClassPortInfo.clear();
            sums.clear();
            stats = Map.of();
            events = List.of();
            last = null;
        } finally {
            sweeping.unlock();
        }
    }
}
