package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.verbs.AsyncEvent;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.CompletionChannel;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceAttr;
import org.infiniscope.verbs.PortAttr;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;

/**
 * A context of libibverbs ({@code struct ibv_context}): closing it destroys what was created through it, then
 * {@code ibv_close_device} unmaps its doorbell pages (unless librdmacm opened it: librdmacm closes its own).
 */
final class RcContext implements Context {

    final Ibverbs lib;
    private final Device device;
    final MemorySegment ctx;
    final List<RcPd> pds = new ArrayList<>();
    final List<RcCq> cqs = new ArrayList<>();
    final List<RcChannel> channels = new ArrayList<>();
    /** Native objects by address, to name them in events. */
    final Map<Long, Object> objects = new ConcurrentHashMap<>();
    /** Whether closing it closes the device: not for a context librdmacm opened and keeps. */
    private final boolean owned;
    private boolean closed;

    RcContext(Ibverbs lib, Device device, MemorySegment ctx) {
        this(lib, device, ctx, true);
    }

    RcContext(Ibverbs lib, Device device, MemorySegment ctx, boolean owned) {
        this.lib = lib;
        this.device = device;
        this.ctx = ctx.reinterpret(Structs.CONTEXT_SIZE);
        this.owned = owned;
    }

    void check() throws VerbsException {
        if (closed) {
            throw new VerbsException(Errno.EINVAL, "the context is closed");
        }
    }

    @Override
    public Device device() {
        return device;
    }

    @Override
    public synchronized DeviceAttr queryDevice() throws VerbsException {
        check();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(Structs.DEVICE_ATTR_SIZE, 8);
            Errors.check(lib.callInt("ibv_query_device", ctx, a), "ibv_query_device");
            return new DeviceAttr(a.getString(0), Long.reverseBytes(a.get(JAVA_LONG, Structs.DA_NODE_GUID)),
                    Long.reverseBytes(a.get(JAVA_LONG, Structs.DA_SYS_IMAGE_GUID)),
                    a.get(JAVA_INT, Structs.DA_VENDOR_ID), a.get(JAVA_INT, Structs.DA_VENDOR_PART_ID),
                    a.get(JAVA_LONG, Structs.DA_MAX_MR_SIZE), a.get(JAVA_LONG, Structs.DA_PAGE_SIZE_CAP),
                    a.get(JAVA_INT, Structs.DA_MAX_QP), a.get(JAVA_INT, Structs.DA_MAX_QP_WR),
                    a.get(JAVA_INT, Structs.DA_MAX_SGE), a.get(JAVA_INT, Structs.DA_MAX_CQ),
                    a.get(JAVA_INT, Structs.DA_MAX_CQE), a.get(JAVA_INT, Structs.DA_MAX_MR),
                    a.get(JAVA_INT, Structs.DA_MAX_PD), a.get(JAVA_INT, Structs.DA_MAX_QP_RD_ATOM),
                    a.get(JAVA_INT, Structs.DA_MAX_QP_INIT_RD_ATOM), a.get(JAVA_INT, Structs.DA_MAX_SRQ),
                    a.get(JAVA_INT, Structs.DA_MAX_SRQ_WR), a.get(JAVA_INT, Structs.DA_ATOMIC_CAP),
                    a.get(JAVA_BYTE, Structs.DA_PHYS_PORT_CNT) & 0xFF, numCompVectors());
        }
    }

    @Override
    public synchronized PortAttr queryPort(int port) throws VerbsException {
        check();
        if (port < 1 || port > 255) {
            throw new VerbsException(Errno.EINVAL, "port " + port);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment a = arena.allocate(Structs.PORT_ATTR_SIZE, 8);
            Errors.check(lib.callInt("ibv_query_port", ctx, (byte) port, a), "ibv_query_port " + port);
            MemorySegment gid = arena.allocate(16, 8);
            long guid = lib.callInt("ibv_query_gid", ctx, (byte) port, 0, gid) == 0
                    ? Long.reverseBytes(gid.get(JAVA_LONG, 8))
                    : 0;
            return new PortAttr(a.get(JAVA_INT, Structs.PA_STATE), a.get(JAVA_INT, Structs.PA_MAX_MTU),
                    a.get(JAVA_INT, Structs.PA_ACTIVE_MTU), a.get(JAVA_SHORT, Structs.PA_LID) & 0xFFFF,
                    a.get(JAVA_SHORT, Structs.PA_SM_LID) & 0xFFFF, a.get(JAVA_BYTE, Structs.PA_LMC) & 0xFF,
                    a.get(JAVA_SHORT, Structs.PA_PKEY_TBL_LEN) & 0xFFFF, a.get(JAVA_INT, Structs.PA_GID_TBL_LEN), guid);
        }
    }

    @Override
    public int numCompVectors() {
        return ctx.get(JAVA_INT, Structs.CONTEXT_NUM_COMP_VECTORS);
    }

    @Override
    public synchronized ProtectionDomain allocPd() throws VerbsException {
        check();
        Ibverbs.Result r = lib.callPointer("ibv_alloc_pd", ctx);
        if (r.failed()) {
            throw Errors.of(r.errno(), "ibv_alloc_pd");
        }
        RcPd pd = new RcPd(this, r.pointer());
        pds.add(pd);
        return pd;
    }

    @Override
    public synchronized CompletionChannel createCompChannel() throws VerbsException {
        check();
        Ibverbs.Result r = lib.callPointer("ibv_create_comp_channel", ctx);
        if (r.failed()) {
            throw Errors.of(r.errno(), "ibv_create_comp_channel");
        }
        RcChannel ch = new RcChannel(this, r.pointer());
        channels.add(ch);
        return ch;
    }

    @Override
    public synchronized CompletionQueue createCq(int cqe, CompletionChannel channel, int compVector)
            throws VerbsException {
        check();
        MemorySegment ch = MemorySegment.NULL;
        if (channel != null) {
            if (!(channel instanceof RcChannel c) || c.context != this) {
                throw new VerbsException(Errno.EINVAL, "the completion channel is not one of this context");
            }
            ch = c.channel;
        }
        Ibverbs.Result r = lib.callPointer("ibv_create_cq", ctx, cqe, MemorySegment.NULL, ch, compVector);
        if (r.failed()) {
            throw Errors.of(r.errno(), "ibv_create_cq of " + cqe + " entries on vector " + compVector);
        }
        RcCq cq = new RcCq(this, r.pointer(), cqe, compVector);
        cqs.add(cq);
        objects.put(r.pointer().address(), cq);
        return cq;
    }

    @Override
    public Optional<AsyncEvent> getAsyncEvent(Duration timeout) throws InterruptedException {
        int fd = ctx.get(JAVA_INT, Structs.CONTEXT_ASYNC_FD);
        if (!lib.readable(fd, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ev = arena.allocate(Structs.ASYNC_EVENT_SIZE, 8);
            if (lib.callInt("ibv_get_async_event", ctx, ev) != 0) {
                return Optional.empty();
            }
            int type = ev.get(JAVA_INT, Structs.AE_TYPE);
            AsyncEventType t = type >= 0 && type < AsyncEventType.values().length
                    ? AsyncEventType.values()[type]
                    : AsyncEventType.DEVICE_FATAL;
            Object element = objects.get(ev.get(ADDRESS, 0).address());
            AsyncEvent out = new AsyncEvent(t, element instanceof RcQp q ? q : null,
                    element instanceof RcCq c ? c : null, element instanceof RcSrq s ? s : null,
                    t == AsyncEventType.PORT_ACTIVE || t == AsyncEventType.PORT_ERR || t == AsyncEventType.LID_CHANGE
                            || t == AsyncEventType.PKEY_CHANGE || t == AsyncEventType.SM_CHANGE
                            || t == AsyncEventType.CLIENT_REREGISTER || t == AsyncEventType.GID_CHANGE
                                    ? ev.get(JAVA_INT, 0)
                                    : 0);
            // acknowledged at once: the event is copied, and libibverbs waits for the ack to destroy its object
            lib.callVoid("ibv_ack_async_event", ev);
            return Optional.of(out);
        }
    }

    @Override
    public void ackAsyncEvent(AsyncEvent event) {
        // acknowledged when taken (getAsyncEvent)
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        for (RcPd pd : List.copyOf(pds)) {
            pd.destroyAll();
        }
        for (RcCq cq : List.copyOf(cqs)) {
            cq.destroy();
        }
        for (RcChannel ch : List.copyOf(channels)) {
            ch.destroy();
        }
        if (owned) {
            lib.callInt("ibv_close_device", ctx);
        }
        closed = true;
    }
}
