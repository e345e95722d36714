package org.infiniscope.discovery.internal;

import org.infiniscope.discovery.SweepProgress;
import org.infiniscope.mad.smp.NodeInfo;

/**
 * A sweep's progress that also hears of each NodeInfo answer, for {@code discover -s} (ibnetdiscover's
 * {@code --show}). Called as {@link SweepProgress} is: on the transport's threads under the sweep's lock, so it must
 * return at once.
 */
interface SweepTrace extends SweepProgress {

    /**
     * @param route the directed route the answer came by (empty for the local node)
     * @param isNew whether the node was not known before
     * @param info the NodeInfo
     * @param port the port it answered for: 0 for a switch, else the port the route reached
     * @param baseLid that port's LID as read so far, 0 before its PortInfo
     * @param lmc that port's LMC as read so far
     * @param description the node description as read so far, empty before its answer
     */
    void found(int[] route, boolean isNew, NodeInfo info, int port, int baseLid, int lmc, String description);
}
