package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** The one-shot runtime's bring-up of an embedded fabric: an SM run until SUBNET UP, whose LIDs stay. */
class SimBringUpServiceTest {

    private static ChannelProvider provider(SimFabric sim) {
        return new ChannelProvider() {
            @Override
            public boolean handles(String fabric) {
                return fabric.startsWith("sim");
            }

            @Override
            public MadChannel open(String fabric) {
                return sim.openChannel(sim.defaultAttachPoint());
            }
        };
    }

    @Test
    void bringsTheFabricUpAndItKeepsItsLidsAfterTheSmStops() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        assertEquals(0, sim.localPort(sim.defaultAttachPoint()).lid());
        SimBringUpService service = new SimBringUpService(SimSm.discovery(), true);
        service.provide(provider(sim), List.of(new MinHopEngine()));
        service.bringUp("sim:ft2:2:2:2");
        assertNotEquals(0, sim.localPort(sim.defaultAttachPoint()).lid());
        List<String> hosts = sim.topology().nodes().stream().filter(n -> !n.isSwitch()).map(n -> n.name()).toList();
        assertEquals(4, hosts.size());
        for (String host : hosts) {
            SimFabric.AttachPoint at = sim.attachPoint(host, 1);
            assertNotEquals(0, sim.localPort(at).lid(), host);
            assertEquals(4, sim.portState(at), host + " is Active");
        }
    }

    @Test
    void outsideAOneShotRuntimeItLeavesTheFabricAlone() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        SimBringUpService service = new SimBringUpService(SimSm.discovery(), false);
        service.provide(provider(sim), List.of(new MinHopEngine()));
        service.bringUp("sim:ft2:2:2:2");
        assertEquals(0, sim.localPort(sim.defaultAttachPoint()).lid());
    }

    @Test
    void onlyAOneShotCommandOtherThanSmHasTheFabricBroughtUp() {
        assertEquals(true, SimBringUpService.oneShot("perfquery\u001f1\u001f1"));
        assertEquals(true, SimBringUpService.oneShot("errors"));
        assertEquals(false, SimBringUpService.oneShot("sm\u001f--once"));
        assertEquals(false, SimBringUpService.oneShot("sm"));
        assertEquals(false, SimBringUpService.oneShot(null));
    }
}
