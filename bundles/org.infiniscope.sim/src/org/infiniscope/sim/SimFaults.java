package org.infiniscope.sim;

import org.infiniscope.mad.perf.ExtendedCounterVariant;
import org.infiniscope.mad.perf.ExtendedPortCounter;
import org.infiniscope.mad.perf.ExtendedSpeedsCounter;
import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.sim.internal.Counters;
import org.infiniscope.sim.internal.Engine;
import org.infiniscope.sim.internal.FabricState;

/**
 * Faults injected into a {@link SimFabric}, as an operator's hands or a bad part would cause them: pulled cables,
 * disabled ports, error counters that rise, MADs lost at a port, a node restarted, a GUID duplicated. Every
 * change goes through the same lock as {@link SimFabric#exchange}, after counting the time passed so far with the
 * state that held during it; the traps a change of port state raises (a switch's trap 128) are sent at once. Ports are named by node name and port number; a name or port the fabric does not have
 * is an {@link IllegalArgumentException} that says which.
 */
public final class SimFaults {

    private final SimFabric fabric;

    SimFaults(SimFabric fabric) {
        this.fabric = fabric;
    }

    /**
     * Pulls out the cable at a port: both ends go to PortState Down and PhysState Polling, keep their LIDs, and
     * count a LinkDownedCounter if the link was up. MADs that would cross it are lost.
     *
     * @throws IllegalArgumentException when no cable is plugged in there
     */
    public void unplug(String node, int port) {
        synchronized (fabric) {
            if (!state().unplug(external(node, port))) {
                throw new IllegalArgumentException(where(node, port) + " has no cable plugged in");
            }
            fabric.flushNotices();
        }
    }

    /**
     * Plugs a pulled cable back in: the link trains to LinkUp and Init when both ends are enabled, and an SM must
     * make the ports Active again.
     *
     * @throws IllegalArgumentException when the cable at that port was not pulled
     */
    public void replug(String node, int port) {
        synchronized (fabric) {
            if (!state().replug(external(node, port))) {
                throw new IllegalArgumentException(where(node, port) + " has no pulled cable to plug back in");
            }
            fabric.flushNotices();
        }
    }

    /** Disables a port: PhysState Disabled, PortState Down; the peer loses its link and polls. */
    public void disable(String node, int port) {
        synchronized (fabric) {
            state().disable(external(node, port));
            fabric.flushNotices();
        }
    }

    /** Enables a disabled port: it polls, and trains to LinkUp and Init if the peer is enabled and cabled. */
    public void enable(String node, int port) {
        synchronized (fabric) {
            state().enable(external(node, port));
            fabric.flushNotices();
        }
    }

    /**
     * Sets a PortCounters counter, as ibsim's {@code PerformanceSet}: what the port's PMA answers from then on.
     * The data and packet counters are shared with PortCountersExtended and hold up to 2^63 - 1 here; PortCounters
     * shows them saturated at 32 bits.
     *
     * @throws IllegalArgumentException when the value does not fit the counter's width
     */
    public void setCounter(String node, int port, PortCounter counter, long value) {
        synchronized (fabric) {
            int g = countable(node, port);
            if (value > counter.max()) {
                throw new IllegalArgumentException("PortCounters." + counter.label() + " is " + counter.width()
                        + " bits wide: " + value + " is more than " + counter.max());
            }
            Counters.set(state(), g, counter, value);
        }
    }

    /**
     * Sets a PortCountersExtended counter (one of the four the simulated PMA carries).
     *
     * @throws IllegalArgumentException when the counter is not carried, or the value is negative
     */
    public void setCounter(String node, int port, ExtendedPortCounter counter, long value) {
        synchronized (fabric) {
            int g = countable(node, port);
            if (!ExtendedCounterVariant.NO_IETF.codec().counters().contains(counter)) {
                throw new IllegalArgumentException("PortCountersExtended." + counter.label()
                        + " is not carried by the simulated PMA (only the data and packet counters are)");
            }
            if (value < 0) {
                throw new IllegalArgumentException("PortCountersExtended." + counter.label() + " " + value
                        + " is beyond the simulator's 2^63 - 1");
            }
            Counters.set(state(), g, PortCounter.valueOf(counter.name()), value);
        }
    }

    /**
     * Sets a PortExtendedSpeedsCounters counter of a port (what its PMA answers while the link runs an extended
     * speed: FDR, EDR or HDR), such as a lane's corrected FEC blocks.
     *
     * @throws IllegalArgumentException when the value does not fit the counter's width
     */
    public void setCounter(String node, int port, ExtendedSpeedsCounter counter, long value) {
        synchronized (fabric) {
            Counters.set(state(), external(node, port), counter, value);
        }
    }

    /** @return a PortExtendedSpeedsCounters counter's value in the model now */
    public long counter(String node, int port, ExtendedSpeedsCounter counter) {
        synchronized (fabric) {
            return Counters.get(state(), external(node, port), counter);
        }
    }

    /** @return a counter's value in the model now (64 bits for data and packets, as PortCountersExtended) */
    public long counter(String node, int port, PortCounter counter) {
        synchronized (fabric) {
            int g = countable(node, port);
            return Counters.get(state(), g, counter);
        }
    }

    /**
     * Makes an error counter of a port rise steadily with the fabric's clock while its link is up (0 stops it):
     * a bad cable's SymbolErrorCounter, LinkErrorRecoveryCounter, LinkDownedCounter, PortRcvErrors and so on.
     * The counts are exact: 10 a second over 2.5 seconds are 25.
     *
     * @throws IllegalArgumentException when the rate is negative or not finite
     */
    public void errorRate(String node, int port, PortCounter counter, double perSecond) {
        synchronized (fabric) {
            engine().timeline().errorRate(external(node, port), counter, perSecond);
        }
    }

    /**
     * Loses a percentage of the MADs that arrive at a port (ibsim's {@code Error "node"[port] PCT}); see
     * {@link #dropRate(String, int, double, int)}.
     */
    public void dropRate(String node, int port, double percent) {
        dropRate(node, port, percent, -1);
    }

    /**
     * Loses a percentage of the MADs of one attribute that arrive at a port (ibsim's
     * {@code Error "node"[port] PCT ATTR}): over its cable — requests and answers alike, a damaged packet counted in
     * PortRcvErrors when no attribute is named — or, at a switch's port 0 or the CA port a channel sends from, on
     * their way to the agent. The draws come from the fabric's seeded random numbers ({@link #seed}).
     *
     * @param percent 0 (none lost) to 100 (all)
     * @param attributeId the attribute ID, 0 to 0xFFFF, or -1 for every attribute
     */
    public void dropRate(String node, int port, double percent, int attributeId) {
        if (!(percent >= 0 && percent <= 100)) {
            throw new IllegalArgumentException("a drop rate is a percentage from 0 to 100: " + percent);
        }
        if (attributeId < -1 || attributeId > 0xFFFF) {
            throw new IllegalArgumentException("an attribute ID is 0 to 0xFFFF: " + attributeId);
        }
        synchronized (fabric) {
            FabricState f = state();
            int n = node(node);
            int g = f.port(n, checkPort(node, n, port, f.isSwitch(n)));
            engine().timeline().catchUp();
            engine().loss().set(g, percent / 100, attributeId);
        }
    }

    /** Restarts the random draws of the drop rates from a seed, for a repeatable run. */
    public void seed(long seed) {
        synchronized (fabric) {
            engine().loss().seed(seed);
        }
    }

    /**
     * Restarts a node as a power cycle does: a switch comes back with an empty LFT and MFT and LinearFDBTop 0; every
     * port with LID 0, no M_Key, default tables and zeroed counters; the links retrain to Init (the neighbours
     * count a LinkDownedCounter), and an SM has to configure it again.
     */
    public void reboot(String node) {
        synchronized (fabric) {
            int n = node(node);
            engine().timeline().catchUp();
            state().reset(n);
            fabric.flushNotices();
        }
    }

    /** Gives node {@code to} the NodeGUID of node {@code from}, as a mis-programmed part would have it. */
    public void duplicateNodeGuid(String from, String to) {
        synchronized (fabric) {
            FabricState f = state();
            f.setNodeGuid(node(to), f.nodeGuid(node(from)));
        }
    }

    /**
     * Gives a node another NodeGUID, and its ports PortGUIDs moved by the same amount, as an adapter that boots
     * firmware with other GUIDs answers with them (a switch's ports share its GUID).
     */
    public void changeNodeGuid(String node, long guid) {
        synchronized (fabric) {
            FabricState f = state();
            int n = node(node);
            long old = f.nodeGuid(n);
            f.setNodeGuid(n, guid);
            for (int p = f.isSwitch(n) ? 0 : 1; p <= (f.isSwitch(n) ? 0 : f.portCount(n)); p++) {
                int g = f.port(n, p);
                f.setPortGuid(g, f.portGuid(g) - old + guid);
            }
        }
    }

    /**
     * Gives a port the PortGUID of another: a switch's GUID is that of its port 0, a CA's that of a port 1..N.
     */
    public void duplicatePortGuid(String from, int fromPort, String to, int toPort) {
        synchronized (fabric) {
            FabricState f = state();
            int a = guidPort(from, fromPort);
            int b = guidPort(to, toPort);
            f.setPortGuid(b, f.portGuid(a));
        }
    }

    private int guidPort(String node, int port) {
        FabricState f = state();
        int n = node(node);
        if (f.isSwitch(n) && port != 0) {
            throw new IllegalArgumentException(where(node, port) + ": a switch's PortGUID is that of its port 0");
        }
        return f.port(n, checkPort(node, n, port, f.isSwitch(n)));
    }

    private Engine engine() {
        return fabric.engine();
    }

    private FabricState state() {
        return fabric.engine().state();
    }

    private int node(String name) {
        int n = state().node(name);
        if (n < 0) {
            throw new IllegalArgumentException("no node named \"" + name + "\" in the fabric");
        }
        return n;
    }

    /** @return the global index of a cabled-side port 1..N, the time passed so far counted */
    private int external(String node, int port) {
        int n = node(node);
        int g = state().port(n, checkPort(node, n, port, false));
        engine().timeline().catchUp();
        return g;
    }

    /** @return the global index of a port with counters: 1..N, or a switch's port 0 */
    private int countable(String node, int port) {
        int n = node(node);
        int g = state().port(n, checkPort(node, n, port, state().isSwitch(n)));
        engine().timeline().catchUp();
        return g;
    }

    private int checkPort(String node, int n, int port, boolean zero) {
        int count = state().portCount(n);
        if (port < (zero ? 0 : 1) || port > count) {
            throw new IllegalArgumentException(
                    "\"" + node + "\" has no port " + port + " here (ports " + (zero ? 0 : 1) + ".." + count + ")");
        }
        return port;
    }

    private static String where(String node, int port) {
        return "\"" + node + "\"[" + port + "]";
    }
}
