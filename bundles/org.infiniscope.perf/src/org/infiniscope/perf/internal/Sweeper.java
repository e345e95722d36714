package org.infiniscope.perf.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Predicate;

import org.infiniscope.diag.counters.CounterQueryException;
import org.infiniscope.diag.counters.PortCounterReader;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfCounterCodec;
import org.infiniscope.mad.perf.PerfCounters;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.perf.PortKey;

/**
 * One sweep's queries: ClassPortInfo once for each kind of device (node type, vendor, device and revision; then
 * remembered), then every port's counters, with at most {@code inFlight} queries waiting for an answer at once. Each
 * query blocks a virtual thread; the semaphore is the window. A node whose ClassPortInfo gets no answer is unreachable
 * and its ports are not asked; a node whose PMA refuses what its kind answers is asked for its own next time.
 * <p>
 * A port is read with one query where one is enough. PortCounters carries the error counters and 32-bit data and
 * packet counters, which stop at their maximum: while the link cannot have carried enough since the last reading to
 * fill them (its data rate times the time from the start of the last sweep to the answer, twice over), PortCounters
 * alone is exact; when it could have, or one of them is at its maximum, PortCountersExtended is read as well. Otherwise the data come from PortCountersExtended, and a switch
 * whose agent sums PortCounters over its ports (AllPortSelect) is asked for that sum first, as ibqueryerrors does:
 * when the sum of every error counter and PortXmitWait is what it was at the last sweep, nothing saturated and every
 * port was read before, no error counter of any port moved (they only grow, or are reset to 0, which lowers the
 * sum), so its ports' PortCounters are not read again. A PMA whose PortCountersExtended has the error counters too is
 * read with that alone.
 * <p>
 * Ports whose link runs an extended speed are asked for PortExtendedSpeedsCounters too, once their node's PMA was
 * found to answer them (one port asked first).
 */
final class Sweeper {

    /** Three quarters of a counter's maximum: where OpenSM's PerfMgr clears it when allowed. */
    private static final int NEAR_NUMERATOR = 3, NEAR_DENOMINATOR = 4;

    /** CounterSelect and CounterSelect2 bits of every PortCounters counter, and of its four data counters. */
    private static final long ALL_SELECT = 0x3FFFF, DATA_SELECT = 0xF000;

    private final PortCounterReader reader;
    private final Semaphore window;
    private final int inFlight;

    /** A port to read, with what its node's PMA answers and whether its error counters are to be read. */
    private record Job(Target target, Capabilities caps, boolean errorsToo) {
    }
    private final boolean resetNearSaturation;
    private final Map<Long, Capabilities> capabilities;
    private final Map<Long, PerfCounters<PortCounter>> sums;
    private final Predicate<PortKey> known;
    private static final List<PortCounter> DATA = List.of(PortCounter.PORT_XMIT_DATA, PortCounter.PORT_RCV_DATA,
            PortCounter.PORT_XMIT_PKTS, PortCounter.PORT_RCV_PKTS);

    private final Map<PortKey, PerfCounters<?>> probed = new ConcurrentHashMap<>();
    private final Map<String, Capabilities> byKind;
    private final java.util.Set<Long> ownClassPortInfo;
    private final Predicate<Target> fits32;
    private final AtomicLong queries = new AtomicLong();
    private final AtomicInteger resets = new AtomicInteger();

    /**
     * @param capabilities what each node's PMA said before; filled in as nodes answer
     * @param sums each switch's PortCounters summed over its ports at the last sweep; updated
     * @param known whether a port was read before
     */
    Sweeper(PortCounterReader reader, int inFlight, boolean resetNearSaturation, Map<Long, Capabilities> capabilities,
            Map<Long, PerfCounters<PortCounter>> sums, Predicate<PortKey> known) {
        this(reader, inFlight, resetNearSaturation, capabilities, sums, known, new ConcurrentHashMap<>(),
                ConcurrentHashMap.newKeySet(), t -> false);
    }

    /**
     * @param byKind what each kind of device's PMA said ({@link Target#deviceType}); filled in as kinds answer
     * @param ownClassPortInfo the nodes asked for their own ClassPortInfo, not their kind's
     * @param fits32 whether a port's 32-bit PortCounters data counters cannot have filled up since its last reading
     *        (then PortCounters alone gives its errors and data)
     */
    Sweeper(PortCounterReader reader, int inFlight, boolean resetNearSaturation, Map<Long, Capabilities> capabilities,
            Map<Long, PerfCounters<PortCounter>> sums, Predicate<PortKey> known, Map<String, Capabilities> byKind,
            java.util.Set<Long> ownClassPortInfo, Predicate<Target> fits32) {
        this.byKind = byKind;
        this.ownClassPortInfo = ownClassPortInfo;
        this.fits32 = fits32;
        this.reader = reader;
        this.window = new Semaphore(inFlight);
        this.inFlight = inFlight;
        this.resetNearSaturation = resetNearSaturation;
        this.capabilities = capabilities;
        this.sums = sums;
        this.known = known;
    }

    long queries() {
        return queries.get();
    }

    int resets() {
        return resets.get();
    }

    /**
     * @param targets each node's ports
     * @param unreachable filled with the GUIDs of the nodes whose ClassPortInfo never came
     * @return every port's reading, in no particular order
     */
    List<Reading> run(Map<Long, List<Target>> targets, List<Long> unreachable) throws InterruptedException {
        return run(targets, unreachable, r -> {
        });
    }

    /**
     * @param targets each node's ports
     * @param unreachable filled with the GUIDs of the nodes whose ClassPortInfo never came
     * @param taken given each port's reading as soon as it is complete, on the thread that read it (one call a port,
     *        calls for different ports at once): the caller's work on it overlaps the other ports' queries
     * @return every port's reading, in no particular order
     */
    List<Reading> run(Map<Long, List<Target>> targets, List<Long> unreachable, Consumer<Reading> taken)
            throws InterruptedException {
        Map<Long, Boolean> failed = new ConcurrentHashMap<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> asked = new ArrayList<>();
            // one ClassPortInfo a kind of device (a node of no known kind, or one that contradicted its kind, is
            // asked itself); when the node asked for its kind does not answer, each other node of the kind is
            Map<String, List<Long>> kinds = new java.util.LinkedHashMap<>();
            for (Map.Entry<Long, List<Target>> node : targets.entrySet()) {
                long guid = node.getKey();
                if (capabilities.containsKey(guid)) {
                    continue;
                }
                String kind = node.getValue().get(0).deviceType();
                if (kind.isEmpty() || ownClassPortInfo.contains(guid)) {
                    asked.add(threads.submit(() -> {
                        classPortInfo(guid, node.getValue().get(0), failed);
                        return null;
                    }));
                } else if (byKind.containsKey(kind)) {
                    capabilities.put(guid, byKind.get(kind));
                } else {
                    kinds.computeIfAbsent(kind, k -> new ArrayList<>()).add(guid);
                }
            }
            for (Map.Entry<String, List<Long>> kind : kinds.entrySet()) {
                asked.add(threads.submit(() -> {
                    List<Long> nodes = kind.getValue();
                    Capabilities caps = classPortInfo(nodes.get(0), targets.get(nodes.get(0)).get(0), failed);
                    if (caps != null) {
                        byKind.put(kind.getKey(), caps);
                        nodes.forEach(g -> capabilities.putIfAbsent(g, caps));
                        return null;
                    }
                    List<Future<?>> each = new ArrayList<>();
                    for (long g : nodes.subList(1, nodes.size())) {
                        each.add(threads.submit(() -> classPortInfo(g, targets.get(g).get(0), failed)));
                    }
                    await(each);
                    return null;
                }));
            }
            await(asked);
            asked.clear();
            for (Map.Entry<Long, List<Target>> node : targets.entrySet()) {
                Capabilities caps = capabilities.get(node.getKey());
                Target fast = node.getValue().stream().filter(t -> t.speedExt() != 0).findFirst().orElse(null);
                if (caps != null && caps.speedsCounters() == null && fast != null) {
                    asked.add(threads.submit(() -> {
                        probeSpeeds(node.getKey(), caps, fast);
                        return null;
                    }));
                }
            }
            await(asked);
            Map<Long, Boolean> unchanged = new ConcurrentHashMap<>();
            List<Future<?>> summed = new ArrayList<>();
            for (Map.Entry<Long, List<Target>> node : targets.entrySet()) {
                Capabilities caps = capabilities.get(node.getKey());
                if (caps != null && caps.sumsErrors() && !node.getValue().stream().allMatch(fits32)) {
                    summed.add(threads.submit(() -> {
                        if (sumUnchanged(node.getKey(), node.getValue())) {
                            unchanged.put(node.getKey(), true);
                        }
                        return null;
                    }));
                }
            }
            await(summed);
            List<Job> jobs = new ArrayList<>();
            for (Map.Entry<Long, List<Target>> node : targets.entrySet()) {
                Capabilities caps = capabilities.get(node.getKey());
                if (caps == null) {
                    continue;
                }
                boolean errorsToo = !unchanged.containsKey(node.getKey());
                for (Target target : node.getValue()) {
                    jobs.add(new Job(target, caps, errorsToo));
                }
            }
            // as many threads as queries may be in flight, each reading port after port in the fabric's order (a
            // thread a port cost a 20,736-port sweep more CPU in starting, tracking and joining threads than in
            // reading); a port's own queries go one after the other, so the window never holds a thread back here
            Reading[] done = new Reading[jobs.size()];
            AtomicInteger next = new AtomicInteger();
            List<Future<?>> workers = new ArrayList<>();
            for (int w = Math.min(inFlight, jobs.size()); w > 0; w--) {
                workers.add(threads.submit(() -> {
                    for (int k = next.getAndIncrement(); k < done.length; k = next.getAndIncrement()) {
                        Job job = jobs.get(k);
                        Reading r = read(job.target(), job.caps(), job.errorsToo());
                        taken.accept(r);
                        done[k] = r;
                    }
                    return null;
                }));
            }
            await(workers);
            List<Reading> readings = java.util.Arrays.asList(done);
            unreachable.addAll(failed.keySet());
            return readings;
        }
    }

    /** @return the node's capabilities, now also in the map; {@code null} when it did not answer (marked failed) */
    private Capabilities classPortInfo(long guid, Target t, Map<Long, Boolean> failed) throws InterruptedException {
        try {
            Capabilities caps = Capabilities.of(query(() -> reader.classPortInfo(t.lid(), t.key().port())));
            capabilities.put(guid, caps);
            return caps;
        } catch (CounterQueryException e) {
            failed.put(guid, true);
            return null;
        }
    }

    /**
     * Asks one port of a node for PortExtendedSpeedsCounters, to learn whether the node's PMA has them (ClassPortInfo
     * does not say): an error status means it has not, and its ports are not asked again; no answer leaves it to the
     * next sweep. What the port answered is kept as its reading.
     */
    private void probeSpeeds(long guid, Capabilities caps, Target t) throws InterruptedException {
        try {
            probed.put(t.key(), query(() -> reader.extendedSpeedsCounters(t.lid(), t.key().port(), codec(caps, t))));
            capabilities.put(guid, caps.withSpeedsCounters(true));
        } catch (CounterQueryException e) {
            if (e.status() >= 0) {
                capabilities.put(guid, caps.withSpeedsCounters(false));
            }
        }
    }

    private static PerfCounterCodec<?> codec(Capabilities caps, Target t) {
        return caps.rsFec(t.speedExt())
                ? PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS_RSFEC
                : PerfAttributes.PORT_EXTENDED_SPEEDS_COUNTERS;
    }

    /** @return whether a switch's summed PortCounters are what they were, with every port read before */
    private boolean sumUnchanged(long guid, List<Target> ports) throws InterruptedException {
        Target first = ports.get(0);
        PerfCounters<PortCounter> sum;
        try {
            sum = query(() -> reader.portCounters(first.lid(), PerfCounters.ALL_PORTS));
        } catch (CounterQueryException e) {
            return false; // the ports' own queries will tell
        }
        PerfCounters<PortCounter> before = sums.put(guid, sum);
        if (before == null || !sum.saturated().isEmpty()) {
            return false;
        }
        for (PortCounter c : PortCounter.values()) {
            boolean data = c.ordinal() >= PortCounter.PORT_XMIT_DATA.ordinal()
                    && c.ordinal() <= PortCounter.PORT_RCV_PKTS.ordinal();
            if (!data && before.find(c).orElse(-1) != sum.find(c).orElse(-2)) {
                return false;
            }
        }
        return ports.stream().allMatch(t -> known.test(t.key()));
    }

    private Reading read(Target t, Capabilities caps, boolean errorsToo) throws InterruptedException {
        int lid = t.lid();
        int port = t.key().port();
        try {
            PerfCounters<ExtendedPortCounter> extended;
            PerfCounters<PortCounter> counters;
            if (caps.variant() == null || !caps.extendedOnly() && fits32.test(t)) {
                // PortCounters carries the errors and, while they cannot have filled up, the data counters too
                counters = query(() -> reader.portCounters(lid, port));
                // asked again now that the answer is in: the time since the last reading is known, not guessed
                extended = caps.variant() != null && (dataSaturated(counters) || !fits32.test(t))
                        ? query(() -> reader.portCountersExtended(lid, port, caps.variant()))
                        : null;
            } else {
                extended = query(() -> reader.portCountersExtended(lid, port, caps.variant()));
                counters = caps.extendedOnly() || !errorsToo ? null : query(() -> reader.portCounters(lid, port));
            }
            boolean reset = false;
            if (resetNearSaturation && counters != null && nearSaturation(counters, extended != null)) {
                // only what is kept from PortCounters: on most HCAs the data counters are shared with
                // PortCountersExtended, and clearing them would throw away 64-bit counts
                long select = extended != null ? ALL_SELECT & ~DATA_SELECT : ALL_SELECT;
                query(() -> {
                    reader.resetPortCounters(lid, port, select);
                    return null;
                });
                resets.incrementAndGet();
                reset = true;
            }
            PerfCounters<?> speeds = probed.remove(t.key());
            if (speeds == null && t.speedExt() != 0 && Boolean.TRUE.equals(caps.speedsCounters())) {
                try {
                    speeds = query(() -> reader.extendedSpeedsCounters(lid, port, codec(caps, t)));
                } catch (CounterQueryException e) {
                    speeds = null; // the port's other counters were read: it only has no bit error rate this time
                }
            }
            return new Reading(t, counters, extended, reset, null, speeds);
        } catch (CounterQueryException e) {
            if (e.status() >= 0) {
                // the PMA refused what its kind of device does: it is asked for its own ClassPortInfo next time
                capabilities.remove(t.key().nodeGuid());
                ownClassPortInfo.add(t.key().nodeGuid());
            }
            return new Reading(t, null, null, false, e.getMessage());
        }
    }

    /** @return whether one of PortCounters' 32-bit data and packet counters stopped at its maximum */
    private static boolean dataSaturated(PerfCounters<PortCounter> counters) {
        for (PortCounter c : DATA) {
            if (counters.isSaturated(c)) {
                return true;
            }
        }
        return false;
    }

    /** @return whether a counter we keep from PortCounters passed three quarters of its maximum */
    private static boolean nearSaturation(PerfCounters<PortCounter> counters, boolean dataFromExtended) {
        for (Map.Entry<PortCounter, Long> e : counters.values().entrySet()) {
            PortCounter c = e.getKey();
            boolean data = c.ordinal() >= PortCounter.PORT_XMIT_DATA.ordinal()
                    && c.ordinal() <= PortCounter.PORT_RCV_PKTS.ordinal();
            if (dataFromExtended && data) {
                continue;
            }
            if (e.getValue() > c.max() / NEAR_DENOMINATOR * NEAR_NUMERATOR) {
                return true;
            }
        }
        return false;
    }

    @FunctionalInterface
    private interface Query<T> {
        T call() throws CounterQueryException;
    }

    private <T> T query(Query<T> q) throws CounterQueryException, InterruptedException {
        window.acquire();
        try {
            queries.incrementAndGet();
            return q.call();
        } finally {
            window.release();
        }
    }

    private static void await(List<Future<?>> futures) throws InterruptedException {
        for (Future<?> f : futures) {
            get(f);
        }
    }

    private static <T> T get(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a counter query failed unexpectedly", e.getCause());
        }
    }
}
