package org.infiniscope.sim;

import java.util.ArrayDeque;
import java.util.Objects;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.sim.internal.DataPackets;
import org.infiniscope.sim.internal.Endpoints;
import org.infiniscope.sim.internal.Engine;
import org.infiniscope.sim.internal.FabricState;
import org.infiniscope.sim.internal.Notice;
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
    private final SimClock clock;
    private final Engine engine;
    private final SimFaults faults;
    private final SimTraffic traffic;

    private SimFabric(Topology topology, SimClock clock) {
        this.topology = topology;
        this.clock = clock;
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
        return clock;
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
        MadAddress answer = engine.exchange(from.node(), from.port(), mad, length, destination);
        flushNotices();
        return answer;
    }

    /**
     * A node as a vendor agent sees it.
     *
     * @param name its name in the topology
     * @param isSwitch whether it is a switch
     * @param nodeGuid its node GUID
     * @param portCount its number of ports
     * @param lid the LID of the port the MAD reached (a switch's port 0)
     */
    public record NodeView(String name, boolean isSwitch, long nodeGuid, int portCount, int lid) {
    }

    /**
     * An agent a vendor plugs into every simulated node for a GMP class the simulator does not answer itself (a
     * vendor-specific class, 0x09-0x0F or 0x30-0x4F), as a real HCA's firmware or a switch's management software
     * does. LID-routed MADs of that class are answered by it where they arrive.
     */
    @FunctionalInterface
    public interface Agent {
        /**
         * Answers a request in place: the agent sets the method (a response), the status and the data.
         *
         * @param port the port it arrived at (0 for a switch)
         * @return whether {@code mad} holds an answer; {@code false} drops the request silently
         */
        boolean answer(byte[] mad, NodeView node, int port);
    }

    /**
     * Plugs a vendor agent into every node for a GMP class, or unplugs it ({@code agent} null).
     *
     * @throws IllegalArgumentException for the SMP, SA and PerfMgt classes, which the simulator's agents or an SM
     *         take
     */
    public synchronized void registerAgent(int mgmtClass, Agent agent) {
        engine.registerAgent(mgmtClass, agent);
    }

    /** What became of a MAD the fabric carried. */
    public enum Outcome {
        /** An agent of the fabric (SMA, PMA) answered: the MAD holds the answer. */
        ANSWERED,
        /** It reached an endpoint attached at its destination (an SM, an SA, the requester of a response). */
        DELIVERED,
        /** An agent took it and sends nothing back (a TrapRepress). */
        CONSUMED,
        /** Malformed, no route, a port down, an agent that dropped it, or nobody to take it. */
        LOST
    }

    /**
     * The addresses a MAD travelled with, as the receiving end sees them: LIDs are 0xFFFF for a directed-route SMP.
     *
     * @param dlid the destination LID it was sent to
     * @param slid the LID of the port it left from
     * @param dqp the destination queue pair
     * @param sqp the queue pair it was sent from
     * @param length the length its sender gave: more than the 256 bytes carried for an RMPP answer that umad2sim cut
     */
    public record Envelope(int dlid, int slid, int dqp, int sqp, int length) {
    }

    /**
     * Something attached at a port that takes the MADs no simulated agent answers there: an SM (SMInfo, traps, SA
     * requests), a client waiting for an answer from another endpoint, a CM.
     */
    @FunctionalInterface
    public interface Endpoint {
        /**
         * Takes a MAD that reached the endpoint's port. Called with the fabric locked: hand it off, do not send back
         * into the fabric from here.
         *
         * @param mad a copy of the MAD, as it arrived (a directed-route SMP with its hop pointer and return path)
         */
        void deliver(byte[] mad, Envelope envelope);
    }

    /** An endpoint attached to the fabric; closing detaches it. */
    public final class Attachment implements AutoCloseable {

        private final AttachPoint at;
        private Endpoints.Attached attached;

        private Attachment(AttachPoint at, Endpoints.Attached attached) {
            this.at = at;
            this.attached = attached;
        }

        /** @return where it is attached */
        public AttachPoint attachPoint() {
            return at;
        }

        /** @return its id, stamped into bits 63..48 of the TIDs of the requests it sends */
        public int id() {
            synchronized (SimFabric.this) {
                return attached.id();
            }
        }

        /** @return whether it is its port's SM */
        public boolean isSm() {
            synchronized (SimFabric.this) {
                return attached.sm();
            }
        }

        /**
         * Marks the endpoint as its port's SM or not, and the port's PortInfo IsSM capability with it (ibsim's
         * SET_ISSM).
         *
         * @throws IllegalStateException when another SM is attached at the port
         */
        public void setSm(boolean sm) {
            synchronized (SimFabric.this) {
                attached = engine.endpoints().setSm(attached, sm);
                engine.setIsSm(at.node(), at.port(), sm);
                flushNotices();
            }
        }

        /**
         * Sends a MAD from this endpoint's port; a request is stamped with the endpoint's id in its TID.
         *
         * @param sqp the queue pair it is sent from, handed to the endpoint that receives it
         * @return what became of it; {@link Outcome#ANSWERED}: {@code mad} holds the answer
         */
        public Outcome send(byte[] mad, int length, MadAddress destination, int sqp) {
            synchronized (SimFabric.this) {
                Outcome o = engine.carry(at.node(), at.port(), attached, mad, length, destination, sqp);
                flushNotices();
                return o;
            }
        }

        /**
         * Sends a whole MAD whose sender reported another length, as umad2sim does for the first 256 bytes of an RMPP
         * answer: the endpoint that receives it sees that length.
         */
        public Outcome send(byte[] mad, MadAddress destination, int sqp, int reportedLength) {
            synchronized (SimFabric.this) {
                Outcome o = engine.carry(at.node(), at.port(), attached, mad, mad.length, destination, sqp,
                        reportedLength);
                flushNotices();
                return o;
            }
        }

        /**
         * Has this endpoint take the requests of a GMP class sent to QP1 of its port, before the port's SM: a GSI
         * agent's registration (a CM takes class 0x07).
         */
        public void takeClass(int mgmtClass) {
            synchronized (SimFabric.this) {
                engine.endpoints().takeClass(attached, mgmtClass);
            }
        }

        /** @return where the answer of the last {@link Outcome#ANSWERED} send came from */
        public MadAddress answerSource() {
            synchronized (SimFabric.this) {
                return engine.answerSource();
            }
        }

        @Override
        public void close() {
            synchronized (SimFabric.this) {
                if (attached.sm()) {
                    engine.setIsSm(at.node(), at.port(), false);
                }
                engine.endpoints().detach(attached);
                flushNotices();
            }
        }
    }

    /**
     * Attaches an endpoint at a port.
     *
     * @param qpn the queue pair it takes requests for (above 1), or 0
     * @param sm whether it is the port's SM
     * @throws IllegalStateException when {@code sm} and the port has an SM already
     */
    public synchronized Attachment attach(AttachPoint at, int qpn, boolean sm, Endpoint endpoint) {
        Objects.requireNonNull(endpoint, "endpoint");
        Endpoints.Attached a = engine.endpoints().attach(at.node(), at.port(), qpn, sm, endpoint);
        if (sm) {
            engine.setIsSm(at.node(), at.port(), true);
            flushNotices();
        }
        return new Attachment(at, a);
    }

    /**
     * Lets the fabric's time pass: traps not repressed in time are sent again, M_Key leases that ran out end, and
     * what the nodes queued is carried. A server calls it every few tens of milliseconds.
     */
    public synchronized void poll() {
        engine.poll(clock.nanoTime());
        flushNotices();
    }

    /** Carries the MADs the nodes sent on their own (traps) to their destinations; lost ones are dropped. */
    void flushNotices() {
        ArrayDeque<Notice> queue = engine.notices();
        for (int i = 0; i < MAX_NOTICES_PER_FLUSH && !queue.isEmpty(); i++) {
            Notice n = queue.poll();
            MadAddress to = n.qpn() == 0 ? MadAddress.smi(n.dlid()) : MadAddress.gsi(n.dlid());
            engine.carry(n.node(), n.port(), null, n.mad(), n.mad().length, to, n.qpn());
        }
    }

    /** A bound on the notices carried at once, so notices that cause notices cannot loop forever. */
    private static final int MAX_NOTICES_PER_FLUSH = 4096;

    /** @return the attach point's port as a channel reports it: its LID, LMC and SM LID as an SM set them */
    public synchronized LocalPort localPort(AttachPoint at) {
        FabricState state = engine.state();
        int g = state.port(at.node(), at.port());
        return new LocalPort(at.name(), at.port(), state.lid(g), state.lmc(g), state.smLid(g), state.portGuid(g));
    }

    /**
     * The MTU of the LID-routed path from a CA port to a LID, as an SA's PathRecord gives it: the smallest
     * NeighborMTU of both ends of every link it crosses, following the switches' LFTs.
     *
     * @return the MTU code (1 = 256 … 5 = 4096), or 0 when there is no route (a port not Active, no LFT entry)
     */
    public synchronized int pathMtu(AttachPoint from, int dlid) {
        FabricState state = engine.state();
        return DataPackets.pathMtu(state, state.port(from.node(), from.port()), dlid);
    }

    /**
     * Carries one message of a verbs data path from a CA port to a LID through the LFTs, counting its packets and
     * words on every port it crosses (the simulated HCAs' hook into the fabric).
     *
     * @param payloadBytes the message's payload
     * @param packets the packets it takes at the path's MTU, at least 1
     * @return the CA port that took it, or {@code null} when it was lost on the way (a port not Active, no route)
     */
    public synchronized AttachPoint carryPacket(AttachPoint from, int dlid, long payloadBytes, int packets) {
        FabricState state = engine.state();
        engine.timeline().catchUpIfBusy();
        int g = DataPackets.carry(state, state.port(from.node(), from.port()), dlid, payloadBytes, packets);
        if (g < 0) {
            return null;
        }
        int n = state.nodeOf(g);
        return new AttachPoint(n, g - state.port(n, 0), state.name(n));
    }

    /** @return the logical state of a port as PortInfo has it: 1 Down, 2 Init, 3 Armed, 4 Active */
    public synchronized int portState(AttachPoint at) {
        FabricState state = engine.state();
        return state.state(state.port(at.node(), at.port()));
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
