package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.AgentRegistration;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAgent;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.transport.TransportStatistics;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An FDR fabric whose switches announce the extended speeds as real switches do: in port 0's CapabilityMask only
 * (IBA 14.2.5.6: a switch's external ports have no CapabilityMask of their own; it reads 0 here, as on ibsim). The
 * simulator's switch port 0 and CA ports carry IsExtendedSpeedsSupported where they support an extended speed
 * (ibsim's do not); the wrapper below sets the bit on port 0's answers all the same, as a real FDR switch answers. libibnetdisc reads a switch port's
 * LinkSpeedExtActive under port 0's CapabilityMask (ibnd_get_agg_linkspeedext with the port 0 info), and so must
 * the sweep, the re-sweep and the cache.
 */
class ExtendedSpeedsTest {

    private static final SweepOptions OPTIONS = new SweepOptions(16, Duration.ofSeconds(1), 1);
    /** PortInfo's CapabilityMask: bytes 20..23 of the attribute, big-endian; bit 14 is in byte 22. */
    private static final int CAPABILITY_BIT_14 = Smp.DATA_OFFSET + 22;

    private SimFabric fabric;

    @BeforeEach
    void fdrFabric() throws Exception {
        Topology t = TopologySpec.parse("ft2:2:1:2");
        fabric = SimFabric.of(new Topology(t.nodes(), t.links(), t.defaultWidth(), t.defaultSpeed(), 1));
    }

    /** Port 0's PortInfo of a switch (the sweeps ask a CA's ports by number, never 0) with the bit set. */
    private static final class Port0AnnouncesExtendedSpeeds implements MadTransport {
        private final MadTransport real;

        Port0AnnouncesExtendedSpeeds(MadTransport real) {
            this.real = real;
        }

        @Override
        public CompletableFuture<MadResponse> send(MadRequest request) {
            return real.send(request).thenApply(response -> {
                byte[] mad = response.mad().clone();
                int attribute = (mad[16] & 0xFF) << 8 | mad[17] & 0xFF;
                boolean port0 = mad[20] == 0 && mad[21] == 0 && mad[22] == 0 && mad[23] == 0;
                if (attribute == PortInfo.ATTRIBUTE_ID && port0) {
                    mad[CAPABILITY_BIT_14] |= (byte) (PortInfo.CAP_EXTENDED_SPEEDS >> 8);
                }
                return new MadResponse(mad, response.source(), response.attempts(), response.roundTripNanos());
            });
        }

        @Override
        public AgentRegistration register(AgentSpec spec, MadAgent agent) throws IOException {
            return real.register(spec, agent);
        }

        @Override
        public TransportStatistics statistics() {
            return real.statistics();
        }

        @Override
        public LocalPort localPort() throws IOException {
            return real.localPort();
        }

        @Override
        public void close() {
            real.close();
        }
    }

    private MadTransport transport() throws IOException {
        return new Port0AnnouncesExtendedSpeeds(
                MadTransports.over(fabric.openChannel(fabric.defaultAttachPoint()), new TransportConfig(16, 16)));
    }

    /** Every switch's external ports read FDR; a CA's port reads it exactly when its own CapabilityMask has the bit. */
    private static void switchPortsAreFdr(FabricSnapshot s, String what) {
        int switchPorts = 0;
        for (DiscoveredNode node : s.nodes()) {
            for (DiscoveredPort p : node.ports()) {
                if (node.isSwitch() && p.number() > 0 && p.isUp()) {
                    assertEquals(1, p.speedExtActive(), what + ": " + node.description() + " port " + p.number());
                    assertEquals(1, p.speedExtEnabled(), what + ": " + node.description() + " port " + p.number());
                    switchPorts++;
                } else if (!node.isSwitch()) {
                    boolean announces = (p.capabilityMask() & PortInfo.CAP_EXTENDED_SPEEDS) != 0;
                    assertEquals(announces ? 1 : 0, p.speedExtActive(),
                            what + ": " + node.description() + " port " + p.number() + " announces " + announces);
                }
            }
        }
        assertTrue(switchPorts > 0, what + ": switch ports up");
    }

    @Test
    void aSwitchsExternalPortsTakeTheirExtendedSpeedsFromPort0sCapabilityMask() throws Exception {
        FabricSnapshot s;
        try (MadTransport transport = transport()) {
            s = new DiscoveryImpl().sweep(transport, OPTIONS);
        }
        switchPortsAreFdr(s, "sweep");
        // ibnetdiscover prints the switch ports' links at FDR (4x: the generator's width), the CAs' at their speed
        List<String> switchPortLines = IbnetdiscoverText.topology(s, "DATE").lines()
                .filter(l -> l.matches("^\\[\\d+\\]\\t.*")).toList();
        assertFalse(switchPortLines.isEmpty());
        assertTrue(switchPortLines.stream().allMatch(l -> l.endsWith(" 4xFDR")), String.join("\n", switchPortLines));
        String linkinfo = DiagsText.linkinfo(s, false, DiscoveredNode.SWITCH, NodeNameMap.EMPTY);
        assertTrue(linkinfo.contains("14.0625 Gbps"), linkinfo);
    }

    @Test
    void theCacheAndTheResweepKeepThem() throws Exception {
        FabricSnapshot s;
        FabricSnapshot again;
        try (MadTransport transport = transport()) {
            s = new DiscoveryImpl().sweep(transport, OPTIONS);
            again = new DiscoveryImpl().resweep(transport, OPTIONS, s).snapshot();
        }
        switchPortsAreFdr(IbnetdiscCache.decode(IbnetdiscCache.encode(s), "fdr.cache"), "cache");
        switchPortsAreFdr(again, "re-sweep");
    }
}
