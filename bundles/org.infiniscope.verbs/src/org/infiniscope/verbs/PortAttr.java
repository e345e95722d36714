package org.infiniscope.verbs;

/**
 * A port's attributes ({@code struct ibv_port_attr}, the fields used here).
 *
 * @param state 1 Down, 2 Init, 3 Armed, 4 Active ({@code enum ibv_port_state})
 * @param maxMtu the largest MTU code
 * @param activeMtu the MTU code in use
 * @param lid the port's base LID
 * @param smLid the master SM's LID
 * @param lmc the LID mask count
 * @param pkeyTblLen the P_Key table's length
 * @param gidTblLen the GID table's length
 * @param portGuid the port GUID
 */
public record PortAttr(int state, int maxMtu, int activeMtu, int lid, int smLid, int lmc, int pkeyTblLen, int gidTblLen,
        long portGuid) {

    /** {@code IBV_PORT_ACTIVE}. */
    public static final int ACTIVE = 4;
}
