package org.infiniscope.mad.rmpp;

import java.util.List;

/**
 * What an RMPP state machine asks its caller to do after an event: send these MADs now, and call back
 * at {@code deadline} (on the same clock as the {@code now} arguments) unless another MAD arrives first.
 *
 * @param toSend 256-byte MADs to send, in order; each array is new and belongs to the caller
 * @param state where the transfer stands after the event
 * @param status the RMPPStatus that ended a {@link RmppState#FAILED} transfer, otherwise 0
 * @param deadline when to call {@code onTimer}; {@link #NO_DEADLINE} when nothing is pending
 */
public record RmppStep(List<byte[]> toSend, RmppState state, int status, long deadline) {

    /** The deadline of a state machine that waits for nothing. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    /** Makes the list unmodifiable. */
    public RmppStep {
        toSend = List.copyOf(toSend);
    }

    /** @return whether the caller must call {@code onTimer} at {@link #deadline()} */
    public boolean hasDeadline() {
        return deadline != NO_DEADLINE;
    }

    @Override
    public String toString() {
        return "RmppStep[send " + toSend.size() + ", " + state
                + (state == RmppState.FAILED ? " (" + RmppStatus.name(status) + ")" : "")
                + (hasDeadline() ? ", deadline " + deadline : "") + "]";
    }
}
