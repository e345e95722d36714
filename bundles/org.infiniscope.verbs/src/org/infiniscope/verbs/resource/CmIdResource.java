package org.infiniscope.verbs.resource;

/**
 * One connection manager ID as the resource view lists it ({@code rdma resource show cm_id}). Fields the source does
 * not know are -1 (numbers) or empty (text).
 *
 * @param source the {@link ResourceSource} that listed it
 * @param device the RDMA device it is bound to, empty when not bound yet
 * @param port its port, 0 when not bound
 * @param cmIdn its resource number
 * @param lqpn the QP it drives, -1 when none
 * @param qpType the QP's type (RC, UD…), empty when none
 * @param state IDLE, ADDR_QUERY, ADDR_RESOLVED, ROUTE_QUERY, ROUTE_RESOLVED, CONNECT, DISCONNECT, ADDR_BOUND, LISTEN,
 *        DEVICE_REMOVAL, DESTROYING (rdma_cm's states)
 * @param ps the port space: TCP, UDP, IB, IPoIB
 * @param pid the process that created it, -1 for the kernel's
 * @param comm its command, or the kernel module
 * @param kernel whether the kernel created it
 * @param srcAddr the source address as {@code ADDRESS:PORT}, empty when none
 * @param dstAddr the destination address, empty when none
 */
public record CmIdResource(String source, String device, int port, int cmIdn, int lqpn, String qpType, String state,
        String ps, long pid, String comm, boolean kernel, String srcAddr, String dstAddr) {
}
