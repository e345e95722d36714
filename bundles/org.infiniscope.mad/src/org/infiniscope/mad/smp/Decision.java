package org.infiniscope.mad.smp;

import java.util.Objects;

/**
 * What a node's SMI does with a directed-route SMP ({@link DirectedRoute#processAtNode}).
 *
 * @param action what to do
 * @param port for {@link Action#FORWARD}: the port to send it out of; otherwise 0
 * @param lid for {@link Action#ROUTE_BY_LID}: the destination LID; otherwise 0
 * @param rule for {@link Action#DISCARD}: the IBA compliance statement that discards it; otherwise empty
 * @param reason for {@link Action#DISCARD}: why; otherwise empty
 */
public record Decision(Action action, int port, int lid, String rule, String reason) {

    /** The possible actions. */
    public enum Action {
        /** Give it to this node's SMA (an outgoing request) or SM (a returning response). */
        DELIVER,
        /** Send it out of {@link Decision#port()}. */
        FORWARD,
        /** Route it by LID to {@link Decision#lid()} (the LID-routed part before or after the directed part). */
        ROUTE_BY_LID,
        /** The answer of an SMA at the end of a final LID-routed part: send it to the request's source LID. */
        REPLY_TO_REQUESTER,
        /** Drop it; see {@link Decision#rule()} and {@link Decision#reason()}. */
        DISCARD
    }

    /** Checks that the fields fit the action. */
    public Decision {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(reason, "reason");
    }

    static Decision deliver() {
        return new Decision(Action.DELIVER, 0, 0, "", "");
    }

    static Decision forward(int port) {
        return new Decision(Action.FORWARD, port, 0, "", "");
    }

    static Decision routeByLid(int lid) {
        return new Decision(Action.ROUTE_BY_LID, 0, lid, "", "");
    }

    static Decision replyToRequester() {
        return new Decision(Action.REPLY_TO_REQUESTER, 0, 0, "", "");
    }

    static Decision discard(String rule, String reason) {
        return new Decision(Action.DISCARD, 0, 0, rule, reason);
    }
}
