package org.infiniscope.mad.umad.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;

/**
 * Ports kept open from one user to the next, one idle port per specification: what the one-shot daemon runs its
 * commands on, so that a command pays neither the port's open (CA lookup, guard agents under umad2sim) nor its close
 * (the receive threads' poll period, the agents' unregistration). A user gets a {@link MadChannel} whose close hands
 * the port back; the port is closed instead when it failed, when the user left an agent for unsolicited requests or
 * the SM mark behind, or when another port of the same specification is idle already (users at the same time each
 * had a port of their own). Each user's transaction IDs are salted ({@link UmadChannel#attach}), so that late answers
 * to the previous user never match.
 * <p>
 * Under umad2sim every port of a process is one ibsim client, whose MADs umad2sim hands to the first file with an
 * agent of their class: a second port open at the same time would take none of its answers. There ({@code
 * onePortAtATime}), a user waits for the port of its specification that another user holds (the one-shot daemon's
 * warm-up, say) and then takes it, rather than opening a second one.
 */
final class KeptPorts implements AutoCloseable {

    /** Opens a port of a specification (the libibumad one: {@code umad} or {@code umad:CA:PORT}). */
    @FunctionalInterface
    interface Opener {
        UmadChannel open(String spec) throws UmadException;
    }

    /** How long a user waits, with one port at a time, for the port another user holds. */
    static final long WAIT_MILLIS = 60_000;

    private final Opener opener;
    private final boolean onePortAtATime;
    private final long waitMillis;
    private final Map<String, UmadChannel> idle = new HashMap<>();
    /** The specifications a user holds a port of (counted: several at once unless one port at a time). */
    private final Map<String, Integer> leased = new HashMap<>();
    /** The specifications users wait for (one port at a time), with how many wait. */
    private final Map<String, Integer> waiting = new HashMap<>();
    private boolean closed;

    KeptPorts(Opener opener) {
        this(opener, false, WAIT_MILLIS);
    }

    /**
     * @param onePortAtATime whether a user waits for the port of its specification another user holds (umad2sim)
     * @param waitMillis how long it waits at most
     */
    KeptPorts(Opener opener, boolean onePortAtATime, long waitMillis) {
        this.opener = opener;
        this.onePortAtATime = onePortAtATime;
        this.waitMillis = waitMillis;
    }

    /** @return a channel on an idle port of this specification, or on a newly opened one */
    MadChannel open(String spec) throws UmadException {
        UmadChannel port;
        synchronized (this) {
            long end = System.nanoTime() + waitMillis * 1_000_000;
            while (!closed && onePortAtATime && leased.containsKey(spec)) {
                long left = (end - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    throw new UmadException(Reason.CALL_FAILED,
                            "the port " + spec + " is still in use by another" + " command of this process after "
                                    + waitMillis + " ms (under umad2sim a process has" + " one port at a time)");
                }
                waiting.merge(spec, 1, Integer::sum);
                try {
                    wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new UmadException(Reason.CLOSED, "interrupted while waiting for the port " + spec);
                } finally {
                    waiting.computeIfPresent(spec, (s, n) -> n > 1 ? n - 1 : null);
                }
            }
            if (closed) {
                throw new UmadException(Reason.CLOSED, "the umad provider is stopped");
            }
            port = idle.remove(spec);
            leased.merge(spec, 1, Integer::sum);
        }
        try {
            if (port != null && !port.reusable()) {
                port.close();
                port = null;
            }
            return new Lease(spec, port != null ? port : opener.open(spec));
        } catch (UmadException | RuntimeException e) {
            returned(spec);
            throw e;
        }
    }

    /** A user of a specification is done (its port is idle or closed): the next waiting one goes on. */
    private synchronized void returned(String spec) {
        leased.computeIfPresent(spec, (s, n) -> n > 1 ? n - 1 : null);
        notifyAll();
    }

    /** @return how many ports are idle (for tests) */
    synchronized int idle() {
        return idle.size();
    }

    private void release(String spec, UmadChannel port) {
        port.detach();
        synchronized (this) {
            if (!closed && port.reusable() && !idle.containsKey(spec)) {
                idle.put(spec, port);
                returned(spec);
                return;
            }
        }
        try {
            port.close();
        } finally {
            returned(spec);
        }
    }

    /** Closes every idle port; ports in use close when their users are done. */
    @Override
    public void close() {
        List<UmadChannel> ports;
        synchronized (this) {
            closed = true;
            ports = new ArrayList<>(idle.values());
            idle.clear();
            notifyAll();
        }
        ports.forEach(UmadChannel::close);
    }

    /** One user's channel on a kept port. */
    private final class Lease implements MadChannel {
        private final String spec;
        private final UmadChannel port;
        private boolean started;
        private volatile boolean done;

        Lease(String spec, UmadChannel port) {
            this.spec = spec;
            this.port = port;
        }

        private void checkOpen() throws UmadException {
            if (done) {
                throw new UmadException(Reason.CLOSED, port + " is closed");
            }
        }

        @Override
        public LocalPort localPort() throws IOException {
            checkOpen();
            return port.localPort();
        }

        @Override
        public long portGuid() throws IOException {
            checkOpen();
            return port.portGuid();
        }

        @Override
        public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods)
                throws IOException {
            checkOpen();
            port.register(mgmtClass, classVersion, rmpp, unsolicitedMethods);
        }

        @Override
        public boolean rmppInKernel(int mgmtClass) {
            return port.rmppInKernel(mgmtClass);
        }

        @Override
        public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
            checkOpen();
            port.send(mad, length, destination, responseTimeoutMillis);
        }

        @Override
        public synchronized void start(Receiver receiver) throws IOException {
            checkOpen();
            if (started) {
                throw new UmadException(Reason.CALL_FAILED, port + " is already started");
            }
            started = true;
            int salt;
            do {
                salt = ThreadLocalRandom.current().nextInt();
            } while (salt == 0);
            port.attach(receiver, salt);
        }

        @Override
        public void close() {
            synchronized (this) {
                if (done) {
                    return;
                }
                done = true;
            }
            release(spec, port);
        }

        @Override
        public boolean contended() {
            synchronized (KeptPorts.this) {
                return !done && waiting.containsKey(spec);
            }
        }

        @Override
        public String toString() {
            return port.toString();
        }
    }
}
