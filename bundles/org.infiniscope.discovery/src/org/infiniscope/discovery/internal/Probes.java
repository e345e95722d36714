package org.infiniscope.discovery.internal;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletionException;

import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * Directed-route SMP Gets with at most {@code window} in flight, for the re-sweep's phases. Each answer goes to its
 * probe's callback while this object's lock is held, so callbacks see one thread at a time and may submit more;
 * {@link #drain()} waits until nothing is queued or in flight.
 */
final class Probes {

    /** What a probe's answer is handed to: the MAD, or null and why it failed. */
    interface Answer {
        void answered(byte[] mad, String failure) throws MadFormatException;
    }

    private record Probe(int[] route, int attribute, int modifier, Answer answer) {
    }

    private final MadTransport transport;
    private final SweepOptions options;
    private final Deque<Probe> queue = new ArrayDeque<>();
    private int inFlight;
    private long sent;

    Probes(MadTransport transport, SweepOptions options) {
        this.transport = transport;
        this.options = options;
    }

    synchronized void submit(int[] route, int attribute, int modifier, Answer answer) {
        queue.add(new Probe(route.clone(), attribute, modifier, answer));
        pump();
    }

    synchronized void drain() throws InterruptedException {
        while (inFlight > 0 || !queue.isEmpty()) {
            wait();
        }
    }

    synchronized long sent() {
        return sent;
    }

    private void pump() {
        while (inFlight < options.window() && !queue.isEmpty()) {
            Probe probe = queue.poll();
            inFlight++;
            Smp smp = Smp.directedRoute(Method.GET, 0, probe.attribute(), probe.modifier(), 0, probe.route(),
                    new byte[0]);
            MadRequest request = new MadRequest(smp.encode(), MadAddress.directedRoute(), options.timeout(),
                    options.retries());
            try {
                transport.send(request).whenComplete((response, failure) -> {
                    if (failure != null) {
                        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause()
                                : failure;
                        done(probe, null, cause.getMessage(),
                                cause instanceof MadTimeoutException t ? t.attempts() : 1);
                    } else {
                        done(probe, response.mad(), null, response.attempts());
                    }
                });
            } catch (RuntimeException e) {
                // a closed transport may refuse at once: the probe is lost, or drain() would wait for it forever
                done(probe, null, e.getMessage(), 1);
            }
        }
    }

    private synchronized void done(Probe probe, byte[] mad, String failure, int attempts) {
        try {
            sent += attempts;
            String error = failure;
            if (mad != null) {
                MadHeader header = Smp.validate(mad);
                int status = header.status() & ~MadStatus.DIRECTION;
                if (header.method() != Method.GET_RESP || status != 0) {
                    error = "status 0x" + Integer.toHexString(header.status());
                }
            }
            probe.answer().answered(error == null ? mad : null, error);
        } catch (MadFormatException | RuntimeException e) {
            try {
                probe.answer().answered(null, "malformed answer: " + e.getMessage());
            } catch (MadFormatException | RuntimeException again) {
                // the callback cannot take even the failure: the probe is simply lost
            }
        } finally {
            inFlight--;
            pump();
            if (inFlight == 0 && queue.isEmpty()) {
                notifyAll();
            }
        }
    }
}
