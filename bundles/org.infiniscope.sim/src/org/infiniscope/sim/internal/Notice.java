package org.infiniscope.sim.internal;

/**
 * A MAD a simulated node sends on its own (a trap to the SM), waiting in {@link Engine#notices()} until the fabric
 * carries it LID-routed from the issuing port to {@code dlid}.
 *
 * @param node the issuing node
 * @param port the port it leaves from (0 for a switch's management port)
 * @param dlid where it goes: the SM LID the issuing port was given
 * @param qpn the destination queue pair: 0 for an SMP (a Trap), 1 for a GMP
 * @param mad the 256 MAD bytes
 */
public record Notice(int node, int port, int dlid, int qpn, byte[] mad) {
}
