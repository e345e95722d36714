package org.infiniscope.sim.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.console.vendor.VendorCallException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.vendor.MellanoxGeneralInfo;
import org.infiniscope.sim.SimAgent;
import org.infiniscope.sim.SimFabric;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link SimAgent} whiteboard: plugs the vendors' agents into every embedded fabric, each call bounded in time by
 * {@link VendorCalls}, and unplugs them when their service goes.
 */
@Component(immediate = true)
public final class SimAgents {

    private static final Logger LOG = LoggerFactory.getLogger(SimAgents.class);

    /** An agent, the class it answers (asked once, when it came), and what orders it. */
    private record Ranked(SimAgent agent, int mgmtClass, int ranking, long serviceId) {
    }

    private final Map<Long, Ranked> agents = new ConcurrentHashMap<>();
    private final List<SimFabric> fabrics = new ArrayList<>();
    private final VendorCalls calls;
    private Runnable stopWatching;

    @Activate
    public SimAgents(@Reference EmbeddedFabrics embedded) {
        this(VendorCalls.shared(), null);
        stopWatching = embedded.watch(this::fabricBuilt);
    }

    // two parameters: SCR must see one public one-argument constructor only, the @Activate one
    private SimAgents(VendorCalls calls, Void unused) {
        this.calls = calls;
    }

    /**
     * For tests (the package is not exported): agents plugged into the fabrics given to {@link #fabricBuilt}.
     */
    public static SimAgents forTests(VendorCalls calls) {
        return new SimAgents(calls, null);
    }

    @Deactivate
    void deactivate() {
        if (stopWatching != null) {
            stopWatching.run();
        }
    }

    @Reference(service = SimAgent.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addAgent(SimAgent agent, Map<String, Object> properties) {
        add(agent, properties.get(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                (Long) properties.get(Constants.SERVICE_ID));
    }

    void removeAgent(SimAgent agent, Map<String, Object> properties) {
        remove((Long) properties.get(Constants.SERVICE_ID));
    }

    /** Plugs an agent into every fabric (the whiteboard's bind; public for tests). */
    public synchronized void add(SimAgent agent, int ranking, long serviceId) {
        int mgmtClass;
        try {
            mgmtClass = calls.call(agent, "mgmtClass", agent::mgmtClass);
        } catch (VendorCallException e) {
            return; // logged by VendorCalls
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (!MgmtClass.isVendor(mgmtClass) || mgmtClass == MellanoxGeneralInfo.MGMT_CLASS) {
            LOG.warn("vendor bundle {}: simulator agent for class 0x{} refused: {}", VendorCalls.bundleOf(agent),
                    Integer.toHexString(mgmtClass),
                    MgmtClass.isVendor(mgmtClass) ? "the built-in adapter agent answers it" : "not a vendor class");
            return;
        }
        agents.put(serviceId, new Ranked(agent, mgmtClass, ranking, serviceId));
        replug(mgmtClass);
    }

    /** Unplugs an agent (the whiteboard's unbind; public for tests). */
    public synchronized void remove(long serviceId) {
        Ranked gone = agents.remove(serviceId);
        if (gone != null) {
            replug(classOf(gone));
        }
    }

    /** Plugs the agents into a new fabric (public for tests). */
    public synchronized void fabricBuilt(SimFabric fabric) {
        fabrics.add(fabric);
        agents.values().stream().map(SimAgents::classOf).distinct().forEach(c -> fabric.registerAgent(c, chosen(c)));
    }

    private static int classOf(Ranked r) {
        return r.mgmtClass();
    }

    private void replug(int mgmtClass) {
        SimFabric.Agent agent = chosen(mgmtClass);
        for (SimFabric fabric : fabrics) {
            fabric.registerAgent(mgmtClass, agent);
        }
    }

    /**
     * @return the agents of a class as one: the highest ranking first, each bounded in time; one that throws or
     *         hangs (then quarantined) hands the MAD to the next. {@code null} (unplugs) when there is none.
     */
    private SimFabric.Agent chosen(int mgmtClass) {
        List<SimAgent> ranked = agents.values().stream().filter(r -> classOf(r) == mgmtClass)
                .sorted(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::serviceId))
                .map(Ranked::agent).toList();
        if (ranked.isEmpty()) {
            return null;
        }
        return (mad, node, port) -> {
            for (SimAgent agent : ranked) {
                byte[] copy = mad.clone();
                try {
                    boolean answered = calls.call(agent, "answer", () -> agent.answer(copy, node, port));
                    if (answered) {
                        System.arraycopy(copy, 0, mad, 0, mad.length);
                    }
                    return answered;
                } catch (VendorCallException e) {
                    // faulty (logged once, quarantined): the next agent of the class
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return false;
        };
    }
}
