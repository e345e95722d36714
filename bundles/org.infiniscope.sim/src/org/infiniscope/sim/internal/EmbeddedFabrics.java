package org.infiniscope.sim.internal;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import org.infiniscope.sim.SimFabric;
import org.osgi.service.component.annotations.Component;

/**
 * The embedded simulated fabrics of a runtime, one per topology, built on first use and kept for the runtime's life:
 * the channels of {@code --fabric sim…} and the faults {@code simfault} injects meet in them.
 */
@Component(service = EmbeddedFabrics.class)
public final class EmbeddedFabrics {

    private final Map<String, SimFabric> fabrics = new HashMap<>();

    /**
     * @param topology a generator specification or topology file, or empty for the built-in fabric
     * @param fabric the {@code --fabric} value it came from, for messages
     * @return the fabric of that topology, built on first use
     * @throws IOException when the topology cannot be read
     */
    public synchronized SimFabric fabric(String topology, String fabric) throws IOException {
        SimFabric sim = fabrics.get(topology);
        if (sim == null) {
            sim = SimFabric.of(SimChannelProvider.load(topology, fabric));
            org.infiniscope.sim.adapter.SimAdapters.attach(sim); // each node's adapter answers GeneralInfo
            fabrics.put(topology, sim);
        }
        return sim;
    }
}
