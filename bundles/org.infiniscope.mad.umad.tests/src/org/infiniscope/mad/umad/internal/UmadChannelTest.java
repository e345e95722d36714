package org.infiniscope.mad.umad.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.transport.Grh;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.junit.jupiter.api.Test;

/** The channel against the stand-in libibumad: which port and agent each MAD takes, what reaches the kernel. */
class UmadChannelTest {

    static byte[] request(int mgmtClass, int classVersion, int attributeId) {
        byte[] mad = new byte[Mad.SIZE];
        new MadHeader(1, mgmtClass, classVersion, Method.GET, 0, 0, 0, attributeId, 0).encode(mad, 0);
        return mad;
    }

    @Test
    void classicPortWhenTheLibraryHasNoSmiFunctions() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            assertFalse(library.hasSmiSplit());
            UmadChannel channel = UmadChannel.open(library, "umad");
            try (MadTransport transport = MadTransports.over(channel, TransportConfig.DEFAULT)) {
                assertFalse(channel.smiSplit());
                transport.send(new MadRequest(request(MgmtClass.SUBN_DIRECTED_ROUTE, 1, 0x11),
                        MadAddress.directedRoute(), Duration.ofMillis(700), 0)).get(5, TimeUnit.SECONDS);
                transport.send(MadRequest.of(request(MgmtClass.PERF_MGT, 1, 0x12), MadAddress.gsi(5))).get(5,
                        TimeUnit.SECONDS);
            }
            assertEquals(List.of("init", "open_port mlx5_0 1"), standIn.calls.subList(0, 2));
            assertTrue(standIn.calls.stream().noneMatch(c -> c.contains("smi")), standIn.calls::toString);
            assertTrue(standIn.calls.containsAll(List.of("unregister 3 0", "unregister 3 1", "close_port 3")));
            assertTrue(standIn.registrations.stream().allMatch(r -> r.portId() == StandInUmad.GSI_PORT_ID));
        }
    }

    @Test
    void smpsTakeTheSmiDeviceAndGmpsTheGsiDeviceWhenTheLibrarySplitsThem() throws Exception {
        try (StandInUmad standIn = new StandInUmad(true, 1)) {
            UmadLibrary library = UmadLibrary.of(standIn.lookup());
            assertTrue(library.hasSmiSplit());
            UmadChannel channel = UmadChannel.open(library, "umad");
            try (MadTransport transport = MadTransports.over(channel, TransportConfig.DEFAULT)) {
                assertTrue(channel.smiSplit());
                assertTrue(standIn.calls.contains("open_port mlx5_0 1"), standIn.calls::toString);
                assertTrue(standIn.calls.contains("open_smi_port smi_mlx5_0 1"), standIn.calls::toString);

                MadResponse smp = transport.send(new MadRequest(request(MgmtClass.SUBN_DIRECTED_ROUTE, 1, 0x11),
                        MadAddress.directedRoute(), Duration.ofMillis(700), 0)).get(5, TimeUnit.SECONDS);
                MadResponse gmp = transport.send(MadRequest.of(request(MgmtClass.PERF_MGT, 1, 0x12), MadAddress.gsi(5)))
                        .get(5, TimeUnit.SECONDS);
                assertEquals(Method.GET_RESP, smp.mad()[3] & 0xFF);
                assertEquals(5, gmp.source().lid());
            }
            StandInUmad.Registration smiAgent = standIn.registrations.get(0);
            StandInUmad.Registration gsiAgent = standIn.registrations.get(1);
            assertEquals(StandInUmad.SMI_PORT_ID, smiAgent.portId());
            assertEquals(MgmtClass.SUBN_DIRECTED_ROUTE, smiAgent.mgmtClass());
            assertEquals(StandInUmad.GSI_PORT_ID, gsiAgent.portId());
            assertEquals(MgmtClass.PERF_MGT, gsiAgent.mgmtClass());

            StandInUmad.Sent dr = standIn.sent.get(0);
            assertEquals(StandInUmad.SMI_PORT_ID, dr.portId());
            assertEquals(smiAgent.agentId(), dr.agentId());
            assertEquals(0xFFFF, dr.lid());
            assertEquals(0, dr.qpn());
            assertEquals(700, dr.timeoutMillis(), "the kernel needs the response time-out to match the answer");
            assertEquals(0, dr.retries(), "the transport retries, not the kernel");

            StandInUmad.Sent pma = standIn.sent.get(1);
            assertEquals(StandInUmad.GSI_PORT_ID, pma.portId());
            assertEquals(gsiAgent.agentId(), pma.agentId());
            assertEquals(5, pma.lid());
            assertEquals(1, pma.qpn());
            assertEquals(Mad.GSI_QKEY, pma.qkey());
            assertEquals((int) MadRequest.DEFAULT_TIMEOUT.toMillis(), pma.timeoutMillis());
            assertTrue(standIn.calls.containsAll(List.of("close_port 3", "close_port 4")), standIn.calls::toString);
            assertEquals(2, standIn.calls.stream().filter(c -> c.startsWith("unregister")).count());
        }
    }

    @Test
    void unsolicitedMethodsGoIntoTheMaskAndRmppIntoTheVersion() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1);
                UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad:mlx5_0:1")) {
            assertFalse(channel.rmppInKernel(MgmtClass.SUBN_ADM), "nothing registered yet");
            channel.register(MgmtClass.SUBN_ADM, 2, true, Set.of(Method.GET, Method.SET, Method.GET_TABLE));
            channel.register(MgmtClass.SUBN_ADM, 2, true, Set.of(Method.GET));
            channel.register(MgmtClass.SUBN_ADM, 2, true, Set.of(Method.GET, Method.DELETE));
            channel.register(MgmtClass.PERF_MGT, 1, false, Set.of());
            assertEquals(3, standIn.registrations.size(), "a method already received needs no agent");
            StandInUmad.Registration sa = standIn.registrations.get(0);
            assertEquals(1, sa.rmppVersion());
            assertEquals((1L << 1) | (1L << 2) | (1L << 0x12), sa.mask0());
            assertEquals(0, sa.mask1());
            assertEquals(1L << 0x15, standIn.registrations.get(1).mask0(), "only the method not yet received");
            StandInUmad.Registration pma = standIn.registrations.get(2);
            assertEquals(0, pma.rmppVersion());
            assertEquals(0, pma.mask0());
            assertTrue(channel.rmppInKernel(MgmtClass.SUBN_ADM), "the kernel segments SA transfers");
            assertFalse(channel.rmppInKernel(MgmtClass.PERF_MGT), "registered without RMPP");
        }
    }

    @Test
    void deliversReceivedMadsWithTheirSourceAndDropsReturnedSends() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1);
                UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad")) {
            channel.register(MgmtClass.SUBN_ADM, 2, false, Set.of(Method.GET));
            LinkedBlockingQueue<Object[]> received = new LinkedBlockingQueue<>();
            channel.start((mad, length, source) -> received.add(new Object[]{mad, length, source}));
            byte[] timedOut = request(MgmtClass.SUBN_ADM, 2, 0x35);
            standIn.deliver(StandInUmad.GSI_PORT_ID, 0, 110, timedOut, 9, 1, 0);
            byte[] query = request(MgmtClass.SUBN_ADM, 2, 0x11);
            standIn.deliver(StandInUmad.GSI_PORT_ID, 0, 0, query, 9, 1, 2);
            Object[] first = received.poll(5, TimeUnit.SECONDS);
            assertNotNull(first);
            assertArrayEquals(query, (byte[]) first[0], "the MAD returned with status 110 is dropped");
            assertEquals(Mad.SIZE, first[1]);
            assertEquals(new MadAddress(9, 1, Mad.GSI_QKEY, 0, 2, null), first[2]);
        }
    }

    @Test
    void growsTheReceiveBufferForATransferTheKernelReassembled() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1);
                UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad")) {
            channel.register(MgmtClass.SUBN_ADM, 2, true, Set.of());
            LinkedBlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
            channel.start((mad, length, source) -> received.add(java.util.Arrays.copyOf(mad, length)));
            byte[] table = new byte[4 * Mad.SIZE];
            System.arraycopy(request(MgmtClass.SUBN_ADM, 2, 0x35), 0, table, 0, Mad.SIZE);
            table[table.length - 1] = 42;
            standIn.deliver(StandInUmad.GSI_PORT_ID, 0, 0, table, 1, 1, 0);
            assertArrayEquals(table, received.poll(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void sendsTheGrhServiceLevelAndPkeyIndex() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1);
                UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad")) {
            channel.register(MgmtClass.PERF_MGT, 1, false, Set.of());
            byte[] gid = new byte[16];
            gid[0] = (byte) 0xFE;
            gid[15] = 7;
            MadAddress to = new MadAddress(7, 1, Mad.GSI_QKEY, 3, 2, new Grh(gid, 1, 0x12345, 64, 0));
            channel.send(request(MgmtClass.PERF_MGT, 1, 0x12), Mad.SIZE, to, 500);
            StandInUmad.Sent sent = standIn.sent.getFirst();
            assertEquals(3, sent.sl());
            assertEquals(2, sent.pkeyIndex());
            assertTrue(sent.grh());
            assertArrayEquals(gid, sent.gid());
            assertEquals(1, sent.gidIndex(), "umad_set_grh leaves the source GID index to the caller");
            assertEquals(0x12345, sent.flowLabel());
        }
    }

    @Test
    void aFailingReceiverDoesNotStopTheReceiveThread() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1);
                UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad")) {
            channel.register(MgmtClass.SUBN_ADM, 2, false, Set.of(Method.GET));
            LinkedBlockingQueue<Integer> seen = new LinkedBlockingQueue<>();
            channel.start((mad, length, source) -> {
                seen.add(source.lid());
                if (source.lid() == 1) {
                    throw new IllegalStateException("a receiver bug");
                }
            });
            standIn.deliver(StandInUmad.GSI_PORT_ID, 0, 0, request(MgmtClass.SUBN_ADM, 2, 0x11), 1, 1, 0);
            standIn.deliver(StandInUmad.GSI_PORT_ID, 0, 0, request(MgmtClass.SUBN_ADM, 2, 0x11), 2, 1, 0);
            assertEquals(1, seen.poll(5, TimeUnit.SECONDS));
            assertEquals(2, seen.poll(5, TimeUnit.SECONDS));
        }
    }

    @Test
    void reportsTheLocalPort() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1);
                UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad")) {
            assertEquals(new LocalPort("mlx5_0", 1, 0x11, 0, 1, 0x0002c90300001231L), channel.localPort());
            assertEquals("umad:mlx5_0:1", channel.toString());
        }
    }

    @Test
    void thePortGuidIsTheLocalPortsAndKnownOnceRead() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1);
                UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad")) {
            assertEquals(0x0002c90300001231L, channel.portGuid(), "as libibumad describes the port");
            assertEquals(channel.localPort().portGuid(), channel.portGuid());
            assertTrue(standIn.sent.isEmpty(), "no MAD sent for the GUID: " + standIn.sent);
        }
    }

    @Test
    void closeEndsTheReceiveThreads() throws Exception {
        try (StandInUmad standIn = new StandInUmad(true, 1)) {
            UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad");
            channel.start((mad, length, source) -> {
            });
            assertEquals(2, receiveThreads());
            channel.close();
            channel.close();
            assertEquals(0, receiveThreads());
            assertEquals(1, standIn.calls.stream().filter("close_port 4"::equals).count());
        }
    }

    private static long receiveThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("infiniscope-umad-")).count();
    }
}
