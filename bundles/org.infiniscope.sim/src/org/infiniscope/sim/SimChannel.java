package org.infiniscope.sim;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.sim.SimFabric.Envelope;
import org.infiniscope.sim.SimFabric.Outcome;

/**
 * A {@link MadChannel} attached at one port of a {@link SimFabric}, as an endpoint of it: answers of the simulated
 * agents, responses of other endpoints (an SA) and, once the channel registered for them, requests for the port's SM
 * (SMInfo, traps, SA requests) reach its receiver. Each MAD is carried through the fabric on the channel's own thread
 * and every received MAD handed to the receiver there, outside the fabric's lock, so a receiver that sends again from
 * its callback neither deadlocks nor recurses. The fabric stamps its endpoint id into bits 63..48 of the TIDs of the
 * requests it sends; the channel puts the sender's bits back into the responses.
 */
public final class SimChannel implements MadChannel {

    /** Outstanding requests whose TID bits 63..48 must be restored; bounded so lost answers cannot fill it. */
    private static final int MAX_OUTSTANDING = 1 << 16;
    private static final long LOW_48 = 0x0000_FFFF_FFFF_FFFFL;

    private final SimFabric fabric;
    private final SimFabric.AttachPoint at;
    private final ExecutorService carrier;
    private final SimFabric.Attachment attachment;
    private final Map<Long, Long> highBits = new ConcurrentHashMap<>();
    private volatile Receiver receiver;
    private volatile BeforeLidRouted beforeLidRouted;

    SimChannel(SimFabric fabric, SimFabric.AttachPoint at) {
        this.fabric = fabric;
        this.at = at;
        this.carrier = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sim-channel " + at.name() + ":" + at.port());
            t.setDaemon(true);
            return t;
        });
        this.attachment = fabric.attach(at, 0, false, this::delivered);
    }

    /** @return the fabric the channel is attached to (the simulated verbs data path runs over it) */
    public SimFabric fabric() {
        return fabric;
    }

    /** @return where this channel is attached */
    public SimFabric.AttachPoint attachPoint() {
        return at;
    }

    /**
     * @throws IOException when a {@link #beforeLidRouted} step runs (the port has no LID yet) and fails: a tool that
     *             reads its port's LID is about to send LID-routed MADs
     */
    @Override
    public LocalPort localPort() throws IOException {
        LocalPort local = fabric.localPort(at);
        BeforeLidRouted step = beforeLidRouted;
        if (step != null && local.lid() == 0) {
            beforeLidRouted = null;
            step.run();
            local = fabric.localPort(at);
        }
        return local;
    }

    /**
     * Registering for unsolicited SMPs (SMInfo, traps) or for the SA class makes the channel its port's SM, as
     * OpenSM is: requests to QP0/QP1 that no simulated agent answers are delivered to it. Registering another GMP
     * class with methods (a CM's Send) has the requests of that class to QP1 delivered to this channel.
     *
     * @throws IllegalStateException when another SM is attached at the port
     */
    @Override
    public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods) {
        boolean smClass = MgmtClass.isSubnetManagement(mgmtClass) || mgmtClass == MgmtClass.SUBN_ADM;
        if (smClass && !unsolicitedMethods.isEmpty() && !attachment.isSm()) {
            attachment.setSm(true);
        } else if (!smClass && !unsolicitedMethods.isEmpty()) {
            attachment.takeClass(mgmtClass); // a GSI agent of another class: a CM takes REQs on QP1
        }
    }

    /** A step a channel runs before it sends its first LID-routed MAD from a port without a LID. */
    @FunctionalInterface
    public interface BeforeLidRouted {

        /** @throws IOException when the step failed; the send fails with it */
        void run() throws IOException;
    }

    /**
     * Has {@code step} run once, on the caller's thread, before the first MAD of a class other than directed-route
     * SMPs is sent, or the local port is read, while this channel's port has LID 0 (an embedded fabric that no SM
     * brought up yet).
     *
     * @return this channel
     */
    public SimChannel beforeLidRouted(BeforeLidRouted step) {
        this.beforeLidRouted = step;
        return this;
    }

    @Override
    public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
        BeforeLidRouted step = beforeLidRouted;
        if (step != null && length > 1 && (mad[1] & 0xFF) != MgmtClass.SUBN_DIRECTED_ROUTE && localPort().lid() == 0) {
            beforeLidRouted = null;
            step.run();
        }
        byte[] copy = Arrays.copyOf(mad, Math.max(length, 0));
        try {
            carrier.execute(() -> carry(copy, length, destination));
        } catch (RejectedExecutionException e) {
            throw new IOException("the channel at " + at.name() + ":" + at.port() + " is closed", e);
        }
    }

    private void carry(byte[] mad, int length, MadAddress destination) {
        boolean request = mad.length >= Mad.SIZE && !Method.isResponse(mad[3] & 0xFF);
        long tid = request ? Bits.u64(mad, 8) : 0;
        if (request) {
            if (highBits.size() >= MAX_OUTSTANDING) {
                highBits.clear(); // answers that never came: their senders timed out long ago
            }
            highBits.put(tid & LOW_48, tid & ~LOW_48);
        }
        Outcome outcome = attachment.send(mad, length, destination, destination.qpn());
        if (outcome == Outcome.ANSWERED) {
            MadAddress source = attachment.answerSource();
            highBits.remove(tid & LOW_48);
            Bits.put64(mad, 8, tid);
            hand(mad, source);
        } else if (request && outcome != Outcome.DELIVERED) {
            highBits.remove(tid & LOW_48);
        }
    }

    /** A MAD from another endpoint, or an answer routed back to this one; called with the fabric locked. */
    private void delivered(byte[] mad, Envelope envelope) {
        if (Method.isResponse(mad[3] & 0xFF)) {
            long tid = Bits.u64(mad, 8);
            // the segments of an RMPP answer all carry the request's TID: keep its bits until the last one
            Long high = moreSegments(mad) ? highBits.get(tid & LOW_48) : highBits.remove(tid & LOW_48);
            if (high != null) {
                Bits.put64(mad, 8, tid & LOW_48 | high);
            }
        }
        boolean dr = (mad[1] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE;
        MadAddress source = dr
                ? MadAddress.directedRoute()
                : new MadAddress(envelope.slid(), envelope.sqp(), envelope.sqp() == 0 ? 0 : Mad.GSI_QKEY, 0, 0, null);
        try {
            carrier.execute(() -> hand(mad, source));
        } catch (RejectedExecutionException e) {
            // closed: a MAD for a closed channel is lost, as for a closed umad port
        }
    }

    /** @return whether a MAD is an RMPP DATA segment of an SA or vendor-class answer other than the last */
    private static boolean moreSegments(byte[] mad) {
        int mgmtClass = mad[1] & 0xFF;
        boolean rmppClass = mgmtClass == MgmtClass.SUBN_ADM || mgmtClass >= 0x30 && mgmtClass <= 0x4F;
        return rmppClass && mad.length > 26 && (mad[26] & 0x01) != 0 && mad[25] == 1 && (mad[26] & 0x04) == 0;
    }

    private void hand(byte[] mad, MadAddress source) {
        Receiver r = receiver;
        if (r != null) {
            r.received(mad, mad.length, source);
        }
    }

    @Override
    public void start(Receiver mads) {
        this.receiver = mads;
    }

    @Override
    public void close() {
        attachment.close();
        carrier.shutdownNow();
    }
}
