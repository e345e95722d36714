package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Optional;

import org.infiniscope.verbs.CompletionChannel;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.VerbsException;

/** {@code struct ibv_comp_channel}: its descriptor is polled for the timeout, then the event is read. */
final class RcChannel implements CompletionChannel {

    final RcContext context;
    final MemorySegment channel;

    RcChannel(RcContext context, MemorySegment channel) {
        this.context = context;
        this.channel = channel.reinterpret(Structs.CHANNEL_SIZE);
    }

    @Override
    public Optional<CompletionQueue> getCqEvent(Duration timeout) {
        if (!context.lib.readable(channel.get(JAVA_INT, Structs.CHANNEL_FD),
                (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cq = arena.allocate(ADDRESS);
            MemorySegment cqContext = arena.allocate(ADDRESS);
            if (context.lib.callInt("ibv_get_cq_event", channel, cq, cqContext) != 0) {
                return Optional.empty();
            }
            return Optional.ofNullable((RcCq) context.objects.get(cq.get(ADDRESS, 0).address()));
        }
    }

    @Override
    public void close() throws VerbsException {
        synchronized (context) {
            Errors.check(context.lib.callInt("ibv_destroy_comp_channel", channel), "ibv_destroy_comp_channel");
            context.channels.remove(this);
        }
    }

    void destroy() {
        context.lib.callInt("ibv_destroy_comp_channel", channel);
        context.channels.remove(this);
    }
}
