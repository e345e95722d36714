package org.infiniscope.verbs;

/**
 * A work completion ({@code struct ibv_wc}).
 *
 * @param wrId the id of the work request it completes
 * @param status how it ended
 * @param opcode what it was (valid for a successful completion)
 * @param byteLen the bytes received (receives), read or the 8 of an atomic
 * @param immData the immediate data, when {@code withImm}
 * @param withImm whether the message carried immediate data
 * @param qpNum the local QP
 * @param srcQp the sending QP (receives)
 * @param slid the sender's LID (receives)
 */
public record WorkCompletion(long wrId, WcStatus status, WcOpcode opcode, int byteLen, int immData, boolean withImm,
        int qpNum, int srcQp, int slid) {

    /** @return whether it succeeded */
    public boolean ok() {
        return status == WcStatus.SUCCESS;
    }
}
