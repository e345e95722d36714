package org.infiniscope.mad.internal.transport;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppConfig;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.rmpp.RmppReceiver;
import org.infiniscope.mad.rmpp.RmppSender;
import org.infiniscope.mad.rmpp.RmppState;
import org.infiniscope.mad.rmpp.RmppStatus;
import org.infiniscope.mad.rmpp.RmppStep;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.RmppTransferException;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The RMPP transfers a {@link ChannelTransport} runs itself over a channel that carries single MADs:
 * answers to its requests arriving in segments, and long answers of its agents leaving in segments. It
 * routes each RMPP MAD by direction, class, TransactionID and peer, feeds the state machines the time of
 * each event, sends what they ask and wakes them at their deadlines on the transport's timer thread.
 * Requests that arrive in several segments are reassembled the same way and handed to the agents whole.
 * <p>
 * Direction tells the maps apart, so that a peer that picks the same TID as ours never crosses them: the
 * ACK, STOP or ABORT of a receiver travels against the data with the response bit flipped, so an ACK or
 * STOP with a request method belongs to an answer we send, an ABORT with a request method to an answer we
 * send or else to a request we receive (its sender gave up), and one with a response method (a sender's
 * ABORT) to an answer we receive.
 */
final class RmppTransfers {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(RmppTransfers.class);

    private final ChannelTransport host;
    private final ScheduledExecutorService timer;
    private final RmppConfig settings;
    private final Map<TransferKey, InboundTransfer> inbound = new ConcurrentHashMap<>();
    private final Map<TransferKey, InboundTransfer> requests = new ConcurrentHashMap<>();
    private final Map<TransferKey, OutboundTransfer> outbound = new ConcurrentHashMap<>();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong segments = new AtomicLong();
    private final AtomicLong aborted = new AtomicLong();

    RmppTransfers(ChannelTransport host, ScheduledExecutorService timer, RmppConfig settings) {
        this.host = host;
        this.timer = timer;
        this.settings = settings;
    }

    RmppConfig configFor(int mgmtClass) {
        return settings.withDataOffset(
                mgmtClass == MgmtClass.SUBN_ADM ? RmppConfig.SA_DATA_OFFSET : RmppConfig.VENDOR_DATA_OFFSET);
    }

    long completed() {
        return completed.get();
    }

    long segments() {
        return segments.get();
    }

    long aborted() {
        return aborted.get();
    }

    /** @return whether an answer must go as an RMPP transfer: longer than a MAD, or marked Active */
    static boolean needsTransfer(byte[] answer) {
        return answer.length > Mad.SIZE || (answer.length >= RmppHeader.OFFSET + RmppHeader.LENGTH
                && (answer[RmppHeader.OFFSET + 2] & RmppHeader.ACTIVE) != 0);
    }

    /**
     * Takes a MAD of an RMPP class when it is part of a transfer.
     *
     * @return false when the MAD is a plain one (no Active flag, or a one-segment request) that the
     *         transport matches or delivers as usual
     */
    boolean received(byte[] mad, int length, MadAddress source) {
        if (length < RmppHeader.OFFSET + RmppHeader.LENGTH || (mad[RmppHeader.OFFSET + 2] & RmppHeader.ACTIVE) == 0) {
            return false;
        }
        byte[] segment = length == Mad.SIZE && mad.length == Mad.SIZE ? mad : Arrays.copyOf(mad, Mad.SIZE);
        if (length < Mad.SIZE) {
            Arrays.fill(segment, length, Mad.SIZE, (byte) 0);
        }
        int type = Bits.u8(segment, RmppHeader.OFFSET + 1);
        int flags = Bits.u8(segment, RmppHeader.OFFSET + 2) & 0x7;
        boolean response = Method.isResponse(Bits.u8(segment, 3));
        TransferKey key = TransferKey.of(segment, source);
        if (type == RmppHeader.DATA && !response) {
            if ((flags & (RmppHeader.FIRST | RmppHeader.LAST)) == (RmppHeader.FIRST | RmppHeader.LAST)
                    && !requests.containsKey(key)) {
                return false; // a request in one segment: the agent takes it as a MAD, as before RMPP
            }
            requestSegment(key, segment, (flags & RmppHeader.FIRST) != 0, source);
        } else if (type == RmppHeader.DATA) {
            answerSegment(key, segment, (flags & RmppHeader.FIRST) != 0, source);
        } else if (response) {
            InboundTransfer transfer = inbound.get(key);
            if (transfer == null) {
                host.countUnmatched();
            } else {
                feed(transfer, segment);
            }
        } else {
            OutboundTransfer transfer = outbound.get(key);
            InboundTransfer request = transfer == null && type == RmppHeader.ABORT ? requests.get(key) : null;
            if (transfer != null) {
                feed(transfer, segment);
            } else if (request != null) {
                feed(request, segment); // the sender of a request gave up
            } else {
                host.countUnmatched();
            }
        }
        return true;
    }

    private void requestSegment(TransferKey key, byte[] segment, boolean first, MadAddress source) {
        InboundTransfer transfer;
        synchronized (requests) {
            transfer = requests.get(key);
            if (transfer == null && first) {
                transfer = new InboundTransfer(key, source, new RmppReceiver(configFor(key.mgmtClass())), null,
                        System.nanoTime());
                requests.put(key, transfer);
            }
        }
        if (transfer == null) {
            host.countUnhandled();
            return;
        }
        segments.incrementAndGet();
        feed(transfer, segment);
    }

    private void answerSegment(TransferKey key, byte[] segment, boolean first, MadAddress source) {
        InboundTransfer transfer;
        synchronized (inbound) {
            transfer = inbound.get(key);
            if (transfer == null && first) {
                Pending pending = host.claimForTransfer(key.mgmtClass(), (int) key.transactionId());
                if (pending != null) {
                    transfer = new InboundTransfer(key, source, new RmppReceiver(configFor(key.mgmtClass())), pending,
                            System.nanoTime());
                    inbound.put(key, transfer);
                }
            }
        }
        if (transfer == null) {
            host.countUnmatched();
            return;
        }
        segments.incrementAndGet();
        feed(transfer, segment);
    }

    private void feed(InboundTransfer transfer, byte[] mad) {
        long now = System.nanoTime();
        RmppStep step;
        long wake;
        MadFormatException badFirst = null;
        synchronized (transfer) {
            try {
                step = transfer.receiver.accept(mad, now);
            } catch (MadFormatException e) {
                if (transfer.header != null) {
                    host.countUnmatched(); // not of this transfer, or a type a receiver does not take
                    return;
                }
                step = null;
                badFirst = e;
            }
            if (step != null && transfer.header == null) {
                transfer.header = Arrays.copyOf(mad, headerLength(mad));
            }
            if (step != null && Bits.u8(mad, RmppHeader.OFFSET + 1) == RmppHeader.DATA) {
                transfer.progress(Integer.toUnsignedLong(Bits.u32(mad, RmppHeader.OFFSET + 4)), now);
            }
            wake = step == null ? 0 : Math.min(step.deadline(), transfer.stallDeadline());
        }
        if (badFirst != null) {
            // a malformed first segment: the answer is bad, and no ABORT answers it (IBA 13.6.3.3)
            end(transfer);
            if (transfer.finish()) {
                aborted.incrementAndGet();
                if (transfer.pending != null) {
                    host.failTransfer(transfer.pending, badFirst);
                }
            }
            return;
        }
        after(transfer, step, wake);
    }

    private int headerLength(byte[] mad) {
        return configFor(Bits.u8(mad, 1)).dataOffset();
    }

    private void inboundTimer(InboundTransfer transfer) {
        long now = System.nanoTime();
        RmppStep step;
        long wake;
        synchronized (transfer) {
            step = transfer.receiver.onTimer(now);
            wake = Math.min(step.deadline(), transfer.stallDeadline());
        }
        if (step.state() == RmppState.ACTIVE && transfer.pending != null && now - wake >= 0) {
            stalled(transfer, now);
            return;
        }
        after(transfer, step, wake);
    }

    /** Gives up a transfer whose sender went quiet: ABORT it, and fail the request as a time-out. */
    private void stalled(InboundTransfer transfer, long now) {
        if (!transfer.finish()) {
            return; // completed or failed meanwhile on another thread
        }
        end(transfer);
        byte[] abort;
        long quiet;
        synchronized (transfer) {
            abort = Arrays.copyOf(transfer.header, Mad.SIZE);
            quiet = TimeUnit.NANOSECONDS.toMillis(now - transfer.lastSegmentNanos);
        }
        abort[3] ^= (byte) Method.RESPONSE; // against the data
        RmppHeader.abort(RmppStatus.TOTAL_TIME_TOO_LONG).encode(abort, RmppHeader.OFFSET);
        sendQuietly(List.of(abort), transfer.peer);
        aborted.incrementAndGet();
        host.failTransfer(transfer.pending,
                new MadTimeoutException("the RMPP answer to " + describe(transfer.pending.mad) + " from "
                        + transfer.peer + " stalled: no new segment for " + quiet + " ms", transfer.pending.attempts));
    }

    private void after(InboundTransfer transfer, RmppStep step, long wake) {
        sendQuietly(step.toSend(), transfer.peer);
        switch (step.state()) {
            case ACTIVE -> transfer.wakeBy(wake, timer, () -> inboundTimer(transfer));
            case COMPLETE -> {
                if (transfer.finish()) {
                    byte[] message;
                    synchronized (transfer) {
                        message = transfer.receiver.message();
                    }
                    completed.incrementAndGet();
                    if (transfer.pending != null) {
                        host.completeTransfer(transfer.pending, message, transfer.peer);
                    } else {
                        host.deliverReassembled(message, transfer.peer);
                    }
                }
                if (step.hasDeadline()) {
                    // linger: a repeated last segment means our final ACK was lost; the receiver ACKs it again
                    transfer.wakeBy(step.deadline(), timer, () -> inboundTimer(transfer));
                } else {
                    end(transfer);
                }
            }
            case FAILED -> {
                end(transfer);
                if (transfer.finish()) {
                    aborted.incrementAndGet();
                    if (transfer.pending != null) {
                        host.failTransfer(transfer.pending, new RmppTransferException("the RMPP answer to "
                                + describe(transfer.pending.mad) + " from " + transfer.peer + " ended", step.status()));
                    }
                }
            }
        }
    }

    private void end(InboundTransfer transfer) {
        (transfer.pending == null ? requests : inbound).remove(transfer.key, transfer);
        transfer.cancelTimer();
    }

    /**
     * Starts sending an agent's answer in segments; returns once the first segment is sent.
     *
     * @throws IOException when the answer is too short for its class's headers, or the first send fails
     */
    void respond(byte[] answer, MadAddress destination) throws IOException {
        int mgmtClass = Bits.u8(answer, 1);
        RmppSender sender;
        try {
            sender = new RmppSender(answer, configFor(mgmtClass));
        } catch (IllegalArgumentException e) {
            throw new IOException("an RMPP answer of " + MgmtClass.name(mgmtClass) + ": " + e.getMessage(), e);
        }
        OutboundTransfer transfer = new OutboundTransfer(TransferKey.of(answer, destination), destination, sender);
        if (outbound.putIfAbsent(transfer.key, transfer) != null) {
            return; // the request came again while its answer is on its way: that transfer answers both
        }
        RmppStep step;
        synchronized (transfer) {
            step = sender.start(System.nanoTime());
        }
        after(transfer, step);
        try {
            send(step.toSend(), destination);
        } catch (IOException e) {
            end(transfer);
            if (transfer.finish()) {
                aborted.incrementAndGet();
            }
            throw e;
        }
    }

    private void feed(OutboundTransfer transfer, byte[] mad) {
        RmppStep step;
        synchronized (transfer) {
            try {
                step = transfer.sender.onMad(mad, System.nanoTime());
            } catch (MadFormatException e) {
                host.countUnmatched();
                return;
            }
        }
        after(transfer, step);
        sendQuietly(step.toSend(), transfer.peer);
    }

    private void outboundTimer(OutboundTransfer transfer) {
        RmppStep step;
        synchronized (transfer) {
            step = transfer.sender.onTimer(System.nanoTime());
        }
        after(transfer, step);
        sendQuietly(step.toSend(), transfer.peer);
    }

    /** Books the step's outcome before its MADs go, so that a peer answering on this thread finds it done. */
    private void after(OutboundTransfer transfer, RmppStep step) {
        switch (step.state()) {
            case ACTIVE -> transfer.wakeBy(step.deadline(), timer, () -> outboundTimer(transfer));
            case COMPLETE -> {
                end(transfer);
                if (transfer.finish()) {
                    completed.incrementAndGet();
                }
            }
            case FAILED -> {
                end(transfer);
                if (transfer.finish()) {
                    aborted.incrementAndGet();
                    LOG.debug("RMPP answer {} to {} ended: {}", describe(transfer.sender.segment(1)), transfer.peer,
                            RmppStatus.name(step.status()));
                }
            }
        }
    }

    private void end(OutboundTransfer transfer) {
        outbound.remove(transfer.key, transfer);
        transfer.cancelTimer();
    }

    private void send(List<byte[]> mads, MadAddress destination) throws IOException {
        for (byte[] mad : mads) {
            if (Bits.u8(mad, RmppHeader.OFFSET + 1) == RmppHeader.DATA) {
                segments.incrementAndGet();
            }
            host.sendRaw(mad, destination);
        }
    }

    /** Sends during a transfer: a MAD that cannot go is as good as lost, and the state machines resend. */
    private void sendQuietly(List<byte[]> mads, MadAddress destination) {
        try {
            send(mads, destination);
        } catch (IOException e) {
            LOG.debug("an RMPP MAD to {} was not sent: {}", destination, e.getMessage());
        }
    }

    private static String describe(byte[] mad) {
        try {
            return MadHeader.decode(mad, 0).toString();
        } catch (MadFormatException e) {
            return "MAD";
        }
    }

    /** Stops every transfer: the transport is closing and fails the requests itself. */
    void close() {
        inbound.values().forEach(Transfer::cancelTimer);
        requests.values().forEach(Transfer::cancelTimer);
        requests.clear();
        outbound.values().forEach(Transfer::cancelTimer);
        inbound.clear();
        outbound.clear();
    }
}
