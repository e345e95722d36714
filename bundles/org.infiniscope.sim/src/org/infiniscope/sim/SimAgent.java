package org.infiniscope.sim;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A vendor's agent for the embedded simulator, registered as an OSGi service (whiteboard): it answers, on every
 * simulated node, the MADs of a vendor-specific class that the vendor's device firmware answers on real hardware
 * (Kura's emulator pattern: the vendor bundle brings the emulation of its device along with the codec that reads
 * it). The simulator plugs each agent into every embedded fabric, present and future, and unplugs it when the
 * service goes.
 * <p>
 * How one is chosen: for a class, the agent with the highest {@code service.ranking} (then the lowest
 * {@code service.id}). Class 0x0A is the built-in Mellanox adapter agent's and is not taken by a vendor's.
 * <p>
 * Calls come on the simulator's thread, one at a time per fabric, bounded in time (the core's vendor call bound):
 * an agent that throws or runs past the bound is a node that does not answer, and it is not called again. The
 * agent gets a copy of the MAD; what it writes counts only when it returns {@code true} within the bound.
 */
@ConsumerType
public interface SimAgent extends SimFabric.Agent {

    /** @return the vendor class it answers: 0x09–0x0F or 0x30–0x4F */
    int mgmtClass();
}
