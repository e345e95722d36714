package org.infiniscope.sim.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Iterator;

/** ibsim's UDP ("remote") mode: control on port P of the loopback address, client slot N's data on P+1+N. */
final class UdpWire implements IbsimServer.Wire {

    private final Selector selector;
    private final DatagramChannel control;
    private final DatagramChannel[] data;
    private final int port;

    private UdpWire(Selector selector, DatagramChannel control, DatagramChannel[] data, int port) {
        this.selector = selector;
        this.control = control;
        this.data = data;
        this.port = port;
    }

    static UdpWire bind(int port, int slots) throws IOException {
        Selector selector = Selector.open();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        DatagramChannel control = null;
        DatagramChannel[] data = new DatagramChannel[slots];
        try {
            control = open(new InetSocketAddress(loopback, port));
            int bound = ((InetSocketAddress) control.getLocalAddress()).getPort();
            control.register(selector, SelectionKey.OP_READ, -1);
            for (int i = 0; i < slots; i++) {
                // umad2sim connects its data socket to P+1+id, so every slot needs its own fixed port
                data[i] = open(new InetSocketAddress(loopback, bound + 1 + i));
                data[i].register(selector, SelectionKey.OP_READ, i);
            }
            return new UdpWire(selector, control, data, bound);
        } catch (IOException | RuntimeException e) {
            new UdpWire(selector, control, data, port).close();
            throw e;
        }
    }

    private static DatagramChannel open(InetSocketAddress at) throws IOException {
        DatagramChannel channel = DatagramChannel.open();
        try {
            channel.bind(at);
            channel.configureBlocking(false);
            return channel;
        } catch (IOException e) {
            channel.close();
            throw new IOException("cannot bind UDP port " + at.getPort() + " on " + at.getAddress().getHostAddress()
                    + ": " + e.getMessage(), e);
        }
    }

    int port() {
        return port;
    }

    @Override
    public Datagram receive(ByteBuffer into, int timeoutMillis) throws IOException {
        try {
            for (int round = 0; round < 2; round++) {
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    SocketAddress from = receive((DatagramChannel) key.channel(), into.clear());
                    if (from != null) {
                        into.flip();
                        return new Datagram((Integer) key.attachment(), from);
                    }
                    keys.remove(); // drained: wait for it again
                }
                if (round == 0) {
                    selector.select(timeoutMillis);
                }
            }
            return null;
        } catch (ClosedSelectorException e) {
            throw new IOException("closed", e);
        }
    }

    private static SocketAddress receive(DatagramChannel channel, ByteBuffer buffer) {
        try {
            return channel.receive(buffer);
        } catch (IOException e) {
            // closed under us, or an error reported for a client that went away: nothing more to read now
            return null;
        }
    }

    @Override
    public void reply(ByteBuffer control, Object to) throws IOException {
        this.control.send(control, (SocketAddress) to);
    }

    @Override
    public Object clientAddress(Object controlSender, int id) {
        if (!(controlSender instanceof InetSocketAddress address) || id <= 0 || id > 0xffff) {
            return null;
        }
        return new InetSocketAddress(address.getAddress(), id);
    }

    @Override
    public void send(int slot, byte[] packet, Object to) throws IOException {
        data[slot].send(ByteBuffer.wrap(packet), (SocketAddress) to);
    }

    @Override
    public String describe() {
        return "IBSIM_SERVER_NAME=127.0.0.1 IBSIM_SERVER_PORT=" + port;
    }

    @Override
    public void close() {
        try {
            selector.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
        closeChannel(control);
        for (DatagramChannel channel : data) {
            closeChannel(channel);
        }
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
