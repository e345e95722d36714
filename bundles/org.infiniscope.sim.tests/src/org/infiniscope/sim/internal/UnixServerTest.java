package org.infiniscope.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ibsim's local protocol as umad2sim speaks it: Unix datagram sockets with abstract names, a client's control socket
 * {@code NAME:ctlPID} asking {@code NAME:ctl}, its MADs coming back to {@code NAME:inPID}. An SM client takes the
 * SMInfo another client sends, and its answer walks back to that client.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class UnixServerTest {

    private final String name = "infiniscope-test-" + ProcessHandle.current().pid() + "-"
            + ThreadLocalRandom.current().nextInt(1_000_000);
    private IbsimServer server;
    private Thread serving;

    /** h1 - sw - h2. */
    private static Topology topology() {
        return new Topology(
                List.of(new Node(NodeType.CA, "h1", 1, 0x100, 0x100, List.of(0L, 0x101L), 0x02c9, 0x1017),
                        new Node(NodeType.CA, "h2", 1, 0x200, 0x200, List.of(0L, 0x201L), 0x02c9, 0x1017),
                        new Node(NodeType.SWITCH, "sw", 4, 0x1000, 0x1000, List.of(0x1000L), 0x02c9, 0xcf08)),
                List.of(Link.of("h1", 1, "sw", 1), Link.of("h2", 1, "sw", 2)), Topology.DEFAULT_WIDTH,
                Topology.DEFAULT_SPEED, 0);
    }

    @BeforeEach
    void start() throws IOException {
        server = IbsimServer.unix(SimFabric.of(topology()), name);
        serving = Thread.ofPlatform().name("unix-server-test").start(() -> {
            try {
                server.run();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.close();
        serving.join();
    }

    /** A umad2sim client: its two sockets and its slot. */
    private final class Client implements AutoCloseable {
        final int pid = ThreadLocalRandom.current().nextInt(1_000_000, 2_000_000);
        final int ctl;
        final int in;
        int slot = -1;

        Client() throws IOException {
            ctl = UnixDatagrams.bind(name + ":ctl" + pid);
            in = UnixDatagrams.bind(name + ":in" + pid);
        }

        ByteBuffer control(int type, ByteBuffer data) throws IOException {
            ByteBuffer request = ByteBuffer.allocate(80).order(ByteOrder.LITTLE_ENDIAN);
            request.putInt(0xdeadbeef).putInt(slot).putInt(type).putInt(data.remaining()).put(data);
            UnixDatagrams.send(ctl, request.array(), 80, UnixDatagrams.abstractName(name + ":ctl"));
            return ByteBuffer.wrap(receive(ctl, 80)).order(ByteOrder.LITTLE_ENDIAN);
        }

        /** @return the control reply's type: the request's type, or ERROR */
        int connect(String node, boolean issm) throws IOException {
            ByteBuffer info = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN).putInt(pid).putInt(0)
                    .putInt(issm ? 1 : 0).put(node.getBytes(StandardCharsets.US_ASCII));
            ByteBuffer reply = control(IbsimServer.CONNECT, info.clear());
            slot = reply.getInt(16);
            return reply.getInt(8);
        }

        void send(byte[] mad, int dlid) throws IOException {
            send(mad, dlid, 256);
        }

        void send(byte[] mad, int dlid, long length) throws IOException {
            byte[] packet = new byte[IbsimServer.DATA_SIZE];
            ByteBuffer p = ByteBuffer.wrap(packet);
            p.putShort(0, (short) dlid).putShort(4, (short) (dlid == 0xFFFF ? 0xFFFF : 0)).putLong(24, length);
            System.arraycopy(mad, 0, packet, IbsimServer.MAD_OFFSET, 256);
            UnixDatagrams.send(ctl, packet, packet.length, UnixDatagrams.abstractName(name + ":out" + slot));
        }

        /** @return the status and MAD of the next data packet */
        byte[] next() throws IOException {
            return receive(in, IbsimServer.DATA_SIZE);
        }

        @Override
        public void close() {
            UnixDatagrams.close(ctl);
            UnixDatagrams.close(in);
        }
    }

    private static byte[] receive(int fd, int size) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(512);
            MemorySegment from = arena.allocate(UnixDatagrams.SOCKADDR_UN);
            MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment errno = UnixDatagrams.errnoState(arena);
            MemorySegment fds = UnixDatagrams.pollFds(arena, new int[]{fd});
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (System.nanoTime() < deadline) {
                UnixDatagrams.poll(fds, 1, 100, errno);
                int n = UnixDatagrams.receive(fd, buffer, 512, from, length, errno);
                if (n >= 0) {
                    assertEquals(size, n, "datagram size");
                    return buffer.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
                }
            }
            throw new AssertionError("nothing arrived within 5 s");
        }
    }

    private static byte[] mad(byte[] packet) {
        byte[] mad = new byte[256];
        System.arraycopy(packet, IbsimServer.MAD_OFFSET, mad, 0, 256);
        return mad;
    }

    private static int status(byte[] packet) {
        return ByteBuffer.wrap(packet).getInt(16);
    }

    @Test
    void aClientConnectsAndGetsItsSmpsAnswered() throws Exception {
        try (Client client = new Client()) {
            assertEquals(IbsimServer.CONNECT, client.connect("", false));
            assertEquals(0, client.slot, "the first free slot");
            client.send(
                    Smp.directedRoute(Method.GET, 5, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1}, new byte[0]).encode(),
                    0xFFFF);
            byte[] answer = client.next();
            assertEquals(0, status(answer));
            assertEquals(0x1000, Smp.decode(mad(answer)).attribute(NodeInfo.CODEC).nodeGuid(), "the switch");
            assertEquals(IbsimServer.ERROR, new Client().connect("nowhere", false), "an unknown SIM_HOST");
        }
    }

    @Test
    void theSmClientTakesSmInfoAndItsAnswerReachesTheAsker() throws Exception {
        try (Client sm = new Client(); Client asker = new Client(); Client second = new Client()) {
            assertEquals(IbsimServer.CONNECT, sm.connect("h2", true));
            assertEquals(IbsimServer.ERROR, second.connect("h2", true), "one SM per node, as ibsim");
            assertEquals(IbsimServer.CONNECT, asker.connect("h1", false));
            ByteBuffer info = sm.control(IbsimServer.GET_PORTINFO, ByteBuffer.allocate(64));
            byte[] portInfo = new byte[64];
            info.get(16, portInfo);
            assertTrue((PortInfo.CODEC.decode(portInfo, 0).capabilityMask() & PortInfo.CAP_IS_SM) != 0, "IsSM");

            asker.send(
                    Smp.directedRoute(Method.GET, 77, SmInfo.ATTRIBUTE_ID, 0, 0, new int[]{1, 2}, new byte[0]).encode(),
                    0xFFFF);
            byte[] request = mad(sm.next());
            assertEquals(SmInfo.ATTRIBUTE_ID, Bits.u16(request, 16));
            assertTrue(asker.slot != sm.slot);
            byte[] answer = request.clone();
            answer[3] = (byte) Method.GET_RESP;
            answer[4] = (byte) (MadStatus.DIRECTION >>> 8);
            sm.send(answer, 0xFFFF, 56 + 3 * 64);
            byte[] back = asker.next();
            assertEquals(0, status(back));
            assertEquals(56 + 3 * 64, ByteBuffer.wrap(back).getLong(24), "the sender's length, as ibsim forwards it");
            assertEquals(Method.GET_RESP, mad(back)[3] & 0xFF);
            assertEquals(77, Bits.u64(mad(back), 8) & 0xFFFF_FFFFL);

            sm.control(IbsimServer.SET_ISSM, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 0));
            asker.send(
                    Smp.directedRoute(Method.GET, 78, SmInfo.ATTRIBUTE_ID, 0, 0, new int[]{1, 2}, new byte[0]).encode(),
                    0xFFFF);
            assertNotNull(Smp.decode(mad(asker.next())), "no SM now: h2's SMA answers");
        }
    }

    @Test
    void aLostTrapRepressComesBackAsNothingButOtherLostMadsWithStatus110() throws Exception {
        try (Client client = new Client()) {
            client.connect("", false);
            byte[] repress = Smp.lidRouted(Method.TRAP_REPRESS, 9, 0x0002, 0, 0, new byte[0]).encode();
            client.send(repress, 77); // no port has LID 77
            byte[] get = Smp.lidRouted(Method.GET, 10, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]).encode();
            client.send(get, 77);
            byte[] next = client.next();
            assertEquals(IbsimServer.STATUS_LOST, status(next), "the Get comes back undelivered");
            assertEquals(Method.GET, mad(next)[3] & 0xFF, "and it is the first thing back: no bounced repress");
        }
    }

    @Test
    void aSecondServerOnTheSameNameIsRefusedWithAReason() {
        IOException e = assertThrows(IOException.class, () -> IbsimServer.unix(SimFabric.of(topology()), name));
        assertTrue(e.getMessage().contains("in use"), e.getMessage());
    }
}
