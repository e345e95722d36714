package org.infiniscope.verbs;

/**
 * A queue pair's work queue sizes ({@code struct ibv_qp_cap}).
 *
 * @param maxSendWr send work requests outstanding at most
 * @param maxRecvWr receive work requests outstanding at most
 * @param maxSendSge scatter/gather entries a send work request takes at most
 * @param maxRecvSge scatter/gather entries a receive work request takes at most
 * @param maxInlineData inline bytes a send takes at most
 */
public record QpCap(int maxSendWr, int maxRecvWr, int maxSendSge, int maxRecvSge, int maxInlineData) {
}
