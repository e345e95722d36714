package org.infiniscope.mad.transport;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The parts of a global route header a sender chooses (IBA 8.3).
 *
 * @param dgid the destination GID, 16 bytes (copied)
 * @param sgidIndex the index of the source GID in the local port's GID table
 * @param flowLabel 20 bits
 * @param hopLimit 8 bits
 * @param trafficClass 8 bits
 */
public record Grh(byte[] dgid, int sgidIndex, int flowLabel, int hopLimit, int trafficClass) {

    /** Copies the GID and checks the field ranges. */
    public Grh {
        if (dgid == null || dgid.length != 16) {
            throw new IllegalArgumentException("a GID has 16 bytes");
        }
        dgid = dgid.clone();
        if (flowLabel < 0 || flowLabel > 0xFFFFF || hopLimit < 0 || hopLimit > 0xFF || trafficClass < 0
                || trafficClass > 0xFF || sgidIndex < 0 || sgidIndex > 0xFF) {
            throw new IllegalArgumentException("GRH field out of range");
        }
    }

    /** @return a copy of the destination GID */
    @Override
    public byte[] dgid() {
        return dgid.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Grh g && Arrays.equals(dgid, g.dgid) && sgidIndex == g.sgidIndex
                && flowLabel == g.flowLabel && hopLimit == g.hopLimit && trafficClass == g.trafficClass;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(dgid) * 31 + flowLabel;
    }

    @Override
    public String toString() {
        return "GRH[dgid " + HexFormat.ofDelimiter(":").formatHex(dgid) + "]";
    }
}
