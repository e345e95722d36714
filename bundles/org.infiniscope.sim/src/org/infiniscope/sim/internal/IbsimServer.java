package org.infiniscope.sim.internal;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sim.SimFabric.AttachPoint;

/**
 * Serves one {@link SimFabric} over ibsim's client protocol in its UDP ("remote") mode, so unmodified umad2sim
 * clients ({@code IBSIM_SERVER_NAME=127.0.0.1 IBSIM_SERVER_PORT=P}) talk to it as to {@code ibsim -r -l P}: control
 * requests on port P, client N's MADs on port P+1+N. SMPs and PMA MADs are answered by the fabric; MADs of other
 * classes come back with status 110, as ibsim does when nobody takes them. Malformed datagrams are dropped.
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

    static final int ERROR = 0, CONNECT = 1, DISCONNECT = 2, GET_PORT = 3, GET_VENDOR = 4, GET_GID = 5, GET_GUID = 6,
            GET_NODEINFO = 7, GET_PORTINFO = 8, SET_ISSM = 9, GET_PKEYS = 10;

    /** A connected client: where it attached and where its answers go. */
    private record Client(AttachPoint at, SocketAddress in, boolean issm) {
    }

    private final SimFabric fabric;
    private final Selector selector;
    private final DatagramChannel control;
    private final DatagramChannel[] data = new DatagramChannel[MAX_CLIENTS];
    private final Client[] clients = new Client[MAX_CLIENTS];
    private final int port;
    /** TIDs of the server's own local SMPs (for the GET_* requests), apart from any client's. */
    private final AtomicLong tid = new AtomicLong(0x1b51_0000_0000_0000L);

    private IbsimServer(SimFabric fabric, int port) throws IOException {
        this.fabric = fabric;
        this.selector = Selector.open();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try {
            control = open(new InetSocketAddress(loopback, port));
            this.port = ((InetSocketAddress) control.getLocalAddress()).getPort();
            control.register(selector, SelectionKey.OP_READ, -1);
            for (int i = 0; i < MAX_CLIENTS; i++) {
                // umad2sim connects its data socket to P+1+id, so every slot needs its own fixed port
                data[i] = open(new InetSocketAddress(loopback, this.port + 1 + i));
                data[i].register(selector, SelectionKey.OP_READ, i);
            }
        } catch (IOException | RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    /**
     * Binds the control port and the ten client data ports on the loopback address.
     *
     * @param port the control port (ibsim's {@code -l}); the data ports follow it
     * @return a server; call {@link #run()} to serve
     */
    public static IbsimServer udp(SimFabric fabric, int port) throws IOException {
        return new IbsimServer(fabric, port);
    }

    /** @return the control port clients set as {@code IBSIM_SERVER_PORT} */
    public int port() {
        return port;
    }

    private static DatagramChannel open(InetSocketAddress at) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        channel.bind(at);
        channel.configureBlocking(false);
        return channel;
    }

    /** Serves until {@link #close()} is called (from another thread). */
    public void run() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN);
        try {
            while (selector.isOpen()) {
                selector.select();
                for (SelectionKey key : selector.selectedKeys()) {
                    int slot = (Integer) key.attachment();
                    DatagramChannel channel = (DatagramChannel) key.channel();
                    SocketAddress from;
                    while ((from = receive(channel, buffer.clear())) != null) {
                        buffer.flip();
                        try {
                            if (slot < 0) {
                                control(buffer, from);
                            } else {
                                data(slot, buffer);
                            }
                        } catch (IOException e) {
                            // an answer that could not be sent is lost, as a datagram may be; the others are served
                            if (!selector.isOpen()) {
                                return;
                            }
                        }
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (ClosedSelectorException e) {
            // closed by close(): the normal way to stop
        }
    }

    private static SocketAddress receive(DatagramChannel channel, ByteBuffer buffer) throws IOException {
        try {
            return channel.receive(buffer);
        } catch (IOException e) {
            // closed under us by close(), or an error reported for a client that went away: nothing more to read now
            return null;
        }
    }

    private void control(ByteBuffer ctl, SocketAddress from) throws IOException {
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
                    clients[id] = null;
                    yield true;
                }
                default -> clients[id] != null && request(clients[id], type, ctl);
            };
        } catch (RuntimeException e) {
            // a request the fabric cannot answer (unknown port, node without the attribute): the client gets ERROR
            ok = false;
        }
        if (!ok) {
            ctl.putInt(8, ERROR);
        }
        ctl.rewind();
        control.send(ctl, from);
    }

    private boolean connect(ByteBuffer ctl, SocketAddress from) {
        int slot = 0;
        while (slot < MAX_CLIENTS && clients[slot] != null) {
            slot++;
        }
        if (slot == MAX_CLIENTS || !(from instanceof InetSocketAddress address)) {
            return false;
        }
        int inPort = ctl.getInt(16);
        boolean issm = ctl.getInt(24) != 0;
        byte[] raw = new byte[32];
        ctl.get(28, raw);
        int end = 0;
        while (end < 31 && raw[end] != 0) {
            end++;
        }
        String node = new String(raw, 0, end, StandardCharsets.US_ASCII);
        AttachPoint at;
        try {
            at = node.isEmpty() ? fabric.defaultAttachPoint() : attach(node);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (inPort <= 0 || inPort > 0xffff) {
            return false;
        }
        clients[slot] = new Client(at, new InetSocketAddress(address.getAddress(), inPort), issm);
        ctl.putInt(16, slot);
        byte[] name = Arrays.copyOf(at.name().getBytes(StandardCharsets.US_ASCII), 31);
        ctl.put(28, name).put(28 + 31, (byte) 0);
        return true;
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
                // the issm flag is kept for the client; the port's IsSM capability bit is not modelled yet
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
        int method = packet[MAD_OFFSET + 3] & 0xff;
        if (method == 0x07) {
            // TrapRepress goes nowhere, as in ibsim
            return;
        }
        int dlid = r.getShort(0) & 0xffff;
        MadAddress to = switch (mgmtClass) {
            case 0x81 -> MadAddress.directedRoute();
            case 0x01 -> MadAddress.smi(dlid);
            case 0x04 -> MadAddress.gsi(dlid);
            default -> null;
        };
        byte[] mad = Arrays.copyOfRange(packet, MAD_OFFSET, MAD_OFFSET + MAD_SIZE);
        MadAddress source = null;
        if (to != null) {
            try {
                source = fabric.exchange(client.at(), mad, MAD_SIZE, to);
            } catch (RuntimeException e) {
                source = null;
            }
        }
        if (source == null) {
            r.putInt(16, STATUS_LOST);
        } else {
            System.arraycopy(mad, 0, packet, MAD_OFFSET, MAD_SIZE);
            // the answer travels back: swap the address fields as ibsim does
            int lids = r.getInt(0);
            r.putInt(0, r.getInt(4)).putInt(4, lids);
            int qps = r.getInt(8);
            r.putInt(8, r.getInt(12)).putInt(12, qps);
            r.putInt(16, 0);
        }
        data[slot].send(ByteBuffer.wrap(packet), client.in());
    }

    /** Stops {@link #run()} and releases the ports. */
    @Override
    public void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            selector.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
        for (DatagramChannel channel : data) {
            closeChannel(channel);
        }
        closeChannel(control);
    }

    private static void closeChannel(DatagramChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // closing: nothing left to do with it
            }
        }
    }
}
