package org.infiniscope.sm;

/**
 * What one sweep found changed and what it wrote to the fabric.
 *
 * @param nodes the nodes the sweep found (a light sweep: those of the last heavy sweep)
 * @param nodesAdded nodes found that the previous heavy sweep had not (all of them at the first sweep)
 * @param nodesRemoved nodes of the previous heavy sweep that this one did not find
 * @param lidsChanged endports whose LID this sweep gave or changed (all of them at the first sweep)
 * @param portInfoSets PortInfo Sets sent (LIDs, SM LID, keys, link settings, arming)
 * @param switchInfoSets SwitchInfo Sets sent (LinearFDBTop, life time, PortStateChange cleared)
 * @param lftBlocks LFT blocks written (only those that differed from the switch's)
 * @param pKeySets P_Key table Sets sent
 * @param activations ports the activation phase made ACTIVE
 */
public record SweepChanges(int nodes, int nodesAdded, int nodesRemoved, int lidsChanged, int portInfoSets,
        int switchInfoSets, int lftBlocks, int pKeySets, int activations) {

    /** Nothing changed and nothing written, among {@code nodes} nodes. */
    public static SweepChanges none(int nodes) {
        return new SweepChanges(nodes, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** @return whether the sweep found or wrote anything */
    public boolean any() {
        return nodesAdded + nodesRemoved + lidsChanged + portInfoSets + switchInfoSets + lftBlocks + pKeySets
                + activations > 0;
    }
}
