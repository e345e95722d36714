package org.infiniscope.mad.transport;

import org.infiniscope.mad.Mad;

/**
 * Where a MAD goes to, or came from: the remote LID and queue pair, with the Q_Key, service level and
 * P_Key index of the datagram, and a GRH when the peer is in another subnet or the path needs one.
 * Directed-route SMPs are addressed to the permissive LID: their route is in the SMP itself.
 *
 * @param lid the remote LID (16 bits); {@link Mad#PERMISSIVE_LID} for directed-route SMPs
 * @param qpn the remote queue pair: 0 for SMPs, 1 for GMPs, or a redirected QP
 * @param qkey the Q_Key (0 for QP0, {@link Mad#GSI_QKEY} for QP1)
 * @param sl the service level, 0–15
 * @param pkeyIndex the index of the P_Key to send with in the local port's table
 * @param grh the global route header, or {@code null} for none
 */
public record MadAddress(int lid, int qpn, int qkey, int sl, int pkeyIndex, Grh grh) {

    /** Checks the field ranges. */
    public MadAddress {
        if (lid < 0 || lid > 0xFFFF) {
            throw new IllegalArgumentException("LID " + lid + " is outside 0..0xFFFF");
        }
        if (qpn < 0 || qpn > 0xFFFFFF) {
            throw new IllegalArgumentException("QPN " + qpn + " is outside 0..0xFFFFFF");
        }
        if (sl < 0 || sl > 15) {
            throw new IllegalArgumentException("SL " + sl + " is outside 0..15");
        }
        if (pkeyIndex < 0 || pkeyIndex > 0xFFFF) {
            throw new IllegalArgumentException("P_Key index " + pkeyIndex + " is outside 0..0xFFFF");
        }
    }

    /** @return the subnet management interface (QP0) of the port with this LID, for LID-routed SMPs */
    public static MadAddress smi(int lid) {
        return new MadAddress(lid, Mad.SMI_QP, 0, 0, 0, null);
    }

    /** @return the address of every directed-route SMP: the permissive LID on QP0 */
    public static MadAddress directedRoute() {
        return smi(Mad.PERMISSIVE_LID);
    }

    /** @return the general services interface (QP1) of the port with this LID, for SA, PerfMgt, CM... */
    public static MadAddress gsi(int lid) {
        return new MadAddress(lid, Mad.GSI_QP, Mad.GSI_QKEY, 0, 0, null);
    }

    /** @return this address with another service level */
    public MadAddress withSl(int serviceLevel) {
        return new MadAddress(lid, qpn, qkey, serviceLevel, pkeyIndex, grh);
    }

    /** @return this address with a GRH */
    public MadAddress withGrh(Grh header) {
        return new MadAddress(lid, qpn, qkey, sl, pkeyIndex, header);
    }

    /** @return whether this is the SMI (QP0) */
    public boolean isSmi() {
        return qpn == Mad.SMI_QP;
    }

    @Override
    public String toString() {
        return (lid == Mad.PERMISSIVE_LID ? "permissive" : "LID " + lid) + " QP" + qpn + (sl != 0 ? " SL" + sl : "")
                + (grh != null ? " " + grh : "");
    }
}
