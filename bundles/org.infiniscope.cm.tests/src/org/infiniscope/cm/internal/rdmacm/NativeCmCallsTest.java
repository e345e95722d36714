package org.infiniscope.cm.internal.rdmacm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.mad.Gid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The binding's calls into librdmacm, with the kernel side stood in for ({@link FakeLibRdmaCm}): what each call is
 * given, errno in the messages, the order of acknowledgements and destroys. The real library is in
 * {@link NativeRdmaCmTest}.
 */
class NativeCmCallsTest {

    private static final Duration NOW = Duration.ofMillis(50);
    private FakeLibRdmaCm fake;

    @BeforeEach
    void start() throws ReflectiveOperationException {
        fake = new FakeLibRdmaCm();
    }

    @AfterEach
    void stop() {
        fake.close();
    }

    @Test
    void aFailedResolveNamesTheErrnoAndTheAddressWentAsAfIb() throws CmException {
        CmEventChannel channel = fake.cm.createEventChannel();
        CmId id = fake.cm.createId(channel, PortSpace.TCP);
        fake.failWith.put("rdma_resolve_addr", 19);
        CmException e = assertThrows(CmException.class,
                () -> id.resolveAddr(new CmAddress.ByGid(new Gid(0xfe80_0000_0000_0000L, 0x0002_c903_0001_2345L), 7471),
                        Duration.ofSeconds(2)));
        assertTrue(e.getMessage().startsWith("rdma_resolve_addr ByGid["), e.getMessage());
        assertTrue(e.getMessage().endsWith("failed: ENODEV (No such device)"), e.getMessage());
        assertEquals("1b00ffff00000000fe800000000000000002c903000123450000000001061d2fffffffffffffffff0000000000000000",
                HexFormat.of().formatHex(fake.lastAddress));
        assertEquals(List.of("create_event_channel", "create_id:106", "resolve_addr:2000"), fake.log);
    }

    @Test
    void aLidIsRefusedBeforeAnyCall() throws CmException {
        CmId id = fake.cm.createId(fake.cm.createEventChannel(), PortSpace.TCP);
        CmException e = assertThrows(CmException.class,
                () -> id.resolveAddr(new CmAddress.ByLid(5, 7471), Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("not by LID 5"), e.getMessage());
        assertEquals(List.of("create_event_channel", "create_id:106"), fake.log);
    }

    @Test
    void aFailedCreateIdNamesItsErrno() throws CmException {
        CmEventChannel channel = fake.cm.createEventChannel();
        fake.failWith.put("rdma_create_id", 12);
        CmException e = assertThrows(CmException.class, () -> fake.cm.createId(channel, PortSpace.UDP));
        assertEquals("rdma_create_id UDP failed: ENOMEM (Cannot allocate memory)", e.getMessage());
    }

    @Test
    void unacknowledgedEventsAreAcknowledgedBeforeTheIdIsDestroyed() throws Exception {
        CmEventChannel channel = fake.cm.createEventChannel();
        CmId id = fake.cm.createId(channel, PortSpace.TCP);
        MemorySegment native0 = fake.ids.get(0);
        fake.event("ADDR_RESOLVED", native0, MemorySegment.NULL, 0, new byte[0]);
        fake.event("ROUTE_RESOLVED", native0, MemorySegment.NULL, 0, new byte[0]);
        CmEvent first = channel.get(NOW).orElseThrow();
        CmEvent second = channel.get(NOW).orElseThrow();
        assertSame(id, first.id());
        assertEquals(CmEventType.ROUTE_RESOLVED, second.type());
        channel.ack(second);
        channel.ack(second); // once only
        id.close();
        id.close();
        channel.ack(first); // acknowledged at destroy already
        assertEquals(List.of("create_event_channel", "create_id:106", "get_event:ADDR_RESOLVED",
                "get_event:ROUTE_RESOLVED", "ack:ROUTE_RESOLVED", "ack:ADDR_RESOLVED", "destroy_id:0"), fake.log);
        assertTrue(channel.get(NOW).isEmpty(), "no more events");
        channel.close();
        assertEquals("destroy_event_channel", fake.log.getLast());
    }

    @Test
    void aConnectRequestIsANewIdOnTheListenersChannelAndItsRejectCarriesPrivateData() throws Exception {
        CmEventChannel channel = fake.cm.createEventChannel();
        CmId listener = fake.cm.createId(channel, PortSpace.TCP);
        listener.listen(8);
        MemorySegment incoming = fake.newId(PortSpace.TCP);
        fake.event("CONNECT_REQUEST", incoming, fake.ids.get(0), 0, new byte[]{9, 8, 7});
        CmEvent request = channel.get(NOW).orElseThrow();
        assertEquals(CmEventType.CONNECT_REQUEST, request.type());
        assertSame(listener, request.listenId());
        assertNotSame(listener, request.id());
        assertEquals(PortSpace.TCP, request.id().portSpace());
        assertArrayEquals(new byte[]{9, 8, 7}, request.param().privateData());
        request.id().reject(new byte[]{1, 2});
        assertArrayEquals(new byte[]{1, 2}, fake.lastPrivateData);
        request.id().close(); // the request is counted on the listener: not acknowledged here
        assertEquals("destroy_id:1", fake.log.getLast());
        listener.close();
        assertEquals(List.of("ack:CONNECT_REQUEST", "destroy_id:0"),
                fake.log.subList(fake.log.size() - 2, fake.log.size()));
        assertThrows(CmException.class, () -> listener.listen(1), "a destroyed id refuses calls");
    }

    @Test
    void connectSendsItsParametersAndRefusesPrivateDataThatDoesNotFit() throws CmException {
        CmId id = fake.cm.createId(fake.cm.createEventChannel(), PortSpace.TCP);
        id.connect(new ConnParam(new byte[]{'h', 'i'}, 16, 8, 6, 5));
        assertArrayEquals(new byte[]{'h', 'i'}, fake.lastPrivateData);
        byte[] p = fake.lastConnParam;
        assertEquals(2, p[(int) CmaStructs.CP_PRIVATE_DATA_LEN]);
        assertEquals(16, p[(int) CmaStructs.CP_RESPONDER_RESOURCES]);
        assertEquals(8, p[(int) CmaStructs.CP_INITIATOR_DEPTH]);
        assertEquals(6, p[(int) CmaStructs.CP_RETRY_COUNT]);
        assertEquals(5, p[(int) CmaStructs.CP_RNR_RETRY_COUNT]);
        // no address resolved: an IP connection, whose REQ keeps 36 of its 92 bytes for rdma_cm's header
        CmException e = assertThrows(CmException.class, () -> id.connect(ConnParam.of(new byte[57])));
        assertEquals("private data of 57 bytes: at most 56 fit here", e.getMessage());
        assertEquals(1, fake.log.stream().filter("connect"::equals).count());
    }

    @Test
    void anEventOfATypeThisApiDoesNotKnowIsAcknowledgedAndNotHandedOut() throws Exception {
        CmEventChannel channel = fake.cm.createEventChannel();
        fake.cm.createId(channel, PortSpace.TCP);
        MemorySegment ev = fake.event("TIMEWAIT_EXIT", fake.ids.get(0), MemorySegment.NULL, 0, new byte[0]);
        ev.set(java.lang.foreign.ValueLayout.JAVA_INT, CmaStructs.EV_EVENT, 16);
        assertTrue(channel.get(NOW).isEmpty());
        assertEquals(1, fake.log.stream().filter(l -> l.startsWith("ack:")).count());
    }

    @Test
    void closingTheCmDestroysIdsThenTheChannel() throws CmException {
        CmEventChannel channel = fake.cm.createEventChannel();
        fake.cm.createId(channel, PortSpace.TCP);
        fake.cm.createId(channel, PortSpace.IB);
        fake.cm.close();
        assertEquals("destroy_event_channel", fake.log.getLast());
        assertEquals(2, fake.log.stream().filter(l -> l.startsWith("destroy_id")).count());
        assertThrows(CmException.class, () -> fake.cm.createId(channel, PortSpace.TCP), "the channel is closed");
    }
}
