/**
 * Connection management for InfiniBand: the IB CM protocol (IBA vol. 1 ch. 12) over the MAD layer, and above it an
 * rdma_cm-style API ({@link org.infiniscope.cm.RdmaCm}: event channels, identifiers, address and route resolution,
 * connect, listen, accept, reject, disconnect). {@link org.infiniscope.cm.CmConnections} lists the connections the
 * CM holds, per node, for views and commands.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.cm;
