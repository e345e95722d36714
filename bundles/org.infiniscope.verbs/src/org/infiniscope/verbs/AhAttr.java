package org.infiniscope.verbs;

/**
 * An address vector ({@code struct ibv_ah_attr}), LID-routed (no GRH).
 *
 * @param dlid the destination LID
 * @param sl the service level
 * @param srcPathBits the low bits of the source LID under the LMC
 * @param staticRate the static rate code, 0 for the port's rate
 * @param portNum the local port it leaves from
 */
public record AhAttr(int dlid, int sl, int srcPathBits, int staticRate, int portNum) {

    /** @return a vector to {@code dlid} through local port {@code port}, SL 0 */
    public static AhAttr toLid(int dlid, int port) {
        return new AhAttr(dlid, 0, 0, 0, port);
    }
}
