package org.infiniscope.mad.umad.internal;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.Grh;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * A {@link MadChannel} on one local port through libibumad. SMPs go through the SMI device and every other class
 * through the GSI device when the library and kernel split them; otherwise both through the one port.
 */
public final class UmadChannel implements MadChannel {

    /** Where the low 32 bits of the transaction ID lie in a MAD (big-endian, after the high 32 at 8). */
    static final int TID_LOW_OFFSET = 12;
    /**
     * The transaction IDs (low 32 bits, as sent) of the channel's own PortInfo queries under umad2sim: far above the
     * transports', which count from 1.
     */
    private static final int OWN_TID_BASE = 0x7F000000;
    /** How long the channel's own PortInfo query waits for its answer. */
    private static final long OWN_QUERY_MILLIS = 500;
    /** How long a close waits for each receive thread (a few poll periods). */
    private static final long JOIN_MILLIS = 2_000;

    private final UmadLibrary library;
    private final PortResolver.Selection selection;
    private final int gsiPortId;
    private final int smiPortId;
    private final UmadLayout layout;
    private final AgentTable agents = new AgentTable();
    private final Object sendLock = new Object();
    private final Arena sendArena = Arena.ofShared();
    private final List<Thread> threads = new ArrayList<>();
    private final List<ReceiveLoop> loops = new ArrayList<>();
    private MemorySegment sendBuffer;
    private boolean started;
    private volatile boolean closed;
    /** Where received MADs go: the started transport's receiver, null between two users of a kept port. */
    private volatile Receiver receiver;
    /**
     * XORed into the low 32 bits of every transaction ID sent and received (0: none). A port kept open for the next
     * command ({@link KeptPorts}) gets a new one per user, so that a late answer to the last user's request (one it
     * had given up on, or sent before it was cancelled) never matches the new user's request of the same ID: each
     * transport numbers its requests from 1.
     */
    private volatile int tidSalt;
    /** Whether a send or a receive loop failed: a kept port is then closed rather than used again. */
    private volatile boolean failed;
    /** Whether a receiver was attached once ({@link #start} may be called once). */
    private boolean attached;
    private final AtomicInteger ownTids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<byte[]>> ownQueries = new ConcurrentHashMap<>();
    /** umad2sim's own calls when this process runs under it, else null. */
    private Umad2sim umad2sim;
    /** Under umad2sim: the guard agents, and the issm device once an SM agent registered (-1: not open). */
    private final List<AgentTable.Agent> guards = new ArrayList<>();
    private int issm = -1;
    /** The port's GUID once read (0 before): it does not change while the port is open. */
    private volatile long portGuid;

    private UmadChannel(UmadLibrary library, PortResolver.Selection selection, int gsiPortId, int smiPortId) {
        this.library = library;
        this.selection = selection;
        this.gsiPortId = gsiPortId;
        this.smiPortId = smiPortId;
        this.layout = UmadLayout.of(library);
        this.sendBuffer = sendArena.allocate(layout.umadSize() + Mad.SIZE, 8);
    }

    /**
     * Opens the port a specification names.
     *
     * @param spec {@code umad} or {@code umad:CA:PORT}
     */
    public static UmadChannel open(UmadLibrary library, String spec) throws UmadException {
        return open(library, spec, DeviceFiles.system());
    }

    static UmadChannel open(UmadLibrary library, String spec, DeviceFiles devices) throws UmadException {
        PortResolver.Selection selection = new PortResolver(library).resolve(PortSpec.parse(spec));
        int gsi = openPort(library, devices, selection.caName(), selection.port(), false);
        int smi = gsi;
        if (selection.smiCaName() != null) {
            try {
                smi = openPort(library, devices, selection.smiCaName(), selection.port(), true);
            } catch (UmadException e) {
                library.closePort(gsi);
                throw e;
            }
        }
        UmadChannel channel = new UmadChannel(library, selection, gsi, smi);
        channel.umad2sim = Umad2sim.of(System.getenv()).orElse(null);
        if (channel.umad2sim != null) {
            channel.guard();
        }
        return channel;
    }

    /**
     * Under umad2sim: an agent for every class an SM port may be sent, before anything can arrive (see
     * {@link Umad2sim}); not in the agent table, so that the agents registered later send and receive as usual.
     */
    private void guard() throws UmadException {
        for (int[] c : Umad2sim.GUARDED) {
            int portId = MgmtClass.isSubnetManagement(c[0]) ? smiPortId : gsiPortId;
            int agentId;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment mask = arena.allocate(AgentTable.METHOD_MASK_BYTES, 8);
                AgentTable.writeMask(mask, Set.of());
                agentId = library.register(portId, c[0], c[1], (byte) 0, mask);
            }
            if (agentId < 0) {
                throw new UmadException(Reason.CALL_FAILED, "umad_register of the guard agent of "
                        + MgmtClass.name(c[0]) + " on " + this + " failed: " + Errno.describe(agentId));
            }
            guards.add(new AgentTable.Agent(portId, agentId, c[0], c[1], Set.of(), false));
        }
    }

    private static int openPort(UmadLibrary library, DeviceFiles devices, String ca, int port, boolean smi)
            throws UmadException {
        int rc;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocateFrom(ca);
            rc = smi ? library.openSmiPort(name, port) : library.openPort(name, port);
        }
        if (rc >= 0) {
            return rc;
        }
        String call = (smi ? "umad_open_smi_port" : "umad_open_port") + "(" + ca + ", " + port + ")";
        var forbidden = devices.forbidden(ca, port);
        if (forbidden.isPresent() || rc == -Errno.EACCES || rc == -Errno.EPERM) {
            throw new UmadException(Reason.PERMISSION_DENIED,
                    "permission denied on " + forbidden.map(Object::toString).orElse("the umad device of " + ca) + " ("
                            + ca + " port " + port + "): run as root, or grant this user read-write access"
                            + " to /dev/infiniband/umad* (a udev rule)");
        }
        throw new UmadException(Reason.CALL_FAILED, call + " failed: " + Errno.describe(rc));
    }

    /** @return whether SMPs use a separate SMI device (rdma-core 5x on a kernel that splits them) */
    public boolean smiSplit() {
        return smiPortId != gsiPortId;
    }

    @Override
    public LocalPort localPort() throws IOException {
        PortAttributes attributes = PortAttributes.query(library, selection.caName(), selection.port());
        if (attributes == null) {
            throw new UmadException(Reason.NO_SUCH_PORT,
                    selection.caName() + " port " + selection.port() + " is gone (umad_get_port failed)");
        }
        LocalPort local = attributes.toLocalPort(selection.caName());
        portGuid = local.portGuid();
        if (umad2sim == null) {
            return local;
        }
        // umad2sim describes the port once, when the process attaches (its sysfs): LID, LMC and SM LID come from the
        // port itself, so that a long-lived process (the one-shot daemon) sees what an SM has done since
        PortInfo now = queryPortInfo();
        return now == null
                ? local
                : new LocalPort(local.caName(), local.portNumber(), now.lid(), now.lmc(), now.masterSmLid(),
                        local.portGuid());
    }

    /**
     * @return the port's GUID, as the last {@link #localPort()} read it (a kept port's earlier users, the one-shot
     *         daemon's warm-up), or else as libibumad describes the port, without the PortInfo SMP
     */
    @Override
    public long portGuid() throws IOException {
        long known = portGuid;
        if (known != 0) {
            return known;
        }
        PortAttributes attributes = PortAttributes.query(library, selection.caName(), selection.port());
        if (attributes == null) {
            throw new UmadException(Reason.NO_SUCH_PORT,
                    selection.caName() + " port " + selection.port() + " is gone (umad_get_port failed)");
        }
        portGuid = attributes.toLocalPort(selection.caName()).portGuid();
        return portGuid;
    }

    /** @return the local port's PortInfo, read by a directed-route SMP of no hops; null when it did not come */
    private PortInfo queryPortInfo() throws IOException {
        register(MgmtClass.SUBN_DIRECTED_ROUTE, Smp.CLASS_VERSION, false, Set.of());
        ensureLoops();
        int tid = OWN_TID_BASE | (ownTids.incrementAndGet() & 0xFFFFFF);
        CompletableFuture<byte[]> answer = new CompletableFuture<>();
        ownQueries.put(tid, answer);
        try {
            byte[] mad = Smp.directedRoute(Method.GET, tid, PortInfo.ATTRIBUTE_ID, selection.port(), 0, new int[0],
                    new byte[PortInfo.LENGTH]).encode();
            send(mad, mad.length, MadAddress.directedRoute(), (int) OWN_QUERY_MILLIS, false);
            byte[] response = answer.get(OWN_QUERY_MILLIS, TimeUnit.MILLISECONDS);
            Smp smp = Smp.decode(response);
            return smp.status() == 0 && (response[3] & 0xFF) == Method.GET_RESP ? smp.attribute(PortInfo.CODEC) : null;
        } catch (TimeoutException | ExecutionException | MadFormatException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UmadException(Reason.CALL_FAILED, "interrupted while reading the PortInfo of " + this);
        } finally {
            ownQueries.remove(tid);
        }
    }

    @Override
    public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods)
            throws IOException {
        if (mgmtClass < 0 || mgmtClass > 0xFF || classVersion < 0 || classVersion > 0xFF) {
            throw new UmadException(Reason.BAD_MAD,
                    "class " + mgmtClass + " version " + classVersion + " is outside 0..255");
        }
        checkOpen();
        int portId = MgmtClass.isSubnetManagement(mgmtClass) ? smiPortId : gsiPortId;
        synchronized (agents) {
            Set<Integer> methods = agents.missing(mgmtClass, classVersion, unsolicitedMethods);
            if (methods == null) {
                return;
            }
            int agentId;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment mask = arena.allocate(AgentTable.METHOD_MASK_BYTES, 8);
                try {
                    AgentTable.writeMask(mask, methods);
                } catch (IllegalArgumentException e) {
                    throw new UmadException(Reason.BAD_MAD, e.getMessage());
                }
                agentId = library.register(portId, mgmtClass, classVersion, (byte) (rmpp ? 1 : 0), mask);
            }
            if (agentId < 0) {
                throw new UmadException(Reason.CALL_FAILED, "umad_register of " + MgmtClass.name(mgmtClass) + " v"
                        + classVersion + " methods " + methods + " on " + this + " failed: " + Errno.describe(agentId));
            }
            agents.add(new AgentTable.Agent(portId, agentId, mgmtClass, classVersion, Set.copyOf(methods), rmpp));
            if (umad2sim != null && issm < 0 && MgmtClass.isSubnetManagement(mgmtClass) && !methods.isEmpty()) {
                // an agent that answers SMPs (the SM's SMInfo): the port is an SM port, as OpenSM opens issm
                issm = umad2sim.openIssm(selection.caName());
            }
        }
    }

    /**
     * The kernel's MAD layer runs RMPP for an agent registered with an RMPP version: it segments what is
     * sent and hands over whole reassembled transfers, as the transport's receive buffers expect.
     */
    @Override
    public boolean rmppInKernel(int mgmtClass) {
        return agents.rmpp(mgmtClass);
    }

    @Override
    public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
        send(mad, length, destination, responseTimeoutMillis, true);
    }

    /** @param salted whether the user's transaction ID salt applies (not to the channel's own queries) */
    private void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis, boolean salted)
            throws IOException {
        if (length < MadHeader.LENGTH || length > mad.length) {
            throw new UmadException(Reason.BAD_MAD,
                    "a MAD of " + length + " bytes (array of " + mad.length + ") is not sendable");
        }
        checkOpen();
        int mgmtClass = Byte.toUnsignedInt(mad[1]);
        int classVersion = Byte.toUnsignedInt(mad[2]);
        AgentTable.Agent agent = agents.sender(mgmtClass, classVersion);
        if (agent == null) {
            throw new UmadException(Reason.BAD_MAD,
                    MgmtClass.name(mgmtClass) + " v" + classVersion + " is not registered on " + this);
        }
        int rc;
        synchronized (sendLock) {
            checkOpen();
            MemorySegment umad = sendBuffer(length);
            umad.asSlice(0, layout.umadSize()).fill((byte) 0);
            MemorySegment.copy(mad, 0, umad, ValueLayout.JAVA_BYTE, layout.madOffset(), length);
            int salt = salted ? tidSalt : 0;
            if (salt != 0) {
                long at = layout.madOffset() + TID_LOW_OFFSET;
                umad.set(Structs.BE32, at, umad.get(Structs.BE32, at) ^ salt);
            }
            library.setAddr(umad, destination.lid(), destination.qpn(), destination.sl(), destination.qkey());
            library.setPkey(umad, destination.pkeyIndex());
            if (destination.grh() != null) {
                setGrh(umad, destination.grh());
            }
            // retries 0: the transport retries, with fresh transaction IDs of its own
            rc = library.send(agent.portId(), agent.agentId(), umad, length, responseTimeoutMillis, 0);
        }
        if (rc < 0) {
            failed = true;
            throw new UmadException(Reason.CALL_FAILED, "umad_send of " + MgmtClass.name(mgmtClass) + " to "
                    + destination + " on " + this + " failed: " + Errno.describe(rc));
        }
    }

    private MemorySegment sendBuffer(int length) {
        if (sendBuffer.byteSize() < layout.umadSize() + length) {
            sendBuffer = sendArena.allocate(layout.umadSize() + length, 8);
        }
        return sendBuffer;
    }

    private void setGrh(MemorySegment umad, Grh grh) {
        try (Arena arena = Arena.ofConfined()) {
            // umad_set_grh takes an ib_mad_addr with host-order flow label and copies the GRH fields from it
            MemorySegment addr = arena.allocate(Structs.ADDR_SIZE, 8);
            MemorySegment.copy(grh.dgid(), 0, addr, ValueLayout.JAVA_BYTE, Structs.ADDR_GID, 16);
            addr.set(ValueLayout.JAVA_INT, Structs.ADDR_FLOW_LABEL, grh.flowLabel());
            addr.set(ValueLayout.JAVA_BYTE, Structs.ADDR_HOP_LIMIT, (byte) grh.hopLimit());
            addr.set(ValueLayout.JAVA_BYTE, Structs.ADDR_TRAFFIC_CLASS, (byte) grh.trafficClass());
            library.setGrh(umad, addr);
        }
        // umad_set_grh leaves the source GID index alone
        umad.set(ValueLayout.JAVA_BYTE, Structs.UMAD_ADDR + Structs.ADDR_GID_INDEX, (byte) grh.sgidIndex());
    }

    @Override
    public synchronized void start(Receiver receiver) throws IOException {
        checkOpen();
        if (attached) {
            throw new UmadException(Reason.CALL_FAILED, this + " is already started");
        }
        attach(receiver, 0);
    }

    /**
     * Hands received MADs to a receiver from now on, starting the receive threads the first time: a kept port's
     * next user ({@link KeptPorts}).
     *
     * @param salt XORed into the transaction IDs of this user's MADs (see {@link #tidSalt})
     */
    synchronized void attach(Receiver receiver, int salt) throws UmadException {
        checkOpen();
        this.attached = true;
        this.tidSalt = salt;
        this.receiver = receiver;
        ensureLoops();
    }

    /** Starts the receive threads unless they run. */
    private synchronized void ensureLoops() throws UmadException {
        checkOpen();
        if (!started) {
            started = true;
            startLoop(gsiPortId, "");
            if (smiSplit()) {
                startLoop(smiPortId, "-smi");
            }
        }
    }

    /** Drops what arrives from now on, until the next {@link #attach}: the port's user is done with it. */
    void detach() {
        receiver = null;
    }

    /**
     * @return whether the port may serve another user: open, no send or receive thread failed, and no agent that
     *         receives unsolicited requests (nor the SM mark), which only the user that registered it expects
     */
    boolean reusable() {
        return !closed && !failed && issm < 0 && !agents.unsolicited() && loops.stream().noneMatch(ReceiveLoop::ended);
    }

    private void dispatch(byte[] mad, int length, MadAddress source) {
        if (!ownQueries.isEmpty() && length >= TID_LOW_OFFSET + 4) {
            CompletableFuture<byte[]> own = ownQueries.remove(tidLow(mad));
            if (own != null) {
                own.complete(mad);
                return;
            }
        }
        Receiver current = receiver;
        if (current == null) {
            return; // between two users of a kept port
        }
        int salt = tidSalt;
        if (salt != 0 && length >= TID_LOW_OFFSET + 4) {
            int at = TID_LOW_OFFSET;
            int tid = tidLow(mad) ^ salt;
            mad[at] = (byte) (tid >>> 24);
            mad[at + 1] = (byte) (tid >>> 16);
            mad[at + 2] = (byte) (tid >>> 8);
            mad[at + 3] = (byte) tid;
        }
        current.received(mad, length, source);
    }

    private static int tidLow(byte[] mad) {
        int at = TID_LOW_OFFSET;
        return (mad[at] & 0xFF) << 24 | (mad[at + 1] & 0xFF) << 16 | (mad[at + 2] & 0xFF) << 8 | (mad[at + 3] & 0xFF);
    }

    private void startLoop(int portId, String suffix) {
        String name = "infiniscope-umad-" + selection.caName() + "-" + selection.port() + suffix;
        ReceiveLoop loop = new ReceiveLoop(library, portId, layout, this::dispatch, name);
        loops.add(loop);
        threads.add(Thread.ofPlatform().name(name).daemon().start(loop));
    }

    private void checkOpen() throws UmadException {
        if (closed) {
            throw new UmadException(Reason.CLOSED, this + " is closed");
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (issm >= 0) {
            umad2sim.close(issm); // no more requests forwarded to this port before its agents go
            issm = -1;
        }
        loops.forEach(ReceiveLoop::stop);
        for (Thread thread : threads) {
            try {
                thread.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        receiver = null;
        for (AgentTable.Agent agent : agents.removeAll()) {
            library.unregister(agent.portId(), agent.agentId());
        }
        for (AgentTable.Agent agent : guards) {
            library.unregister(agent.portId(), agent.agentId());
        }
        synchronized (sendLock) {
            if (smiSplit()) {
                library.closePort(smiPortId);
            }
            library.closePort(gsiPortId);
            sendArena.close();
        }
    }

    @Override
    public String toString() {
        return "umad:" + selection.caName() + ":" + selection.port()
                + (smiSplit() ? " (SMI " + selection.smiCaName() + ")" : "");
    }
}
