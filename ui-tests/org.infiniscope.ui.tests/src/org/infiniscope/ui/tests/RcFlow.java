package org.infiniscope.ui.tests;

import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.CompletionChannel;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.Mtu;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * An RC flow of RDMA writes between two hosts of the application's simulated fabric, as an application on them would
 * run it: its own verbs provider over the fabric the desktop is connected to, a QP on each host moved to RTS towards
 * the other, and a thread that writes one message after another until a completion fails or it is closed.
 */
final class RcFlow implements AutoCloseable {

    private final SimVerbsProvider verbs;
    private final Arena arena = Arena.ofShared();
    private final Context client;
    private final Context server;
    private final CompletionChannel channel;
    private final CompletionQueue cq;
    final QueuePair requester;
    final QueuePair responder;
    private final MemoryRegion src;
    private final MemoryRegion dst;
    private final Thread thread;
    private volatile boolean stop;
    /** The completions that were not SUCCESS, in order. */
    final List<WorkCompletion> failed = new CopyOnWriteArrayList<>();
    volatile long written;

    /** Starts a flow from {@code from} to {@code to} on the fabric {@code spec} (the desktop's). */
    RcFlow(String spec, String from, String to) throws Exception {
        verbs = new SimVerbsProvider(fabric(spec));
        client = verbs.open(verbs.device(from));
        server = verbs.open(verbs.device(to));
        ProtectionDomain pa = client.allocPd();
        ProtectionDomain pb = server.allocPd();
        channel = client.createCompChannel();
        cq = client.createCq(256, channel, 0);
        CompletionQueue cqb = server.createCq(256, null, 0);
        requester = pa.createQp(new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(64, 64, 1, 1, 0), false));
        responder = pb.createQp(new QpInitAttr(QpType.RC, cqb, cqb, null, new QpCap(64, 64, 1, 1, 0), false));
        src = pa.registerMemory(arena.allocate(65536, 4096), Access.LOCAL_WRITE);
        dst = pb.registerMemory(arena.allocate(65536, 4096), Access.LOCAL_WRITE | Access.REMOTE_WRITE);
        int lidA = client.queryPort(1).lid(), lidB = server.queryPort(1).lid();
        init(requester);
        init(responder);
        rtr(requester, lidB, responder.qpNum());
        rtr(responder, lidA, requester.qpNum());
        rts(requester);
        rts(responder);
        thread = Thread.ofPlatform().daemon().name("rc-flow " + from + " -> " + to).start(this::run);
    }

    static SimFabric fabric(String spec) throws Exception {
        BundleContext context = FrameworkUtil.getBundle(RcFlow.class).getBundleContext();
        for (ServiceReference<ChannelProvider> ref : context.getServiceReferences(ChannelProvider.class, null)) {
            ChannelProvider p = context.getService(ref);
            try {
                if (p != null && p.handles(spec)) {
                    try (MadChannel c = p.open(spec)) {
                        if (c instanceof SimChannel sc) {
                            return sc.fabric();
                        }
                    }
                }
            } finally {
                context.ungetService(ref);
            }
        }
        throw new AssertionError("no simulator serves " + spec);
    }

    private static void init(QueuePair qp) throws Exception {
        qp.modify(new QpAttr().qpState(QpState.INIT).pkeyIndex(0).portNum(1).qpAccessFlags(Access.REMOTE_WRITE),
                QpAttrMask.STATE | QpAttrMask.PKEY_INDEX | QpAttrMask.PORT | QpAttrMask.ACCESS_FLAGS);
    }

    private static void rtr(QueuePair qp, int dlid, int dqpn) throws Exception {
        qp.modify(
                new QpAttr().qpState(QpState.RTR).ahAttr(AhAttr.toLid(dlid, 1)).pathMtu(Mtu.MTU_2048).destQpNum(dqpn)
                        .rqPsn(0x2000).maxDestRdAtomic(1).minRnrTimer(1),
                QpAttrMask.STATE | QpAttrMask.AV | QpAttrMask.PATH_MTU | QpAttrMask.DEST_QPN | QpAttrMask.RQ_PSN
                        | QpAttrMask.MAX_DEST_RD_ATOMIC | QpAttrMask.MIN_RNR_TIMER);
    }

    /** RTS with a 4 ms ACK timeout (4.096 us x 2^10) and 7 retries: a pulled cable fails a write in about 30 ms. */
    private static void rts(QueuePair qp) throws Exception {
        qp.modify(new QpAttr().qpState(QpState.RTS).sqPsn(0x2000).timeout(10).retryCnt(7).rnrRetry(7).maxRdAtomic(1),
                QpAttrMask.STATE | QpAttrMask.SQ_PSN | QpAttrMask.TIMEOUT | QpAttrMask.RETRY_CNT | QpAttrMask.RNR_RETRY
                        | QpAttrMask.MAX_QP_RD_ATOMIC);
    }

    private void run() {
        long id = 0;
        try {
            while (!stop && failed.isEmpty()) {
                requester.postSend(SendWr.write(id++, src.sge(0, 4096), dst.addr(), dst.rkey()));
                WorkCompletion wc = next();
                while (wc == null && !stop) {
                    wc = next();
                }
                if (wc != null) {
                    if (wc.status() == WcStatus.SUCCESS) {
                        written++;
                    } else {
                        failed.add(wc);
                    }
                }
            }
        } catch (Exception e) {
            if (!stop) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** @return the next completion, or null when none came within 200 ms */
    private WorkCompletion next() throws Exception {
        List<WorkCompletion> got = cq.poll(1);
        if (!got.isEmpty()) {
            return got.get(0);
        }
        cq.reqNotify(false);
        got = cq.poll(1);
        if (!got.isEmpty()) {
            return got.get(0);
        }
        Optional<CompletionQueue> ev = channel.getCqEvent(Duration.ofMillis(200));
        ev.ifPresent(c -> c.ackEvents(1));
        return null;
    }

    @Override
    public void close() throws Exception {
        stop = true;
        thread.join(10_000);
        client.close();
        server.close();
        verbs.close();
        arena.close();
    }
}
