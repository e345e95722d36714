package org.infiniscope.verbs.internal.sim;

import org.infiniscope.verbs.WrOpcode;

/**
 * A request message between simulated QPs: one or more packets of the same PSN run.
 *
 * @param type the sender's transport
 * @param op what it asks
 * @param psn its first PSN
 * @param packets the packets (PSNs) it takes
 * @param data the payload of a send or write
 * @param length the bytes asked for by a read, or the payload's length
 * @param remoteAddr the remote address of RDMA and atomics
 * @param rkey their remote key
 * @param compareAdd compare or add value
 * @param swap swap value
 * @param imm immediate data
 * @param solicited the solicited event bit
 * @param srcQpn the sending QP
 * @param slid the sender's LID
 * @param dqpn the destination QP
 * @param qkey the Q_Key of a UD send
 */
record Packet(org.infiniscope.verbs.QpType type, WrOpcode op, int psn, int packets, byte[] data, int length,
        long remoteAddr, int rkey, long compareAdd, long swap, int imm, boolean solicited, int srcQpn, int slid,
        int dqpn, int qkey) {
}
