package org.infiniscope.verbs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AsyncEvent;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.DeviceEvent;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.PortAttr;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.RecvWr;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.SharedReceiveQueue;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.WcStatus;
import org.junit.jupiter.api.Test;

/** Devices, memory registration, CQs, SRQs and what a closing context gives back. */
class ResourcesTest {

    @Test
    void memoryRegistrationPinsWholePagesAsTheKernelDoes() throws Exception {
        try (SimVerbsProvider verbs = TwoHosts.unrouted();
                Context ctx = verbs.open(verbs.device("h1"));
                Arena arena = Arena.ofConfined()) {
            ProtectionDomain pd = ctx.allocPd();
            MemorySegment pages = arena.allocate(3 * 4096, 4096);
            MemoryRegion aligned = pd.registerMemory(pages.asSlice(0, 4096), Access.LOCAL_WRITE);
            assertEquals(1, aligned.pinnedPages());
            // 200 bytes from 4000: across a page boundary, two pages pinned, the region exactly the 200 bytes
            MemoryRegion across = pd.registerMemory(pages.asSlice(4000, 200), Access.LOCAL_WRITE);
            assertEquals(2, across.pinnedPages());
            assertEquals(pages.address() + 4000, across.addr());
            assertEquals(200, across.length());
            MemoryRegion tiny = pd.registerMemory(pages.asSlice(8200, 1), Access.REMOTE_READ);
            assertEquals(1, tiny.pinnedPages());
            assertEquals(4, verbs.resources("h1").pinnedPages());
            assertTrue(aligned.lkey() != across.lkey());

            assertEquals(Errno.EINVAL,
                    assertThrows(VerbsException.class,
                            () -> pd.registerMemory(pages.asSlice(0, 64), Access.REMOTE_WRITE)).errno(),
                    "remote write without local write");
            assertEquals(Errno.EINVAL, assertThrows(VerbsException.class,
                    () -> pd.registerMemory(pages.asSlice(0, 64), Access.REMOTE_ATOMIC)).errno());
            assertEquals(Errno.EINVAL,
                    assertThrows(VerbsException.class, () -> pd.registerMemory(pages.asSlice(0, 0), 0)).errno());
            assertEquals(Errno.EFAULT,
                    assertThrows(VerbsException.class, () -> pd.registerMemory(MemorySegment.ofArray(new byte[64]), 0))
                            .errno());
            assertEquals(Errno.EBUSY, assertThrows(VerbsException.class, pd::close).errno(), "regions in the PD");
            across.close();
            assertEquals(2, verbs.resources("h1").pinnedPages());
        }
    }

    @Test
    void aClosingContextReleasesEverythingAndItsDoorbellPages() throws Exception {
        try (SimVerbsProvider verbs = TwoHosts.unrouted(); Arena arena = Arena.ofConfined()) {
            Context ctx = verbs.open(verbs.device("h2"));
            assertEquals(new HcaResources(1, 2, 0, 0, 0, 0, 0, 0, 0), verbs.resources("h2"));
            ProtectionDomain pd = ctx.allocPd();
            var ch = ctx.createCompChannel();
            CompletionQueue cq = ctx.createCq(16, ch, 3);
            SharedReceiveQueue srq = pd.createSrq(8, 1, 0);
            pd.createQp(new QpInitAttr(QpType.RC, cq, cq, srq, new QpCap(4, 0, 1, 1, 0), false));
            pd.createQp(new QpInitAttr(QpType.UD, cq, cq, null, new QpCap(4, 4, 1, 1, 0), true));
            pd.registerMemory(arena.allocate(8192, 4096), Access.LOCAL_WRITE);
            pd.createAh(org.infiniscope.verbs.AhAttr.toLid(3, 1));
            assertEquals(new HcaResources(1, 2, 1, 1, 2, 1, 2, 1, 1), verbs.resources("h2"));
            assertEquals(Errno.EBUSY, assertThrows(VerbsException.class, cq::close).errno(), "QPs use the CQ");
            ctx.close();
            assertEquals(new HcaResources(0, 0, 0, 0, 0, 0, 0, 0, 0), verbs.resources("h2"));
        }
    }

    @Test
    void completionVectorsAndPorts() throws Exception {
        try (SimVerbsProvider verbs = TwoHosts.unrouted(); Context ctx = verbs.open(verbs.device("h1"))) {
            assertEquals(4, ctx.numCompVectors());
            assertEquals(ctx.numCompVectors(), ctx.queryDevice().numCompVectors());
            List<CompletionQueue> cqs = new ArrayList<>();
            for (int v = 0; v < ctx.numCompVectors(); v++) {
                cqs.add(ctx.createCq(8, null, v));
                assertEquals(v, cqs.get(v).compVector());
            }
            assertEquals(Errno.EINVAL, assertThrows(VerbsException.class, () -> ctx.createCq(8, null, 4)).errno());
            assertEquals(Errno.EINVAL, assertThrows(VerbsException.class, () -> ctx.createCq(0, null, 0)).errno());
            PortAttr port = ctx.queryPort(1);
            assertEquals(2, port.state(), "no SM ran: the port is Init");
            assertEquals(TwoHosts.H1 + 1, port.portGuid());
            assertEquals(Errno.EINVAL, assertThrows(VerbsException.class, () -> ctx.queryPort(2)).errno());
            assertEquals(TwoHosts.H1, ctx.queryDevice().nodeGuid());
        }
    }

    @Test
    void anSrqRaisesItsLimitEventOnce() throws Exception {
        try (TwoHosts fabric = new TwoHosts(); Peer a = fabric.peer("h1"); Peer b = fabric.peer("h2")) {
            SharedReceiveQueue srq = b.pd.createSrq(16, 1, 0);
            QueuePair qa = a.qp(QpType.RC);
            QueuePair qb = b.pd.createQp(new QpInitAttr(QpType.RC, b.cq, b.cq, srq, new QpCap(8, 0, 1, 1, 0), false));
            Peer.connect(qa, a, qb, b, 14, 7, 7);
            MemoryRegion ms = a.mr(4096, Access.LOCAL_WRITE);
            MemoryRegion md = b.mr(4096, Access.LOCAL_WRITE);
            for (int i = 0; i < 4; i++) {
                srq.postRecv(RecvWr.of(i, md.sge(i * 100, 100)));
            }
            assertEquals(Errno.EINVAL, assertThrows(VerbsException.class, () -> srq.armLimit(17)).errno());
            assertEquals(Errno.EINVAL,
                    assertThrows(VerbsException.class, () -> qb.postRecv(RecvWr.of(9, md.sge()))).errno(),
                    "a QP with an SRQ takes no receives of its own");
            srq.armLimit(3);
            qa.postSend(SendWr.send(1, ms.sge(0, 10)));
            assertEquals(WcStatus.SUCCESS, a.await().status());
            assertEquals(3, srq.outstanding());
            assertTrue(b.ctx.getAsyncEvent(Duration.ZERO).isEmpty(), "3 left: not below the limit yet");
            qa.postSend(SendWr.send(2, ms.sge(0, 10)));
            assertEquals(WcStatus.SUCCESS, a.await().status());
            AsyncEvent ev = b.ctx.getAsyncEvent(Peer.DEADLINE).orElseThrow();
            assertEquals(AsyncEventType.SRQ_LIMIT_REACHED, ev.type());
            assertEquals(srq, ev.srq());
            assertEquals(0, srq.limit(), "the limit disarms");
            qa.postSend(SendWr.send(3, ms.sge(0, 10)));
            assertEquals(WcStatus.SUCCESS, a.await().status());
            assertTrue(b.ctx.getAsyncEvent(Duration.ZERO).isEmpty(), "once only");
            assertEquals(3, b.await(3).size());
        }
    }

    @Test
    void hotRemovalAndAdd() throws Exception {
        try (SimVerbsProvider verbs = TwoHosts.unrouted()) {
            List<DeviceEvent> events = new ArrayList<>();
            verbs.addListener(events::add);
            Context ctx = verbs.open(verbs.device("h2"));
            assertEquals(List.of("sim_h1", "sim_h2"), verbs.devices().stream().map(d -> d.name()).toList());
            assertTrue(verbs.unplugDevice("h2"));
            assertEquals(List.of("sim_h1"), verbs.devices().stream().map(d -> d.name()).toList());
            assertEquals(AsyncEventType.DEVICE_FATAL, ctx.getAsyncEvent(Peer.DEADLINE).orElseThrow().type());
            assertEquals(Errno.EIO, assertThrows(VerbsException.class, ctx::allocPd).errno());
            ctx.close();
            assertTrue(verbs.plugDevice("h2"));
            assertEquals(2, verbs.devices().size());
            assertEquals(List.of(false, true), events.stream().map(DeviceEvent::added).toList());
            assertEquals("sim_h2", events.get(0).device().name());
        }
    }
}
