package org.infiniscope.verbs.resource;

import java.util.Optional;

import org.infiniscope.verbs.QpState;

/**
 * One queue pair as the resource view lists it ({@code rdma resource show qp}). Fields the source does not know are
 * -1 (numbers) or empty (text).
 *
 * @param source the {@link ResourceSource} that listed it ({@code sim}, {@code netlink})
 * @param device the RDMA device ({@code sim_h1}, {@code mlx5_0})
 * @param port the port it is bound to, 0 when none yet (RESET)
 * @param node the fabric node the device sits on, empty when the source does not know
 * @param nodeGuid the node GUID of the device, 0 when unknown
 * @param lqpn its number
 * @param rqpn the connected QP's number (RC, UC), -1 when not connected or not reported
 * @param type RC, UC, UD, GSI, SMI, XRC_INI, XRC_TGT, RAW_PACKET…
 * @param state its state
 * @param rqPsn the receive queue's expected PSN (RC, UC), -1 when not reported
 * @param sqPsn the send queue's next PSN
 * @param pathMigState MIGRATED, REARM or ARMED (RC, UC), empty when not reported
 * @param pid the process that created it, -1 for the kernel's own QPs
 * @param comm the process's command, or the kernel module for a kernel QP
 * @param kernel whether the kernel created it
 * @param dlid the destination LID of its path, 0 when unknown
 * @param peer the node its path leads to, empty when unknown
 * @param peerGuid that node's GUID, 0 when unknown
 * @param peerPort the port of that node the path ends at, 0 when unknown
 * @param counters what it has done, null when the source does not count
 */
public record QpResource(String source, String device, int port, String node, long nodeGuid, int lqpn, int rqpn,
        String type, QpState state, int rqPsn, int sqPsn, String pathMigState, long pid, String comm, boolean kernel,
        int dlid, String peer, long peerGuid, int peerPort, QpCounters counters) {

    /** @return its counters, when the source counts */
    public Optional<QpCounters> activity() {
        return Optional.ofNullable(counters);
    }

    /** @return whether it is connected to a peer QP (RC, UC with a remote QPN) */
    public boolean connected() {
        return rqpn >= 0 && (type.equals("RC") || type.equals("UC")) && state != QpState.RESET && state != QpState.INIT;
    }
}
