package org.infiniscope.cm;

/**
 * A UD service a SIDR exchange resolved ({@code struct rdma_ud_param}).
 *
 * @param qpn the service's QP number
 * @param qkey its Q_Key
 * @param dlid the LID to address it at
 * @param privateData what the SIDR_REP carried
 */
public record UdParam(int qpn, int qkey, int dlid, byte[] privateData) {

    /** Copies the private data. */
    public UdParam {
        privateData = privateData == null ? new byte[0] : privateData.clone();
    }

    @Override
    public byte[] privateData() {
        return privateData.clone();
    }
}
