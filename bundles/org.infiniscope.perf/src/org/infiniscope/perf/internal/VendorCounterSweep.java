package org.infiniscope.perf.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.console.vendor.VendorCallException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.vendor.CounterPort;
import org.infiniscope.perf.vendor.CounterSet;
import org.infiniscope.perf.vendor.CounterValues;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link CounterSet} whiteboard and its part of a sweep: each set's Get to every port it applies to (at most
 * {@value #WINDOW} in flight), each answer decoded by the set within the vendor call bound. What the sets read is
 * kept until the next sweep; a set's values go when its service goes.
 */
final class VendorCounterSweep {

    private static final Logger LOG = LoggerFactory.getLogger(VendorCounterSweep.class);
    static final int WINDOW = 64;

    private record Ranked(CounterSet set, int ranking, long serviceId) {
    }

    private final Map<Long, Ranked> sets;
    private final VendorCalls calls;
    /** What each set (by service ID) read in the last sweep. */
    private final Map<Long, List<CounterValues>> last = new ConcurrentHashMap<>();

    VendorCounterSweep(VendorCalls calls) {
        this.calls = calls;
        this.sets = new ConcurrentHashMap<>();
    }

    /** A sweep of the same sets as {@code registry} (which follows their services) whose values are its own. */
    VendorCounterSweep(VendorCounterSweep registry) {
        this.calls = registry.calls;
        this.sets = registry.sets;
    }

    void add(CounterSet set, int ranking, long serviceId) {
        sets.put(serviceId, new Ranked(set, ranking, serviceId));
    }

    void remove(long serviceId) {
        sets.remove(serviceId);
        last.remove(serviceId);
    }

    /** @return the values of the last sweep, by set name, node and port */
    List<CounterValues> last() {
        return last.values().stream().flatMap(List::stream)
                .sorted(Comparator.comparing(CounterValues::set).thenComparing(CounterValues::port)).toList();
    }

    private Optional<String> name(Ranked r) {
        try {
            return Optional.of(calls.call(r.set(), "name", r.set()::name));
        } catch (VendorCallException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** A port's Get in flight. */
    private record Pending(CounterSet set, String name, CounterPort port, CompletableFuture<MadResponse> answer) {
    }

    /**
     * Reads every set on the ports it applies to.
     *
     * @param ports the ports the PMA sweep read
     * @param timeout each attempt's time-out
     */
    void sweep(MadTransport transport, FabricSnapshot fabric, List<Target> ports, Duration timeout)
            throws InterruptedException {
        if (sets.isEmpty()) {
            last.clear();
            return;
        }
        Map<Long, DiscoveredNode> nodes = fabric.nodesByGuid();
        List<CounterPort> counterPorts = new ArrayList<>();
        for (Target t : ports) {
            DiscoveredNode n = nodes.get(t.key().nodeGuid());
            if (n != null) {
                counterPorts
                        .add(new CounterPort(t.key(), t.nodeName(), t.isSwitch(), t.lid(), n.vendorId(), n.deviceId()));
            }
        }
        // one set a name: the highest ranking, then the oldest; one that throws or hangs hands over to the next
        Map<String, List<Ranked>> byName = new java.util.TreeMap<>();
        List<Ranked> ordered = new ArrayList<>(sets.values());
        ordered.sort(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::serviceId));
        for (Ranked r : ordered) {
            name(r).ifPresent(n -> byName.computeIfAbsent(n, k -> new ArrayList<>()).add(r));
        }
        Map<Long, List<CounterValues>> read = new java.util.HashMap<>();
        for (Map.Entry<String, List<Ranked>> e : byName.entrySet()) {
            for (Ranked r : e.getValue()) {
                List<CounterValues> values = readSet(transport, e.getKey(), r.set(), counterPorts, timeout);
                if (values != null) {
                    read.put(r.serviceId(), values);
                    break;
                }
            }
        }
        last.clear();
        read.forEach((id, values) -> {
            if (sets.containsKey(id)) { // not gone while it was read
                last.put(id, List.copyOf(values));
            }
        });
    }

    /** @return what the set read, or {@code null} when it threw or hung (it is quarantined then) */
    private List<CounterValues> readSet(MadTransport transport, String name, CounterSet set, List<CounterPort> ports,
            Duration timeout) throws InterruptedException {
        int mgmtClass;
        int oui;
        int attribute;
        try {
            mgmtClass = calls.call(set, "mgmtClass", set::mgmtClass);
            oui = calls.call(set, "oui", set::oui);
            attribute = calls.call(set, "attributeId", set::attributeId);
        } catch (VendorCallException e) {
            return null;
        }
        String bundle = VendorCalls.bundleOf(set);
        List<CounterValues> out = new ArrayList<>();
        List<Pending> inFlight = new ArrayList<>();
        for (CounterPort port : ports) {
            if (calls.isQuarantined(set)) {
                return null;
            }
            int modifier;
            try {
                if (!calls.call(set, "appliesTo", () -> set.appliesTo(port))) {
                    continue;
                }
                modifier = calls.call(set, "attributeModifier", () -> set.attributeModifier(port));
            } catch (VendorCallException e) {
                return null;
            }
            VendorMad get;
            try {
                get = VendorMad.get(mgmtClass, 1, oui, attribute, modifier,
                        ThreadLocalRandom.current().nextLong() >>> 16);
            } catch (IllegalArgumentException e) {
                LOG.warn("vendor bundle {}: counter set {} asks for a Get that cannot be sent: {}", bundle, name,
                        e.getMessage());
                return List.of();
            }
            inFlight.add(new Pending(set, name, port, transport.send(
                    new MadRequest(get.encode(), MadAddress.gsi(port.lid()), timeout, MadRequest.DEFAULT_RETRIES))));
            if (inFlight.size() >= WINDOW) {
                collect(inFlight, bundle, timeout, out);
            }
        }
        collect(inFlight, bundle, timeout, out);
        return calls.isQuarantined(set) ? null : out;
    }

    private void collect(List<Pending> inFlight, String bundle, Duration timeout, List<CounterValues> out)
            throws InterruptedException {
        long bound = timeout.multipliedBy(MadRequest.DEFAULT_RETRIES + 1L).plusSeconds(5).toMillis();
        for (Pending p : inFlight) {
            VendorMad answer;
            try {
                MadResponse response = p.answer().get(bound, TimeUnit.MILLISECONDS);
                answer = VendorMad.decode(response.mad());
                if (answer.header().method() != Method.GET_RESP || answer.header().status() != 0) {
                    continue; // the port does not have the set's attribute
                }
            } catch (ExecutionException | TimeoutException | MadFormatException e) {
                continue; // no answer: the port is left out of the set this sweep
            }
            try {
                VendorMad a = answer;
                Map<String, Long> values = calls.call(p.set(), "decode", () -> p.set().decode(a, p.port()));
                out.add(new CounterValues(p.name(), bundle, p.port().key(), p.port().nodeName(), values));
            } catch (VendorCallException e) {
                if (e.kind() == VendorCallException.Kind.DECLARED) {
                    LOG.debug("counter set {}: {} refused: {}", p.name(), p.port().key(), e.getMessage());
                }
            }
        }
        inFlight.clear();
    }

    /** @return a port's values */
    List<CounterValues> of(PortKey key) {
        return last().stream().filter(v -> v.port().equals(key)).toList();
    }
}
