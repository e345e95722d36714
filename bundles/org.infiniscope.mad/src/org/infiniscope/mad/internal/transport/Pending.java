package org.infiniscope.mad.internal.transport;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadResponse;

/** A request on its way: queued, then outstanding until answered or out of attempts. Guarded by the transport's lock. */
final class Pending {

    final long key;
    final byte[] mad;
    final MadAddress destination;
    final int timeoutMillis;
    final CompletableFuture<MadResponse> future = new CompletableFuture<>();
    int retriesLeft;
    int attempts;
    long lastSentNanos;
    ScheduledFuture<?> timeoutTask;
    /** Set when the answer's first RMPP segment arrived: from then on the transfer, not the attempt timer, bounds it. */
    boolean inTransfer;

    Pending(long key, byte[] mad, MadAddress destination, int timeoutMillis, int retries) {
        this.key = key;
        this.mad = mad;
        this.destination = destination;
        this.timeoutMillis = timeoutMillis;
        this.retriesLeft = retries;
    }
}
