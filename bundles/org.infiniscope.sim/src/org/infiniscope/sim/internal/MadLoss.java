package org.infiniscope.sim.internal;

import java.util.Arrays;
import java.util.Random;

import org.infiniscope.mad.perf.PortCounter;

/**
 * MADs lost at ports, as ibsim's {@code Error "node"[port] PCT [attr]}: a port with a drop rate loses that fraction
 * of the MADs that arrive at it, all of them or only those of one attribute ID. A MAD arrives at a port over its
 * cable (requests and answers alike), or — at the port an agent answers for (a switch's port 0, the port of a CA a
 * local channel sends from) — without crossing a cable. A MAD lost on a cable, with no attribute named, counts in
 * the port's PortRcvErrors as a packet received damaged. The draws come from one seeded {@link Random}, so a run
 * is repeatable. Not thread-safe: the fabric serialises calls.
 */
public final class MadLoss {

    /** Any attribute. */
    public static final int ANY = -1;
    /** The seed of a fabric that was given none. */
    public static final long DEFAULT_SEED = 0x1B_5EEDL;

    private final FabricState f;
    private Random random = new Random(DEFAULT_SEED);
    /** Per global port: the fraction lost (0 for none); null until a rate is set. */
    private double[] fraction;
    private int[] attribute;

    MadLoss(FabricState state) {
        this.f = state;
    }

    /** Restarts the draws from a seed. */
    public void seed(long seed) {
        random = new Random(seed);
    }

    /**
     * Sets a port's drop rate.
     *
     * @param fraction 0 (none) to 1 (every MAD)
     * @param attributeId the attribute ID whose MADs are lost, or {@link #ANY}
     */
    public void set(int g, double fraction, int attributeId) {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("a drop rate is a fraction from 0 to 1: " + fraction);
        }
        if (this.fraction == null) {
            if (fraction == 0) {
                return;
            }
            this.fraction = new double[f.remote.length];
            this.attribute = new int[f.remote.length];
            Arrays.fill(attribute, ANY);
        }
        this.fraction[g] = fraction;
        this.attribute[g] = attributeId;
    }

    /** @return whether a MAD of {@code attributeId} that crossed a cable into global port {@code in} is lost */
    boolean lostOnArrival(int in, int attributeId) {
        if (!draw(in, attributeId)) {
            return false;
        }
        if (attribute[in] == ANY) {
            Counters.add(f, in, PortCounter.PORT_RCV_ERRORS, 1);
        }
        return true;
    }

    /**
     * @param node the node whose agent is to answer
     * @param arrival the port the MAD came in over a cable, or 0 when it crossed none to get there
     * @param local the port the agent answers for
     * @return whether the MAD is lost before the agent sees it
     */
    boolean lostAtAgent(int node, int arrival, int local, int attributeId) {
        if (f.isSwitch(node)) {
            return draw(f.port(node, 0), attributeId);
        }
        // a MAD that came over the cable was drawn for already
        return arrival == 0 && draw(f.port(node, local), attributeId);
    }

    private boolean draw(int g, int attributeId) {
        if (fraction == null || fraction[g] == 0 || attribute[g] != ANY && attribute[g] != attributeId) {
            return false;
        }
        return random.nextDouble() < fraction[g];
    }
}
