package org.infiniscope.sim;

import java.util.Objects;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.sim.internal.Engine;
import org.infiniscope.sim.internal.FabricState;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;

/**
 * A simulated fabric built from a {@link Topology}: every node runs an SMA and a PMA that answer real MAD bytes,
 * directed-route SMPs walk the cables port by port, and LID-routed MADs follow the LFTs an SM programmed. Cabled
 * ports start trained (LinkUp) in Init with LID 0, as after power-on before an SM ran. Thread-safe: MADs are carried
 * one at a time.
 */
public final class SimFabric {

    private final Topology topology;
    private final Engine engine;
    private final SimFaults faults;
    private final SimTraffic traffic;

    private SimFabric(Topology topology, SimClock clock) {
        this.topology = topology;
        this.engine = new Engine(topology, clock);
        this.faults = new SimFaults(this);
        this.traffic = new SimTraffic(this);
    }

    /** @return a fabric of this topology, freshly powered on, running in real time */
    public static SimFabric of(Topology topology) {
        return of(topology, SimClock.system());
    }

    /** @return a fabric of this topology, freshly powered on, whose error rates and traffic follow {@code clock} */
    public static SimFabric of(Topology topology, SimClock clock) {
        return new SimFabric(Objects.requireNonNull(topology, "topology"), Objects.requireNonNull(clock, "clock"));
    }

    /** @return the clock the fabric runs on; {@code clock()::nanoTime} is its time for anything time-based */
    public SimClock clock() {
        return engine.timeline().clock();
    }

    /** @return the faults injected into this fabric: pulled cables, disabled ports, errors, lost MADs, restarts */
    public SimFaults faults() {
        return faults;
    }

    /** @return the traffic flows between the fabric's hosts */
    public SimTraffic traffic() {
        return traffic;
    }

    /** @return the topology it was built from */
    public Topology topology() {
        return topology;
    }

    /**
     * A port a channel is attached at.
     *
     * @param node the node's index in the topology
     * @param port the port number
     * @param name the node's name
     */
    public record AttachPoint(int node, int port, String name) {
    }

    /**
     * @return the port named
     * @throws IllegalArgumentException when the topology has no such node or port, or the port is a switch's
     *         external port (a channel of a switch sends from its management port 0)
     */
    public AttachPoint attachPoint(String node, int port) {
        FabricState state = engine.state();
        int n = state.node(node);
        if (n < 0) {
            throw new IllegalArgumentException("no node named \"" + node + "\" in the fabric");
        }
        boolean ok = state.isSwitch(n) ? port == 0 : port >= 1 && port <= state.portCount(n);
        if (!ok) {
            throw new IllegalArgumentException("\"" + node + "\" has no port " + port + " to attach to (ports "
                    + (state.isSwitch(n) ? "0 of a switch" : "1.." + state.portCount(n)) + ")");
        }
        return new AttachPoint(n, port, node);
    }

    /**
     * @return port 1 of the first CA in the topology, as ibsim's default {@code SIM_HOST}
     * @throws IllegalArgumentException when the fabric has no CA
     */
    public AttachPoint defaultAttachPoint() {
        return topology.nodes().stream().filter(n -> n.type() == NodeType.CA).findFirst()
                .map(n -> attachPoint(n.name(), 1))
                .orElseThrow(() -> new IllegalArgumentException("the fabric has no channel adapter to attach to"));
    }

    /**
     * Sends one MAD into the fabric from a port and carries its answer back, synchronously.
     *
     * @param mad the MAD; used in place: on return it holds the answer when there is one
     * @param length the valid bytes in {@code mad}
     * @param destination where it is sent (directed-route SMPs: the permissive LID on QP0)
     * @return where the answer came from, or {@code null} when the MAD or its answer was lost (malformed, no route,
     *         a port down, a failed M_Key check, or a MAD no agent answers)
     */
    public synchronized MadAddress exchange(AttachPoint from, byte[] mad, int length, MadAddress destination) {
        return engine.exchange(from.node(), from.port(), mad, length, destination);
    }

    /** @return the attach point's port as a channel reports it: its LID, LMC and SM LID as an SM set them */
    public synchronized LocalPort localPort(AttachPoint at) {
        FabricState state = engine.state();
        int g = state.port(at.node(), at.port());
        return new LocalPort(at.name(), at.port(), state.lid(g), state.lmc(g), state.smLid(g), state.portGuid(g));
    }

    /** @return a channel attached at a port of this fabric, not started yet */
    public SimChannel openChannel(AttachPoint at) {
        return new SimChannel(this, at);
    }

    /** The engine, for the tests of this package. */
    Engine engine() {
        return engine;
    }

    /** @return the bytes the model keeps per port (excluding switch tables), for scale reports */
    public static int bytesPerPort() {
        return FabricState.bytesPerPort();
    }
}
