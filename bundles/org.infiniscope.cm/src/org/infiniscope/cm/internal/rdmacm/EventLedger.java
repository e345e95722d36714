package org.infiniscope.cm.internal.rdmacm;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The events taken from a channel and not yet acknowledged, each counted on the identifier librdmacm counts it on:
 * the listener for a connect request, the event's own identifier otherwise. {@code rdma_destroy_id} waits until
 * every event counted on the identifier is acknowledged, and {@code rdma_destroy_event_channel} wants them all
 * acknowledged: what is left is acknowledged first, in the order taken. An event is acknowledged once.
 *
 * @param <E> the events as handed out
 */
final class EventLedger<E> {

    private record Entry(long nativeEvent, long countedOn) {
    }

    private final Map<E, Entry> pending = new IdentityHashMap<>();
    private final List<E> order = new ArrayList<>();

    /** Notes an event taken from the channel. */
    synchronized void taken(E event, long nativeEvent, long countedOn) {
        pending.put(event, new Entry(nativeEvent, countedOn));
        order.add(event);
    }

    /**
     * @return the native event to acknowledge for {@code event}, or 0 when it was acknowledged already (or never
     *         taken from this channel)
     */
    synchronized long ack(E event) {
        Entry e = pending.remove(event);
        if (e == null) {
            return 0;
        }
        order.remove(event);
        return e.nativeEvent();
    }

    /** @return the native events counted on {@code id} still to acknowledge, oldest first; they count as acknowledged */
    synchronized List<Long> beforeDestroy(long id) {
        List<Long> out = new ArrayList<>();
        for (E event : List.copyOf(order)) {
            Entry e = pending.get(event);
            if (e.countedOn() == id) {
                out.add(ack(event));
            }
        }
        return out;
    }

    /** @return every native event still to acknowledge, oldest first; they count as acknowledged */
    synchronized List<Long> beforeClose() {
        List<Long> out = new ArrayList<>();
        for (E event : List.copyOf(order)) {
            out.add(ack(event));
        }
        return out;
    }

    /** @return how many events are not acknowledged */
    synchronized int unacknowledged() {
        return pending.size();
    }
}
