package org.infiniscope.sim.internal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.SimFabric.AttachPoint;
import org.infiniscope.sim.SimFabric.Attachment;
import org.infiniscope.sim.SimFabric.Envelope;
import org.infiniscope.sim.SimFabric.Outcome;

/**
 * Serves one {@link SimFabric} over ibsim's client protocol, so unmodified umad2sim clients talk to it as to ibsim:
 * over Unix datagram sockets with abstract names ({@code IBSIM_SOCKNAME=NAME}: control {@code NAME:ctl}, client N's
 * MADs {@code NAME:outN}) or in the UDP "remote" mode ({@code IBSIM_SERVER_NAME=127.0.0.1 IBSIM_SERVER_PORT=P}:
 * control on port P, client N's MADs on P+1+N). Every client is an endpoint of the fabric: SMPs and PMA MADs are
 * answered by the simulated agents; other MADs (SA requests to OpenSM, its answers, SMInfo, traps) go to the client
 * that takes them by ibsim's rules, or come back with status 110 when nobody does. Malformed datagrams are dropped.
 */
public final class IbsimServer implements Closeable {

    /** ibsim's client table size: umad2sim clients get ids 0..9. */
    static final int MAX_CLIENTS = 10;
    static final int MAGIC = 0xdeadbeef;
    static final int CTL_SIZE = 80;
    static final int DATA_SIZE = 288;
    static final int MAD_OFFSET = 32;
    static final int MAD_SIZE = 256;
    /** ibsim's status for a MAD it could not deliver or that was lost (ETIMEDOUT). */
    static final int STATUS_LOST = 110;
    /** How long the loop waits for a datagram before it looks at the clock and whether it was closed. */
    private static final int TICK_MILLIS = 100;

    static final int ERROR = 0, CONNECT = 1, DISCONNECT = 2, GET_PORT = 3, GET_VENDOR = 4, GET_GID = 5, GET_GUID = 6,
            GET_NODEINFO = 7, GET_PORTINFO = 8, SET_ISSM = 9, GET_PKEYS = 10;

    /** The sockets: a control socket and one data socket per client slot. Addresses are opaque to the server. */
    interface Wire extends Closeable {

        /** A datagram received on the control socket ({@code slot} -1) or on a client slot's data socket. */
        record Datagram(int slot, Object sender) {
        }

        /** Waits up to {@code timeoutMillis} for a datagram; fills {@code into}. @return it, or {@code null} */
        Datagram receive(ByteBuffer into, int timeoutMillis) throws IOException;

        /** Answers a control request in place. */
        void reply(ByteBuffer control, Object to) throws IOException;

        /**
         * @param id the id field of the client's CONNECT: its pid (Unix) or data port (UDP)
         * @return where the client's data socket is, or {@code null} when the id cannot be one
         */
        Object clientAddress(Object controlSender, int id);

        /** Sends a data packet to a client from its slot's socket. */
        void send(int slot, byte[] packet, Object to) throws IOException;

        /** @return how clients find the server, for messages */
        String describe();
    }

    /** A connected client: where it attached, its endpoint in the fabric, and where its MADs go. */
    private record Client(AttachPoint at, Attachment attachment, Object in) {
    }

    private final SimFabric fabric;
    private final Wire wire;
    private final Client[] clients = new Client[MAX_CLIENTS];
    /** TIDs of the server's own local SMPs (for the GET_* requests), apart from any client's. */
    private final AtomicLong tid = new AtomicLong(0x1b51_0000_0000_0000L);
    private volatile boolean closed;

    private IbsimServer(SimFabric fabric, Wire wire) {
        this.fabric = fabric;
        this.wire = wire;
    }

    /**
     * Binds the control port and the ten client data ports on the loopback address.
     *
     * @param port the control port (ibsim's {@code -l}); the data ports follow it; 0 picks a free one
     * @return a server; call {@link #run()} to serve
     */
    public static IbsimServer udp(SimFabric fabric, int port) throws IOException {
        return new IbsimServer(fabric, UdpWire.bind(port, MAX_CLIENTS));
    }

    /**
     * Binds ibsim's Unix datagram sockets with abstract names: {@code NAME:ctl} and {@code NAME:out0..9}.
     *
     * @param name the base name clients set as {@code IBSIM_SOCKNAME} (ibsim's default is {@code sim})
     */
    public static IbsimServer unix(SimFabric fabric, String name) throws IOException {
        return new IbsimServer(fabric, UnixWire.bind(name, MAX_CLIENTS));
    }

    /** @return the UDP control port clients set as {@code IBSIM_SERVER_PORT}, or -1 in Unix mode */
    public int port() {
        return wire instanceof UdpWire udp ? udp.port() : -1;
    }

    /** @return how clients reach it, e.g. {@code IBSIM_SOCKNAME=lab} */
    public String describe() {
        return wire.describe();
    }

    /** Serves until {@link #close()} is called (from another thread). */
    public void run() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN);
        long lastPoll = System.nanoTime();
        try {
            while (!closed) {
                Wire.Datagram d;
                try {
                    d = wire.receive(buffer.clear(), TICK_MILLIS);
                } catch (IOException e) {
                    if (closed) {
                        return;
                    }
                    throw e;
                }
                long now = System.nanoTime();
                if (now - lastPoll >= TICK_MILLIS * 1_000_000L) {
                    lastPoll = now;
                    fabric.poll(); // trap re-sends and M_Key leases keep time while clients are quiet or busy
                }
                if (d == null) {
                    continue;
                }
                try {
                    if (d.slot() < 0) {
                        control(buffer, d.sender());
                    } else {
                        data(d.slot(), buffer);
                    }
                } catch (IOException e) {
                    // an answer that could not be sent is lost, as a datagram may be; the others are served
                }
            }
        } finally {
            detachAll();
        }
    }

    private void control(ByteBuffer ctl, Object from) throws IOException {
        if (ctl.remaining() != CTL_SIZE || ctl.getInt(0) != MAGIC) {
            return;
        }
        int id = ctl.getInt(4);
        int type = ctl.getInt(8);
        if (type != CONNECT && (id < 0 || id >= MAX_CLIENTS)) {
            return;
        }
        boolean ok;
        try {
            ok = switch (type) {
                case CONNECT -> connect(ctl, from);
                case DISCONNECT -> {
                    disconnect(id);
                    yield true;
                }
                default -> clients[id] != null && request(clients[id], type, ctl);
            };
        } catch (RuntimeException e) {
            // a request the fabric cannot answer (unknown port, a second SM on a node): the client gets ERROR
            ok = false;
        }
        if (!ok) {
            ctl.putInt(8, ERROR);
        }
        ctl.rewind();
        wire.reply(ctl, from);
    }

    private boolean connect(ByteBuffer ctl, Object from) {
        int slot = 0;
        while (slot < MAX_CLIENTS && clients[slot] != null) {
            slot++;
        }
        if (slot == MAX_CLIENTS) {
            return false;
        }
        Object in = wire.clientAddress(from, ctl.getInt(16));
        int qp = ctl.getInt(20);
        boolean issm = ctl.getInt(24) != 0;
        byte[] raw = new byte[32];
        ctl.get(28, raw);
        int end = 0;
        while (end < 31 && raw[end] != 0) {
            end++;
        }
        String node = new String(raw, 0, end, StandardCharsets.US_ASCII);
        if (in == null) {
            return false;
        }
        AttachPoint at;
        try {
            at = node.isEmpty() ? fabric.defaultAttachPoint() : attach(node);
        } catch (IllegalArgumentException e) {
            return false;
        }
        int client = slot;
        Attachment attachment = fabric.attach(at, qp, issm, (mad, envelope) -> forward(client, mad, envelope));
        clients[slot] = new Client(at, attachment, in);
        ctl.putInt(16, slot);
        byte[] name = Arrays.copyOf(at.name().getBytes(StandardCharsets.US_ASCII), 31);
        ctl.put(28, name).put(28 + 31, (byte) 0);
        return true;
    }

    private void disconnect(int slot) {
        Client c = clients[slot];
        clients[slot] = null;
        if (c != null) {
            c.attachment().close();
        }
    }

    private void detachAll() {
        for (int i = 0; i < MAX_CLIENTS; i++) {
            disconnect(i);
        }
    }

    /** A node name attaches as ibsim does: a CA at its first port, a switch at its management port 0. */
    private AttachPoint attach(String node) {
        try {
            return fabric.attachPoint(node, 1);
        } catch (IllegalArgumentException notCa) {
            return fabric.attachPoint(node, 0);
        }
    }

    private boolean request(Client client, int type, ByteBuffer ctl) {
        byte[] out = new byte[64];
        ByteBuffer reply = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        switch (type) {
            case GET_NODEINFO -> System.arraycopy(smpGet(client.at(), 0x11, 0), 0, out, 0, 64);
            case GET_PORTINFO -> {
                int asked = ctl.get(16) & 0xff;
                System.arraycopy(smpGet(client.at(), 0x15, asked == 0 ? client.at().port() : asked), 0, out, 0, 64);
            }
            case GET_PKEYS -> System.arraycopy(smpGet(client.at(), 0x16, 0), 0, out, 0, 64);
            case GET_PORT -> {
                LocalPort local = fabric.localPort(client.at());
                byte[] info = smpGet(client.at(), 0x15, client.at().port());
                reply.putShort(0, (short) local.lid()).put(2, (byte) (info[32] & 0x0f));
            }
            case GET_VENDOR -> {
                ByteBuffer ni = ByteBuffer.wrap(smpGet(client.at(), 0x11, 0));
                reply.putInt(0, ni.getInt(36) & 0xffffff).putInt(4, ni.getShort(30) & 0xffff).putInt(8, ni.getInt(32))
                        .putLong(16, 1);
            }
            case GET_GUID -> reply.putLong(0, ByteBuffer.wrap(smpGet(client.at(), 0x11, 0)).getLong(12));
            case GET_GID -> {
                System.arraycopy(smpGet(client.at(), 0x15, client.at().port()), 8, out, 0, 8);
                reply.putLong(8, ByteBuffer.wrap(smpGet(client.at(), 0x11, 0)).getLong(12));
            }
            case SET_ISSM -> {
                // the client becomes (or stops being) its node's SM: PortInfo IsSM follows, as in ibsim
                client.attachment().setSm(ctl.getInt(16) != 0);
                System.arraycopy(ctl.array(), 16, out, 0, 64);
            }
            default -> {
                return false;
            }
        }
        ctl.put(16, out);
        return true;
    }

    /** @return the 64 attribute bytes of a local directed-route Get (hop count 0) at the client's port */
    private byte[] smpGet(AttachPoint at, int attribute, int modifier) {
        byte[] mad = new byte[MAD_SIZE];
        ByteBuffer m = ByteBuffer.wrap(mad);
        m.put(0, (byte) 1).put(1, (byte) 0x81).put(2, (byte) 1).put(3, (byte) 1);
        m.putLong(8, tid.getAndIncrement()).putShort(16, (short) attribute).putInt(20, modifier);
        m.putShort(32, (short) 0xffff).putShort(34, (short) 0xffff);
        if (fabric.exchange(at, mad, MAD_SIZE, MadAddress.directedRoute()) == null) {
            throw new IllegalStateException("no answer to a local SMP");
        }
        return Arrays.copyOfRange(mad, 64, 128);
    }

    private void data(int slot, ByteBuffer request) throws IOException {
        Client client = clients[slot];
        if (client == null || request.remaining() != DATA_SIZE) {
            return;
        }
        byte[] packet = new byte[DATA_SIZE];
        request.get(packet);
        ByteBuffer r = ByteBuffer.wrap(packet);
        int mgmtClass = packet[MAD_OFFSET + 1] & 0xff;
        int dlid = r.getShort(0) & 0xffff;
        int dqp = r.getInt(8);
        boolean dr = mgmtClass == 0x81;
        if (!dr && (r.getShort(4) & 0xffff) == 0) {
            // umad2sim leaves the source LID to the server ("0 - means auto"), as ibsim fills it in
            r.putShort(4, (short) fabric.localPort(client.at()).lid());
        }
        MadAddress to;
        if (dr) {
            to = MadAddress.directedRoute();
        } else if (mgmtClass == 0x01) {
            to = MadAddress.smi(dlid);
        } else if (dqp >= 0 && dqp <= 0xFFFFFF && dqp != 0) {
            to = new MadAddress(dlid, dqp, dqp == 1 ? 0x80010000 : 0, 0, 0, null);
        } else {
            to = null;
        }
        byte[] mad = Arrays.copyOfRange(packet, MAD_OFFSET, MAD_OFFSET + MAD_SIZE);
        Outcome outcome = Outcome.LOST;
        if (to != null) {
            try {
                outcome = client.attachment().send(mad, to, r.getInt(12), sentLength(r.getLong(24)));
            } catch (RuntimeException e) {
                outcome = Outcome.LOST;
            }
        }
        switch (outcome) {
            case ANSWERED -> {
                System.arraycopy(mad, 0, packet, MAD_OFFSET, MAD_SIZE);
                // the answer travels back: swap the address fields as ibsim does
                int lids = r.getInt(0);
                r.putInt(0, r.getInt(4)).putInt(4, lids);
                int qps = r.getInt(8);
                r.putInt(8, r.getInt(12)).putInt(12, qps);
                r.putInt(16, 0);
                wire.send(slot, packet, client.in());
            }
            case LOST -> {
                if ((mad[3] & 0xff) == 0x07) {
                    return; // a TrapRepress expects nothing back: ibsim never returns one, even when it is lost
                }
                // back to the sender with the TID the fabric stamped, as ibsim returns a dropped MAD
                System.arraycopy(mad, 0, packet, MAD_OFFSET, 24);
                r.putInt(16, STATUS_LOST);
                wire.send(slot, packet, client.in());
            }
            case DELIVERED, CONSUMED -> {
                // another client has it now, or an agent took it silently (TrapRepress)
            }
        }
    }

    /**
     * @return the length a client gave its MAD (umad2sim sends the first 256 bytes of a longer RMPP answer with its
     *         whole length), within what an RMPP transfer can be
     */
    private static int sentLength(long length) {
        return (int) Math.max(0, Math.min(length, 1 << 24));
    }

    /** A MAD the fabric delivered to a client's endpoint: to its data socket, as ibsim forwards the packet. */
    private void forward(int slot, byte[] mad, Envelope envelope) {
        Client client = clients[slot];
        if (client == null) {
            return;
        }
        byte[] packet = new byte[DATA_SIZE];
        ByteBuffer r = ByteBuffer.wrap(packet);
        r.putShort(0, (short) envelope.dlid()).putShort(4, (short) envelope.slid());
        // the sender's length, as ibsim forwards the packet: an SA answer's tells saquery how many records it holds
        r.putInt(8, envelope.dqp()).putInt(12, envelope.sqp()).putInt(16, 0).putLong(24, envelope.length());
        System.arraycopy(mad, 0, packet, MAD_OFFSET, Math.min(mad.length, MAD_SIZE));
        try {
            wire.send(slot, packet, client.in());
        } catch (IOException e) {
            // the client went away: it is detached when it disconnects; the MAD is lost, as on a dead port
        }
    }

    /** Stops {@link #run()} and releases the sockets. */
    @Override
    public void close() {
        closed = true;
        try {
            wire.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
    }
}
