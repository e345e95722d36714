package org.infiniscope.cm;

import org.infiniscope.mad.Gid;

/**
 * A resolved route ({@code struct ibv_sa_path_rec}, the fields a connection uses), as the SA's PathRecord gives it.
 *
 * @param slid the local port's LID
 * @param dlid the remote port's LID
 * @param sgid the local port's GID
 * @param dgid the remote port's GID
 * @param mtu the path MTU code (1 for 256 .. 5 for 4096)
 * @param sl the service level
 * @param rate the static rate code
 * @param packetLifeTime the packet life time code (4.096 µs × 2^code)
 * @param pkey the partition key
 */
public record CmRoute(int slid, int dlid, Gid sgid, Gid dgid, int mtu, int sl, int rate, int packetLifeTime, int pkey) {
}
