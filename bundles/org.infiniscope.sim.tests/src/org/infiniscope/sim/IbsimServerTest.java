package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.infiniscope.sim.internal.IbsimServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The ibsim client protocol as umad2sim speaks it in UDP mode: a control socket that connects and asks, and a data
 * socket that sends 288-byte requests to port P+1+id. Garbage is dropped without an answer and without harm: the
 * next good request is answered first.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class IbsimServerTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private IbsimServer server;
    private Thread serving;
    private DatagramChannel ctl;
    private DatagramChannel in;

    @BeforeEach
    void start() throws IOException {
        SimFabric fabric = SimFabric.of(LineFabric.topology());
        // the data ports follow the control port, so an ephemeral control port is not enough: try a few ranges
        for (int attempt = 0; server == null; attempt++) {
            try {
                server = IbsimServer.udp(fabric, ThreadLocalRandom.current().nextInt(30000, 50000));
            } catch (BindException e) {
                if (attempt == 20) {
                    throw e;
                }
            }
        }
        serving = Thread.ofPlatform().name("ibsim-server-test").start(() -> {
            try {
                server.run();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        ctl = DatagramChannel.open().bind(new InetSocketAddress(LOOPBACK, 0))
                .connect(new InetSocketAddress(LOOPBACK, server.port()));
        in = DatagramChannel.open().bind(new InetSocketAddress(LOOPBACK, 0));
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        serving.join();
        ctl.close();
        in.close();
    }

    private ByteBuffer control(int client, int type, ByteBuffer data) throws IOException {
        ByteBuffer request = ByteBuffer.allocate(80).order(ByteOrder.LITTLE_ENDIAN);
        request.putInt(0xdeadbeef).putInt(client).putInt(type).putInt(data.remaining()).put(data).clear();
        ctl.write(request);
        ByteBuffer reply = ByteBuffer.allocate(80).order(ByteOrder.LITTLE_ENDIAN);
        ctl.read(reply);
        return reply.flip();
    }

    private int connect() throws IOException {
        int inPort = ((InetSocketAddress) in.getLocalAddress()).getPort();
        ByteBuffer info = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN).putInt(inPort).putInt(0).putInt(0)
                .clear();
        ByteBuffer reply = control(0, 1, info);
        assertEquals(1, reply.getInt(8), "CONNECT answered, not ERROR");
        assertEquals("h1", new String(reply.array(), 28, 2), "the first CA is the default node");
        int id = reply.getInt(16);
        in.connect(new InetSocketAddress(LOOPBACK, server.port() + 1 + id));
        return id;
    }

    @Test
    void malformedControlDatagramsAreDroppedAndTheServerStillAnswers() throws IOException {
        ctl.write(ByteBuffer.wrap(new byte[]{1, 2, 3}));
        ByteBuffer badMagic = ByteBuffer.allocate(80).order(ByteOrder.LITTLE_ENDIAN).putInt(0x12345678).putInt(0)
                .putInt(7).clear();
        ctl.write(badMagic);
        ByteBuffer badClient = ByteBuffer.allocate(80).order(ByteOrder.LITTLE_ENDIAN).putInt(0xdeadbeef).putInt(99)
                .putInt(7).clear();
        ctl.write(badClient);
        int id = connect();
        ByteBuffer nodeInfo = control(id, 7, ByteBuffer.allocate(64));
        assertEquals(7, nodeInfo.getInt(8));
        assertEquals(1, nodeInfo.get(16 + 2), "NodeInfo.NodeType of h1: a CA");
        assertEquals(LineFabric.H1, ByteBuffer.wrap(nodeInfo.array(), 16 + 12, 8).getLong(), "NodeInfo.NodeGUID");
    }

    @Test
    void aDirectedRouteSmpIsAnsweredAndOtherClassesComeBackWithStatus110() throws IOException {
        connect();
        in.write(ByteBuffer.wrap(new byte[17])); // too short: dropped
        in.write(ByteBuffer.wrap(request(0x03))); // SA: nobody in this fabric takes it
        ByteBuffer lost = receive();
        assertEquals(110, lost.getInt(16), "status, big-endian");
        in.write(ByteBuffer.wrap(request(0x81)));
        ByteBuffer answer = receive();
        assertEquals(0, answer.getInt(16));
        assertEquals((byte) 0x81, answer.get(32 + 3), "a GetResp");
        assertEquals(2, answer.get(32 + 64 + 2), "NodeInfo.NodeType of sw1: a switch");
    }

    /** @return a data message with a Get(NodeInfo) of this class; a DR SMP goes one hop, out of h1's port 1 */
    private static byte[] request(int mgmtClass) {
        ByteBuffer r = ByteBuffer.allocate(288);
        r.putShort(0, (short) 0xffff).putInt(8, 0).putLong(24, 256);
        r.put(32, (byte) 1).put(33, (byte) mgmtClass).put(34, (byte) (mgmtClass == 0x03 ? 2 : 1)).put(35, (byte) 1);
        r.putLong(40, 42).putShort(48, (short) 0x11);
        if (mgmtClass == 0x81) {
            r.put(32 + 7, (byte) 1); // hop count 1
            r.putShort(32 + 32, (short) 0xffff).putShort(32 + 34, (short) 0xffff);
            r.put(32 + 128 + 1, (byte) 1); // initial path: out of port 1
        }
        return r.array();
    }

    private ByteBuffer receive() throws IOException {
        ByteBuffer reply = ByteBuffer.allocate(288);
        in.read(reply);
        return reply.flip();
    }
}
