package org.infiniscope.perf.internal;

import org.infiniscope.sim.MiniSm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.diag.counters.PortCountersService;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.PortKey;
import org.infiniscope.perf.vendor.CounterPort;
import org.infiniscope.perf.vendor.CounterSet;
import org.infiniscope.perf.vendor.CounterValues;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.VirtualClock;
import org.infiniscope.testing.Services;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Vendor counter sets read by the manager after its sweep, on the simulator: {@code h1 - sw1 - h2}, whose nodes
 * answer a vendor class (0x31, attribute 0x20: the port, then the Gets of that port so far).
 */
class VendorCounterSetSimTest {

    private static final int CLASS = 0x31, OUI = 0x00005E, ATTRIBUTE = 0x20;
    /**
     * Every query must be answered: a time-out long enough for a loaded machine that pauses the test (the simulator
     * answers at once, so it costs nothing).
     */
    private static final PollOptions PATIENT = new PollOptions(16, Duration.ofSeconds(10), false);

    private SimFabric fabric;
    private MadTransport transport;
    private FabricSnapshot snapshot;
    private PerfManagerImpl manager;
    private final Map<String, AtomicLong> gets = new ConcurrentHashMap<>();

    @BeforeEach
    void subnetUp() throws Exception {
        fabric = SimFabric.of(new Topology(
                List.of(node(NodeType.CA, "h1", 1, 0x100), node(NodeType.CA, "h2", 1, 0x200),
                        node(NodeType.SWITCH, "sw1", 4, 0x1000)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "h2", 1)), Topology.DEFAULT_WIDTH,
                Topology.DEFAULT_SPEED, 0), new VirtualClock());
        new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
        fabric.registerAgent(CLASS, (mad, node, port) -> {
            int p = Bits.u32(mad, 20);
            long n = gets.computeIfAbsent(node.name() + ":" + p, k -> new AtomicLong()).incrementAndGet();
            try {
                VendorMad request = VendorMad.decode(mad);
                byte[] data = new byte[VendorMad.dataLength(CLASS)];
                Bits.put8(data, 0, p);
                Bits.put64(data, 8, n);
                byte[] answer = new VendorMad(request.header().response(0), request.rmppHeader(), OUI, Octets.of(data))
                        .encode();
                System.arraycopy(answer, 0, mad, 0, answer.length);
                return true;
            } catch (MadFormatException e) {
                return false;
            }
        });
        transport = MadTransports.over(fabric.openChannel(fabric.attachPoint("h1", 1)), new TransportConfig(16, 16));
        snapshot = Services.get(Discovery.class).sweep(transport, new SweepOptions(16, PATIENT.timeout(), 2));
        manager = new PerfManagerImpl(Services.get(PortCountersService.class), 10, Rules.NONE);
    }

    @AfterEach
    void close() throws IOException {
        if (transport != null) {
            transport.close();
        }
    }

    private static Node node(NodeType type, String name, int ports, long guid) {
        return new Node(type, name, ports, guid, guid, type == NodeType.CA ? List.of(0L, guid + 1) : List.of(guid),
                0x02c9, 0x1017);
    }

    /** A set: the port and its Gets; {@code fault} runs first in appliesTo. */
    private record Set(String name, Runnable fault) implements CounterSet {
        @Override
        public int mgmtClass() {
            return CLASS;
        }

        @Override
        public int oui() {
            return OUI;
        }

        @Override
        public int attributeId() {
            return ATTRIBUTE;
        }

        @Override
        public boolean appliesTo(CounterPort port) {
            fault.run();
            return true;
        }

        @Override
        public Map<String, Long> decode(VendorMad answer, CounterPort port) throws MadFormatException {
            byte[] data = answer.payload().toByteArray();
            if (Bits.u8(data, 0) != port.key().port()) {
                throw new MadFormatException(MadFormatException.Problem.BAD_FIELD, 40, "another port's answer");
            }
            return Map.of("gets", Bits.u64(data, 8));
        }
    }

    private long value(String set, long guid, int port) {
        return manager.vendorCounters().stream()
                .filter(v -> v.set().equals(set) && v.port().equals(new PortKey(guid, port))).findFirst()
                .map(v -> v.values().get("gets")).orElseThrow(() -> new AssertionError(
                        set + " has no " + guid + ":" + port + " in " + manager.vendorCounters()));
    }

    @Test
    void everyPortTheSweepReadHasTheSetsValuesAndTheyGoWithTheService() throws Exception {
        manager.provide(new Set("test.port", () -> {
        }), 0, 1);
        manager.sweep(transport, snapshot, PATIENT);
        List<CounterValues> values = manager.vendorCounters();
        assertEquals(manager.ports().size(), values.size(), values.toString());
        assertEquals(4, values.size(), "h1, h2, sw1 ports 1-2");
        assertEquals(1, value("test.port", 0x1000, 2));
        manager.sweep(transport, snapshot, PATIENT);
        assertEquals(2, value("test.port", 0x1000, 2), "read again at each sweep");
        manager.unprovide(1);
        assertEquals(List.of(), manager.vendorCounters());
    }

    @Test
    void aSetThatThrowsHandsOverToTheNextOfItsNameAndOneThatHangsIsLeftOutWithinTheBound() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        Set throwing = new Set("test.port", () -> {
            throw new IllegalStateException("vendor bug");
        });
        Set hanging = new Set("test.hang", () -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        manager.provide(throwing, 10, 1);
        manager.provide(new Set("test.port", () -> {
        }), 0, 2);
        manager.provide(hanging, 0, 3);
        long start = System.nanoTime();
        manager.sweep(transport, snapshot, PATIENT);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        long bound = VendorCalls.shared().limit().toMillis();
        assertTrue(tookMs < bound + 5000, "the sweep took " + tookMs + " ms with a bound of " + bound + " ms");
        assertEquals(1, value("test.port", 0x100, 1), "the next set of the name was read");
        assertTrue(manager.vendorCounters().stream().noneMatch(v -> v.set().equals("test.hang")));
        assertTrue(VendorCalls.shared().isQuarantined(throwing) && VendorCalls.shared().isQuarantined(hanging));
    }
}
