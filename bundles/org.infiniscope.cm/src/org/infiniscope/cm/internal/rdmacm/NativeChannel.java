package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.verbs.rdmacore.ffm.NativeLibrary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code struct rdma_event_channel}: events are waited for on its descriptor, taken with {@code rdma_get_cm_event}
 * and acknowledged once with {@code rdma_ack_cm_event}. Destroying an identifier or the channel first acknowledges
 * what is left, since librdmacm waits for those acknowledgements ({@link EventLedger}).
 */
final class NativeChannel implements CmEventChannel {

    private static final Logger LOG = LoggerFactory.getLogger(NativeChannel.class);
    /** The longest single wait, so that an interrupt is seen. */
    private static final int SLICE_MS = 100;

    final NativeRdmaCm cm;
    final MemorySegment handle;
    /** Our identifiers by their {@code struct rdma_cm_id} address. */
    final Map<Long, NativeId> ids = new ConcurrentHashMap<>();
    final EventLedger<CmEvent> ledger = new EventLedger<>();
    private boolean closed;

    NativeChannel(NativeRdmaCm cm, MemorySegment handle) {
        this.cm = cm;
        this.handle = handle.reinterpret(CmaStructs.EVENT_CHANNEL.byteSize());
    }

    NativeId createId(PortSpace space) throws CmException {
        synchronized (this) {
            if (closed) {
                throw new CmException("the event channel is closed");
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            NativeLibrary.Result r = cm.lib.call("rdma_create_id", handle, out, MemorySegment.NULL,
                    (int) (space.serviceId(0) >>> 16));
            if (r.intValue() != 0) {
                throw NativeRdmaCm.failure("rdma_create_id " + space, r.errno());
            }
            NativeId id = new NativeId(this, out.get(ADDRESS, 0), space);
            ids.put(id.address(), id);
            return id;
        }
    }

    @Override
    public Optional<CmEvent> get(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int fd = handle.get(JAVA_INT, 0);
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            long left = Math.max(0, (deadline - System.nanoTime()) / 1_000_000);
            if (NativeLibrary.readable(fd, (int) Math.min(SLICE_MS, left))) {
                break;
            }
            if (left == 0) {
                return Optional.empty();
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            NativeLibrary.Result r = cm.lib.call("rdma_get_cm_event", handle, out);
            if (r.intValue() != 0) {
                LOG.debug("rdma_get_cm_event failed: {}", NativeLibrary.describe(r.errno()));
                return Optional.empty();
            }
            MemorySegment ev = out.get(ADDRESS, 0).reinterpret(CmaStructs.CM_EVENT.byteSize());
            int type = ev.get(JAVA_INT, CmaStructs.EV_EVENT);
            if (type < 0 || type >= CmaEvents.NATIVE.size()) {
                // a newer librdmacm's event this API has no type for: acknowledged, not handed out
                LOG.debug("acknowledging librdmacm event {} of an unknown type", type);
                ack(ev.address());
                return Optional.empty();
            }
            return Optional.of(take(ev));
        }
    }

    private CmEvent take(MemorySegment ev) {
        CmEventType type = CmaEvents.type(ev.get(JAVA_INT, CmaStructs.EV_EVENT));
        MemorySegment idPtr = ev.get(ADDRESS, CmaStructs.EV_ID);
        NativeId listener = type == CmEventType.CONNECT_REQUEST
                ? ids.get(ev.get(ADDRESS, CmaStructs.EV_LISTEN_ID).address())
                : null;
        NativeId id = ids.get(idPtr.address());
        if (id == null) {
            // a connect request's new identifier: on this channel, in the listener's port space
            id = new NativeId(this, idPtr, listener != null ? listener.portSpace() : PortSpace.TCP);
            ids.put(id.address(), id);
        }
        CmEvent event = CmaEvents.map(ev, id, listener, id.portSpace());
        ledger.taken(event, ev.address(), CmaEvents.countedOn(ev));
        return event;
    }

    @Override
    public void ack(CmEvent event) {
        ack(ledger.ack(event));
    }

    void ack(long nativeEvent) {
        if (nativeEvent != 0) {
            cm.lib.call("rdma_ack_cm_event", MemorySegment.ofAddress(nativeEvent));
        }
    }

    /** Acknowledges what is counted on an identifier that is about to be destroyed. */
    void beforeDestroy(NativeId id) {
        List<Long> left = ledger.beforeDestroy(id.address());
        if (!left.isEmpty()) {
            LOG.debug("acknowledging {} event(s) of a CM identifier before destroying it", left.size());
        }
        left.forEach(this::ack);
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        for (NativeId id : List.copyOf(ids.values())) {
            id.close();
        }
        ledger.beforeClose().forEach(this::ack);
        cm.lib.plain("rdma_destroy_event_channel", handle);
        cm.forget(this);
    }
}
