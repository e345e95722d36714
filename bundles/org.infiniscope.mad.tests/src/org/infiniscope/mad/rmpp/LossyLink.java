package org.infiniscope.mad.rmpp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.infiniscope.mad.wire.MadFormatException;

/**
 * Wires a sender to a receiver through an in-memory link that loses, repeats and reorders MADs at
 * random (seeded), and runs a simulated clock: MADs in flight are delivered first; when none are, the
 * clock jumps to the nearest deadline.
 */
public final class LossyLink {

    /** What a run ended with. */
    public record Outcome(RmppSender sender, RmppReceiver receiver, int dataMads, int controlMads, long elapsedNanos) {
    }

    private static final long LATENCY_NANOS = 2_000;

    private final Random random;
    private final double loss;
    private final double repeat;
    private final boolean reorder;
    private int dataMads;
    private int controlMads;

    public LossyLink(long seed, double loss, double repeat, boolean reorder) {
        this.random = new Random(seed);
        this.loss = loss;
        this.repeat = repeat;
        this.reorder = reorder;
    }

    public Outcome run(byte[] message, RmppConfig config) throws MadFormatException {
        RmppSender sender = new RmppSender(message, config);
        RmppReceiver receiver = new RmppReceiver(config);
        List<byte[]> toReceiver = new ArrayList<>();
        List<byte[]> toSender = new ArrayList<>();
        long now = 0;
        transmit(sender.start(now), toReceiver);
        for (int round = 0; round < 10_000_000; round++) {
            if (toReceiver.isEmpty() && toSender.isEmpty()) {
                if (sender.current().state() != RmppState.ACTIVE && receiver.current().state() != RmppState.ACTIVE) {
                    break;
                }
                long next = Math.min(sender.current().deadline(), receiver.current().deadline());
                if (next == RmppStep.NO_DEADLINE) {
                    break;
                }
                now = Math.max(now, next);
                transmit(sender.onTimer(now), toReceiver);
                transmit(receiver.onTimer(now), toSender);
                continue;
            }
            now += LATENCY_NANOS;
            List<byte[]> arriving = takeAll(toReceiver);
            List<byte[]> returning = takeAll(toSender);
            for (byte[] mad : arriving) {
                transmit(receiver.accept(mad, now), toSender);
            }
            for (byte[] mad : returning) {
                transmit(sender.onMad(mad, now), toReceiver);
            }
        }
        return new Outcome(sender, receiver, dataMads, controlMads, now);
    }

    private List<byte[]> takeAll(List<byte[]> queue) {
        List<byte[]> taken = new ArrayList<>(queue);
        queue.clear();
        if (reorder) {
            Collections.shuffle(taken, random);
        }
        return taken;
    }

    private void transmit(RmppStep step, List<byte[]> queue) {
        for (byte[] mad : step.toSend()) {
            if (mad[25] == RmppHeader.DATA) {
                dataMads++;
            } else {
                controlMads++;
            }
            if (random.nextDouble() < loss) {
                continue;
            }
            queue.add(mad);
            if (random.nextDouble() < repeat) {
                queue.add(mad.clone());
            }
        }
    }
}
