package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.PortInfoBuilder;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * Sweeps that meet trouble: an M_Key-protected switch (IBA 14.2.4), a burst of loss, a cable pulled mid-sweep; and
 * the progress a sweep reports.
 */
class SweepFaultsTest {

    private static final long KEY = 0x0123_4567_89AB_CDEFL;
    /** Time-outs generous enough for a loaded 2-core machine: only the protected switch may look lost. */
    private static final SweepOptions FAST = new SweepOptions(16, Duration.ofMillis(250), 1);

    private final Topology topology;
    private final SimFabric fabric;

    SweepFaultsTest() throws Exception {
        topology = TopologySpec.parse("ft2:4:2:4");
        fabric = SimFabric.of(topology);
    }

    /** Sets leaf004's management port's M_Key and protection level, by a SubnSet with no key (none is set yet). */
    private void protectLeaf4(int level) throws Exception {
        try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()),
                new TransportConfig(4, 4))) {
            FabricSnapshot open = new DiscoveryImpl().sweep(transport, FAST);
            int[] route = node(open, "leaf004").route().stream().mapToInt(Integer::intValue).toArray();
            byte[] get = send(transport,
                    Smp.directedRoute(Method.GET, 0, PortInfo.ATTRIBUTE_ID, 0, 0, route, new byte[0]));
            PortInfo now = Smp.decodeAttribute(get, PortInfo.CODEC);
            PortInfo set = PortInfoBuilder.from(now).mKey(KEY).mKeyProtectBits(level).portState(0).portPhysicalState(0)
                    .build();
            byte[] data = new byte[Smp.DATA_LENGTH];
            PortInfo.CODEC.encode(set, data, 0);
            send(transport, Smp.directedRoute(Method.SET, 0, PortInfo.ATTRIBUTE_ID, 0, 0, route, data));
            // the answer to the Set hides the key already (protected, and the Set carried none): ask with the key
            PortInfo keyed = Smp.decodeAttribute(
                    send(transport,
                            Smp.directedRoute(Method.GET, 0, PortInfo.ATTRIBUTE_ID, 0, KEY, route, new byte[0])),
                    PortInfo.CODEC);
            assertEquals(KEY, keyed.mKey(), "the key is set");
            assertEquals(level, keyed.mKeyProtectBits());
        }
    }

    private static byte[] send(MadTransport transport, Smp smp) throws Exception {
        return transport.send(new MadRequest(smp.encode(), MadAddress.directedRoute(), Duration.ofSeconds(1), 1)).get()
                .mad();
    }

    private FabricSnapshot sweep(SweepOptions options) throws Exception {
        return SweepTest.sweep(fabric, fabric.defaultAttachPoint(), options);
    }

    private static DiscoveredNode node(FabricSnapshot s, String name) {
        return s.nodes().stream().filter(n -> n.description().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void withoutTheKeyALevel2SwitchAndWhatHangsOffItStayUnreadTheRestIsRead() throws Exception {
        protectLeaf4(2);
        FabricSnapshot s = sweep(FAST);
        // leaf004 drops every Get without its key: it and its four hosts are not found; the spines' ports to it
        // are up but unreachable
        assertEquals(topology.nodes().size() - 5, s.nodes().size());
        assertFalse(s.nodes().stream().anyMatch(n -> n.description().startsWith("leaf004")));
        long uplinks = topology.links().stream().filter(l -> l.a().equals("leaf004") && l.b().startsWith("spine")
                || l.b().equals("leaf004") && l.a().startsWith("spine")).count();
        List<DiscoveredPort> unreachable = s.nodes().stream().flatMap(n -> n.ports().stream())
                .filter(p -> !p.reachable()).toList();
        assertEquals(uplinks, unreachable.size(), "the spines' ports to leaf004: " + unreachable);
        assertTrue(unreachable.stream().allMatch(DiscoveredPort::isUp));
    }

    @Test
    void withTheKeyTheWholeFabricIsRead() throws Exception {
        protectLeaf4(3);
        FabricSnapshot s = sweep(FAST.withMKey(KEY));
        assertEquals(topology.nodes().size(), s.nodes().size());
        assertEquals(topology.links().size(), s.links().size());
        assertTrue(s.nodes().stream().flatMap(n -> n.ports().stream()).allMatch(DiscoveredPort::reachable));
    }

    @Test
    void level1AnswersGetsWithoutTheKey() throws Exception {
        protectLeaf4(1);
        FabricSnapshot s = sweep(FAST);
        assertEquals(topology.nodes().size(), s.nodes().size());
    }

    /**
     * A transport that loses every attempt of the PortInfo Gets one hop away (the first switch's ports, as a burst
     * of loss would) until disarmed, and passes everything else on.
     */
    private static class Lossy implements MadTransport {
        private final MadTransport real;
        private boolean armed;
        final List<String> lost = new ArrayList<>();

        Lossy(MadTransport real, boolean armed) {
            this.real = real;
            this.armed = armed;
        }

        synchronized void disarm() {
            armed = false;
        }

        @Override
        public java.util.concurrent.CompletableFuture<org.infiniscope.mad.transport.MadResponse> send(
                MadRequest request) {
            byte[] mad = request.mad();
            int attribute = (mad[16] & 0xFF) << 8 | mad[17] & 0xFF;
            synchronized (this) {
                int hopCount = mad[7] & 0xFF;
                if (attribute == PortInfo.ATTRIBUTE_ID && hopCount == 1 && armed) {
                    lost.add(java.util.HexFormat.of().formatHex(mad, 0, 24));
                    return java.util.concurrent.CompletableFuture.failedFuture(
                            new org.infiniscope.mad.transport.MadTimeoutException("lost", request.retries() + 1));
                }
            }
            return real.send(request);
        }

        @Override
        public org.infiniscope.mad.transport.AgentRegistration register(org.infiniscope.mad.transport.AgentSpec spec,
                org.infiniscope.mad.transport.MadAgent agent) throws java.io.IOException {
            return real.register(spec, agent);
        }

        @Override
        public org.infiniscope.mad.transport.TransportStatistics statistics() {
            return real.statistics();
        }

        @Override
        public org.infiniscope.mad.transport.LocalPort localPort() throws java.io.IOException {
            return real.localPort();
        }

        @Override
        public void close() {
            real.close();
        }
    }

    @Test
    void whatIsLostAfterAllRetriesIsAskedOnceMoreAtTheEnd() throws Exception {
        FabricSnapshot s;
        Lossy lossy;
        try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()),
                new TransportConfig(16, 16))) {
            // the first leaf's ports are lost for as long as the first pass lasts (nothing pending: it is over)
            lossy = new Lossy(transport, true);
            Lossy burst = lossy;
            s = new DiscoveryImpl().sweep(lossy, FAST, (nodes, answered, pending) -> {
                if (pending == 0) {
                    burst.disarm();
                }
            });
        }
        assertFalse(lossy.lost.isEmpty(), "PortInfo Gets were lost");
        assertEquals(topology.nodes().size(), s.nodes().size());
        assertEquals(topology.links().size(), s.links().size());
        assertTrue(s.nodes().stream().flatMap(n -> n.ports().stream()).allMatch(DiscoveredPort::reachable),
                "every port read in the second pass");
        assertEquals(SweepTest.expected(topology, null), IbnetdiscoverText.topology(s, "DATE"));
    }

    /** Pulls a cable out when the sweep sends its {@code at}-th SMP. */
    private static class PullAt extends Lossy {
        private final Runnable pull;
        private int at;

        PullAt(MadTransport real, int at, Runnable pull) {
            super(real, false);
            this.at = at;
            this.pull = pull;
        }

        @Override
        public java.util.concurrent.CompletableFuture<org.infiniscope.mad.transport.MadResponse> send(
                MadRequest request) {
            if (--at == 0) {
                pull.run();
            }
            return super.send(request);
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 8, 20, 35, 50, 65, 80, 95, 110, 1000})
    void aCablePulledMidSweepGivesTheFabricAsItWasOrAsItIsNeverAMix(int at) throws Exception {
        org.infiniscope.topology.Link cable = topology.links().stream()
                .filter(l -> l.a().equals("leaf004") && l.b().startsWith("spine")).findFirst().orElseThrow();
        String before = IbnetdiscoverText.topology(sweep(FAST), "DATE");
        SimFabric after = SimFabric.of(topology);
        after.faults().unplug(cable.a(), cable.portA());
        String afterText = IbnetdiscoverText.topology(SweepTest.sweep(after, after.defaultAttachPoint(), FAST), "DATE");
        org.junit.jupiter.api.Assertions.assertNotEquals(before, afterText, "the pull changes the topology");
        FabricSnapshot s;
        try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()),
                new TransportConfig(4, 4))) {
            s = new DiscoveryImpl()
                    .sweep(new PullAt(transport, at, () -> fabric.faults().unplug(cable.a(), cable.portA())), FAST);
        }
        String text = IbnetdiscoverText.topology(s, "DATE");
        assertTrue(text.equals(before) || text.equals(afterText),
                "pulled at SMP " + at + ": neither the fabric before nor after:\n" + text);
    }

    /** Pulls a cable when the sweep sends its {@code at}-th SMP, and counts the attempts lost after that. */
    private static final class PullAndCount extends PullAt {
        final java.util.concurrent.atomic.AtomicLong lostAttempts = new java.util.concurrent.atomic.AtomicLong();

        PullAndCount(MadTransport real, int at, Runnable pull) {
            super(real, at, pull);
        }

        @Override
        public java.util.concurrent.CompletableFuture<org.infiniscope.mad.transport.MadResponse> send(
                MadRequest request) {
            return super.send(request).whenComplete((response, failure) -> {
                Throwable cause = failure instanceof java.util.concurrent.CompletionException c
                        ? c.getCause()
                        : failure;
                if (cause instanceof org.infiniscope.mad.transport.MadTimeoutException t) {
                    lostAttempts.addAndGet(t.attempts());
                }
            });
        }
    }

    /**
     * The attach point's leaf loses its first uplink early in the sweep: the sweep finds which hop went silent
     * before its second pass, and routes around it there, so it prints the fabric as it is now and waits for a few
     * time-outs only (each lost attempt here costs a time-out; at window 1 they follow one another).
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}, window {1}, pulled at SMP {2}")
    @org.junit.jupiter.params.provider.CsvSource({"ft2:4:2:4, 1, 1", "ft2:4:2:4, 1, 20", "ft2:4:2:4, 1, 30",
            "ft2:4:2:4, 16, 1", "ft2:4:2:4, 16, 30", "ft2:4:2:4, 16, 45", "ft3:6, 1, 1", "ft3:6, 1, 12", "ft3:6, 1, 30",
            "ft3:6, 1, 60", "ft3:6, 1, 120", "ft3:6, 16, 1", "ft3:6, 16, 30", "ft3:6, 16, 60", "ft3:6, 16, 120"})
    void theAttachLeafsOwnUplinkPulledEarlyCostsAFewTimeOutsAndGivesTheFabricAsItIs(String spec, int window, int at)
            throws Exception {
        Topology net = TopologySpec.parse(spec);
        SimFabric live = SimFabric.of(net);
        String ca = live.defaultAttachPoint().name();
        java.util.Map<String, org.infiniscope.topology.NodeType> types = new java.util.HashMap<>();
        net.nodes().forEach(n -> types.put(n.name(), n.type()));
        String leaf = net.links().stream().filter(l -> l.a().equals(ca) && l.portA() == 1)
                .map(org.infiniscope.topology.Link::b).findFirst()
                .orElseGet(() -> net.links().stream().filter(l -> l.b().equals(ca) && l.portB() == 1)
                        .map(org.infiniscope.topology.Link::a).findFirst().orElseThrow());
        int uplink = net.links().stream()
                .filter(l -> l.a().equals(leaf) && types.get(l.b()) == org.infiniscope.topology.NodeType.SWITCH
                        || l.b().equals(leaf) && types.get(l.a()) == org.infiniscope.topology.NodeType.SWITCH)
                .mapToInt(l -> l.a().equals(leaf) ? l.portA() : l.portB()).min().orElseThrow();
        SweepOptions options = new SweepOptions(window, FAST.timeout(), FAST.retries());
        FabricSnapshot clean = SweepTest.sweep(live, live.defaultAttachPoint(), options);
        SimFabric after = SimFabric.of(net);
        after.faults().unplug(leaf, uplink);
        String afterText = IbnetdiscoverText.topology(SweepTest.sweep(after, after.defaultAttachPoint(), options),
                "DATE");
        assertFalse(afterText.equals(IbnetdiscoverText.topology(clean, "DATE")), "the pull changes the topology");

        FabricSnapshot s;
        PullAndCount pull;
        try (MadTransport transport = MadTransports.over(live.openChannel(live.defaultAttachPoint()),
                new TransportConfig(window, window))) {
            pull = new PullAndCount(transport, at, () -> live.faults().unplug(leaf, uplink));
            s = new DiscoveryImpl().sweep(pull, options);
        }
        System.out.printf("%s, window %d, %s[%d] pulled at SMP %d: %d attempts lost, %d SMPs (clean %d)%n", spec,
                window, leaf, uplink, at, pull.lostAttempts.get(), s.smpsSent(), clean.smpsSent());
        assertEquals(afterText, IbnetdiscoverText.topology(s, "DATE"),
                leaf + "[" + uplink + "] pulled at SMP " + at + ": the fabric as it is now");
        // the first pass loses at most what was in flight through the cable and two more behind it, the search for
        // the silent hop a probe or two: never the second pass's many probes through the pulled cable
        long bound = (long) (FAST.retries() + 1) * (window + 4);
        assertTrue(pull.lostAttempts.get() <= bound,
                pull.lostAttempts.get() + " attempts lost (each a time-out), at most " + bound + " expected");
        assertTrue(s.smpsSent() <= clean.smpsSent() * 3 / 2,
                s.smpsSent() + " SMPs sent, a sweep without the pull sends " + clean.smpsSent());
        for (DiscoveredNode n : s.nodes()) {
            int[] route = n.route().stream().mapToInt(Integer::intValue).toArray();
            assertEquals(n.nodeGuid(), nodeGuidBy(live, route), n.description() + "'s route " + n.route() + " answers");
        }
    }

    /**
     * The attach point's own cable pulled mid-sweep: the local node is left with no link at all, and the sweep ends
     * with the fabric as it is now (the local node alone), not with an exception while it routes around the loss.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "ft3:6, window {0}, pulled at SMP {1}")
    @org.junit.jupiter.params.provider.CsvSource({"1, 5", "1, 40", "16, 5", "16, 40", "16, 120"})
    void theAttachPointsOwnCablePulledMidSweepLeavesTheLocalNodeAlone(int window, int at) throws Exception {
        SimFabric live = SimFabric.of(TopologySpec.parse("ft3:6"));
        String ca = live.defaultAttachPoint().name();
        SweepOptions options = new SweepOptions(window, FAST.timeout(), FAST.retries());
        FabricSnapshot s;
        try (MadTransport transport = MadTransports.over(live.openChannel(live.defaultAttachPoint()),
                new TransportConfig(window, window))) {
            s = new DiscoveryImpl().sweep(new PullAt(transport, at, () -> live.faults().unplug(ca, 1)), options);
        }
        assertEquals(1, s.nodes().size(), "only the local node is left: " + s.nodes());
        assertEquals(0, s.links().size(), "no link is left");
    }

    /** @return the node GUID a NodeInfo along the route answers with, now */
    private static long nodeGuidBy(SimFabric fabric, int[] route) throws Exception {
        try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()),
                new TransportConfig(1, 1))) {
            byte[] mad = send(transport, Smp.directedRoute(Method.GET, 0, org.infiniscope.mad.smp.NodeInfo.ATTRIBUTE_ID,
                    0, 0, route, new byte[0]));
            return Smp.decodeAttribute(mad, org.infiniscope.mad.smp.NodeInfo.CODEC).nodeGuid();
        }
    }

    @Test
    void progressIsToldAfterEveryAnswerAndEndsWithNothingPending() throws Exception {
        List<long[]> seen = new ArrayList<>();
        FabricSnapshot s;
        try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()),
                new TransportConfig(16, 16))) {
            s = new DiscoveryImpl().sweep(transport, FAST,
                    (nodes, answered, pending) -> seen.add(new long[]{nodes, answered, pending}));
        }
        assertEquals(s.smpsSent(), seen.size(), "one report per SMP (no retries on the simulator)");
        long[] last = seen.get(seen.size() - 1);
        assertEquals(s.nodes().size(), last[0]);
        assertEquals(seen.size(), last[1]);
        assertEquals(0, last[2], "nothing pending at the end");
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i)[0] >= seen.get(i - 1)[0], "nodes never decrease");
        }
    }

    @Test
    void progressLinesGoToTheErrorStreamOnlyWhenAsked() {
        StringWriter quiet = new StringWriter();
        try (ProgressLine line = ProgressLine.of("discover", new PrintWriter(quiet), false, null)) {
            for (int i = 0; i < 3; i++) {
                line.progress(i, i, 1);
            }
        }
        assertEquals("", quiet.toString(), "not asked, no terminal: silent");
    }

    @Test
    void theMKeyOptionTakesHexOrDecimalAndNamesNoKeyInItsError() throws Exception {
        assertEquals(KEY, DiscoverArgs.parse(List.of("-y", "0x0123456789abcdef")).options().mKey());
        assertEquals(42, SweepArgs.parse("hosts", List.of("--m_key=42"), java.util.Map.of()).options().mKey());
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.infiniscope.console.UsageException.class,
                () -> DiscoverArgs.parse(List.of("-y", "0xsecretzz")));
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }
}
