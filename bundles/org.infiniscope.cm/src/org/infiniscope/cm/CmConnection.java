package org.infiniscope.cm;

import org.infiniscope.mad.Gid;

/**
 * One communication the CM of a node holds, as a snapshot: what {@code qp} commands and the QP view list.
 *
 * @param node the node whose CM holds it (the simulated fabric's node name, or the host name on hardware)
 * @param device the device it uses ({@code sim_h1}, {@code mlx5_0}), empty before its address was resolved
 * @param port the device port, 0 when not yet bound
 * @param localCommId its local communication ID
 * @param remoteCommId the peer's communication ID, 0 until known
 * @param localQpn the local QP number, 0 when none yet
 * @param remoteQpn the peer's QP number, 0 until known
 * @param state its CM state
 * @param lapState the alternate path exchange's state ({@link CmState#LAP_IDLE} when none)
 * @param serviceId the service ID it connects to or listens on
 * @param peerLid the peer port's LID, 0 until known
 * @param peerGid the peer port's GID, {@link Gid#ZERO} until known
 * @param localPsn the starting PSN of the local send queue
 * @param remotePsn the starting PSN of the peer's send queue (the local receive queue's), 0 until known
 * @param active whether this side sent the REQ (the active side) rather than received it
 */
public record CmConnection(String node, String device, int port, int localCommId, int remoteCommId, int localQpn,
        int remoteQpn, CmState state, CmState lapState, long serviceId, int peerLid, Gid peerGid, int localPsn,
        int remotePsn, boolean active) {

    /** Requires the names and states. */
    public CmConnection {
        if (node == null || device == null || state == null || lapState == null || peerGid == null) {
            throw new IllegalArgumentException("a CM connection needs its node, device, states and peer GID");
        }
    }
}
