package org.infiniscope.cm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.cm.CmException;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.MiniSm;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.Test;

/**
 * The runtime's CMs: which fabric they serve (the SM's configuration first, then the runtime's), never one that is
 * not simulated, one CM per host and fabric (an attach point does not make another), opened through the channel
 * provider of the fabric, and stopped with the component.
 */
class RuntimeCmsTest {

    @Test
    void theSmsFabricWinsThenTheRuntimesThenTheBuiltInOne() {
        assertEquals("sim:ft2:4:2", RuntimeCms.fabricOf("sim:ft2:4:2", "sim"));
        assertEquals("sim:x", RuntimeCms.fabricOf(" ", "sim:x"));
        assertEquals("sim", RuntimeCms.fabricOf(null, null));
        assertEquals("umad", RuntimeCms.fabricOf(null, "umad"));
    }

    @Test
    void aFabricThatIsNotSimulatedHasNoCm() {
        RuntimeCms cms = new RuntimeCms("umad", Duration.ofMillis(100));
        assertTrue(cms.unavailableReason().contains("not simulated"), cms.unavailableReason());
        CmException e = assertThrows(CmException.class, () -> cms.host("h1"));
        assertTrue(e.getMessage().contains("librdmacm"), e.getMessage());
        assertThrows(CmException.class, () -> cms.host("ibsim:sock", "h1"));
    }

    @Test
    void hostsGetTheirCmOnTheProvidersFabricOncePerFabric() throws Exception {
        SimFabric fabric = SimFabric.of(
                new Topology(List.of(ca("h1", 0x0002c90300002100L), ca("h2", 0x0002c90300002200L), sw("sw", 0x4000)),
                        List.of(Link.of("h1", 1, "sw", 1), Link.of("sw", 2, "h2", 1)), Topology.DEFAULT_WIDTH,
                        Topology.DEFAULT_SPEED, 0));
        new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
        AtomicInteger opened = new AtomicInteger();
        RuntimeCms cms = new RuntimeCms("sim:t", Duration.ofMillis(100));
        assertEquals("", cms.unavailableReason());
        CmException none = assertThrows(CmException.class, () -> cms.host("h1"));
        assertTrue(none.getMessage().contains("no simulator serves sim:t"), none.getMessage());
        cms.addProvider(new ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("sim:t");
            }

            @Override
            public MadChannel open(String spec) throws IOException {
                opened.incrementAndGet();
                return fabric.openChannel(fabric.defaultAttachPoint());
            }
        });
        RdmaCm h1 = cms.host("h1");
        assertEquals("h1", h1.host());
        assertSame(h1, cms.host("sim:t@h2", "h1"), "the attach point names no other fabric");
        assertEquals("h2", cms.host("h2").host());
        assertEquals(1, opened.get(), "the fabric is opened once");
        assertThrows(CmException.class, () -> cms.host("sw"), "a switch carries no HCA");
        cms.close();
        CmException stopped = assertThrows(CmException.class, () -> cms.host("h1"));
        assertTrue(stopped.getMessage().contains("stopped"), stopped.getMessage());
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 3, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }
}
