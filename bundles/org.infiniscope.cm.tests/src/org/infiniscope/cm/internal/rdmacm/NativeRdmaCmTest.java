package org.infiniscope.cm.internal.rdmacm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Optional;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.mad.Gid;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.rdmacore.RdmaCoreObjects;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** librdmacm through FFM: what runs without RDMA devices here (Debian's librdmacm1 installed), the rest on hardware. */
class NativeRdmaCmTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void theLibraryLoadsWithEveryCallBound() throws CmException {
        NativeRdmaCm.load();
        assertEquals(LibRdmaCm.FUNCTIONS.keySet(), LibRdmaCm.system().orElseThrow().bound());
    }

    @Test
    void everyEventTypeOfTheLibraryIsOursByName() throws CmException {
        NativeRdmaCm cm = NativeRdmaCm.load();
        for (int i = 0; i < CmaEvents.NATIVE.size(); i++) {
            assertEquals(cm.eventName(i), "RDMA_CM_EVENT_" + CmaEvents.type(i).name(), "rdma_event_str(" + i + ")");
            assertEquals(i, CmaEvents.nativeType(CmaEvents.type(i)));
        }
    }

    @Test
    void withoutRdmaDevicesAnEventChannelIsRefusedNamingTheErrno() throws CmException {
        assumeTrue(!Files.exists(NativeRdmaCm.DEVICE), "this machine has an RDMA CM device");
        NativeRdmaCm cm = NativeRdmaCm.load();
        CmException e = assertThrows(CmException.class, cm::createEventChannel);
        assertTrue(e.getMessage().startsWith("rdma_create_event_channel failed: ENODEV (No such device)")
                || e.getMessage().startsWith("rdma_create_event_channel failed: ENOENT"), e.getMessage());
        assertTrue(e.getMessage().endsWith(
                "/dev/infiniband/rdma_cm is missing (no RDMA device, or the rdma_ucm " + "module is not loaded)"),
                e.getMessage());
        assertEquals(0, cm.deviceCount());
        assertTrue(cm.emptyReason().contains("/dev/infiniband/rdma_cm"), cm.emptyReason());
        cm.close();
    }

    @Test
    void anIdIsMadeOnlyOnAChannelOfTheSameCm() throws CmException {
        NativeRdmaCm cm = NativeRdmaCm.load();
        CmException e = assertThrows(CmException.class, () -> cm.createId(null, PortSpace.TCP));
        assertEquals("the event channel is not one of this CM (librdmacm)", e.getMessage());
    }

    @Test
    @Tag("hw")
    void onHardwareAnUnreachableGidFailsAndUnackedEventsDoNotBlockDestroy() throws Exception {
        assumeTrue(Files.exists(NativeRdmaCm.DEVICE), "no RDMA CM device here (" + NativeRdmaCm.DEVICE + ")");
        try (NativeRdmaCm cm = NativeRdmaCm.load(); CmEventChannel channel = cm.createEventChannel()) {
            CmId id = cm.createId(channel, PortSpace.TCP);
            // a GID nobody has: resolution fails at once (errno) or with ADDR_ERROR
            try {
                id.resolveAddr(new CmAddress.ByGid(new Gid(0xfe80_0000_0000_0000L, 0x1234_5678_9abc_def0L), 7471),
                        Duration.ofMillis(500));
                CmEvent e = channel.get(WAIT).orElseThrow();
                assertTrue(e.type() == CmEventType.ADDR_ERROR || e.type() == CmEventType.ADDR_RESOLVED, e.toString());
                // not acknowledged: destroying the id acknowledges it first (rdma_destroy_id would wait forever)
            } catch (CmException refused) {
                assertTrue(refused.getMessage().startsWith("rdma_resolve_addr"), refused.getMessage());
            }
            id.close();
        }
    }

    @Test
    @Tag("hw")
    void onHardwareTwoIdsConnectThroughTheFirstPortWithPrivateDataAndDisconnect() throws Exception {
        assumeTrue(Files.exists(NativeRdmaCm.DEVICE), "no RDMA CM device here (" + NativeRdmaCm.DEVICE + ")");
        try (NativeRdmaCm cm = NativeRdmaCm.load();
                CmEventChannel server = cm.createEventChannel();
                CmEventChannel client = cm.createEventChannel()) {
            CmId listener = cm.createId(server, PortSpace.TCP);
            listener.bind(null, 0, 7471);
            listener.listen(4);
            CmId active = cm.createId(client, PortSpace.TCP);
            // our own port 1, by GID: the first device librdmacm lists
            CmId probe = cm.createId(client, PortSpace.TCP);
            probe.bind(null, 0, 0);
            probe.close();
            Context any = listener.context().orElse(null);
            assumeTrue(any != null, "the wildcard listener is bound to no device; give one to bind");
            byte[] gid = RdmaCoreObjects.gid(any, 1, 0);
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(gid);
            active.resolveAddr(new CmAddress.ByGid(new Gid(b.getLong(), b.getLong()), 7471), WAIT);
            expect(client, CmEventType.ADDR_RESOLVED);
            active.resolveRoute(WAIT);
            expect(client, CmEventType.ROUTE_RESOLVED);
            Context ctx = active.context().orElseThrow();
            assertEquals(RdmaCoreObjects.PROVIDER, ctx.device().provider());
            ProtectionDomain pd = ctx.allocPd();
            CompletionQueue cq = ctx.createCq(16, null, 0);
            QueuePair qp = active.createQp(pd,
                    new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(4, 4, 1, 1, 0), false));
            assertEquals(QpState.INIT, qp.state());
            active.connect(ConnParam.of((byte) 'h', (byte) 'i'));
            CmEvent request = expect(server, CmEventType.CONNECT_REQUEST);
            assertArrayEquals(new byte[]{'h', 'i'}, java.util.Arrays.copyOf(request.param().privateData(), 2));
            CmId accepted = request.id();
            Context sctx = accepted.context().orElseThrow();
            ProtectionDomain spd = sctx.allocPd();
            CompletionQueue scq = sctx.createCq(16, null, 0);
            accepted.createQp(spd, new QpInitAttr(QpType.RC, scq, scq, null, new QpCap(4, 4, 1, 1, 0), false));
            accepted.accept(ConnParam.of((byte) 'o', (byte) 'k'));
            expect(client, CmEventType.ESTABLISHED);
            expect(server, CmEventType.ESTABLISHED);
            assertEquals(QpState.RTS, qp.state());
            assertEquals(CmId.QpAttrs.class, active.initQpAttr(QpState.RTS).getClass());
            active.disconnect();
            expect(client, CmEventType.DISCONNECTED);
            expect(server, CmEventType.DISCONNECTED);
            accepted.close();
            active.close();
            listener.close();
        }
    }

    private static CmEvent expect(CmEventChannel channel, CmEventType type) throws InterruptedException {
        Optional<CmEvent> e = channel.get(WAIT);
        assertTrue(e.isPresent(), "no " + type + " within " + WAIT);
        channel.ack(e.get());
        assertEquals(type, e.get().type(), e.get().toString());
        return e.get();
    }
}
