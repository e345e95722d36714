package org.infiniscope.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.SimTraffic.Flow;
import org.infiniscope.topology.Topologies;
import org.junit.jupiter.api.Test;

/** The built-in fabric's own traffic (the GUI's default fabric): every host sends, at uneven rates. */
class EmbeddedTrafficTest {

    @Test
    void everyHostSendsToTheHostHalfTheFabricAway() {
        SimFabric sim = SimFabric.of(Topologies.defaultFabric());
        EmbeddedFabrics.startTraffic(sim);
        List<Flow> flows = sim.traffic().flows();
        long hosts = sim.topology().nodes().stream().filter(n -> !n.isSwitch()).count();
        assertEquals(hosts, flows.size());
        assertEquals(hosts, flows.stream().map(Flow::from).distinct().count(), "each host sends once");
        assertEquals(hosts, flows.stream().map(Flow::to).distinct().count(), "each host receives once");
        Set<Double> rates = flows.stream().map(Flow::bytesPerSecond).collect(Collectors.toSet());
        assertEquals(Set.of(100e6, 200e6, 300e6, 400e6), rates);
        assertTrue(flows.stream().noneMatch(f -> f.from().equals(f.to())));
    }

    @Test
    void aRuntimeWithoutThePropertyHasAQuietFabric() throws Exception {
        SimFabric sim = new EmbeddedFabrics().fabric("", "sim");
        assertEquals(List.of(), sim.traffic().flows());
    }
}
