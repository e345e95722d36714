package org.infiniscope.cm.internal;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.mad.Gid;

/** Finds the port an address names, and the route to it: a fabric's directory and its SA. */
public interface Resolver {

    /**
     * A remote port.
     *
     * @param lid its LID
     * @param gid its GID
     */
    record Target(int lid, Gid gid) {
    }

    /** @throws CmException when no port answers to the address */
    Target target(CmAddress address) throws CmException;

    /**
     * @param slid the local port's LID
     * @param sgid the local port's GID
     * @throws CmException when there is no route
     */
    CmRoute route(int slid, Gid sgid, Target to) throws CmException;
}
