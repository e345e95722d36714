package org.infiniscope.sm.partition;

import java.util.HexFormat;

/**
 * A multicast group OpenSM creates from the partitions file before anyone joins: a partition's IPoIB broadcast group
 * ({@code ipoib}) and the groups of its {@code mgid=} lines. The SA answers MCMemberRecord queries for them and
 * takes joins into them.
 *
 * @param mgid the group's GID (16 bytes), scope nibble and, for IP groups, P_Key bytes as OpenSM sets them
 * @param pkey the partition's P_Key with the full-member bit
 * @param mtu the MTU code (4: 2048)
 * @param rate the rate code (3: 10 Gb/s)
 * @param sl the service level
 * @param scope the scope (2: link-local)
 * @param qkey the Q_Key (0x0b1b for IP groups given none)
 * @param tclass the traffic class
 * @param flowLabel the flow label
 */
public record PrecreatedGroup(byte[] mgid, int pkey, int mtu, int rate, int sl, int scope, long qkey, int tclass,
        int flowLabel) {

    /** Copies the GID. */
    public PrecreatedGroup {
        mgid = mgid.clone();
    }

    @Override
    public byte[] mgid() {
        return mgid.clone();
    }

    /** @return the GID as 32 hex digits */
    public String mgidHex() {
        return HexFormat.of().formatHex(mgid);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PrecreatedGroup g && java.util.Arrays.equals(mgid, g.mgid) && pkey == g.pkey
                && mtu == g.mtu && rate == g.rate && sl == g.sl && scope == g.scope && qkey == g.qkey
                && tclass == g.tclass && flowLabel == g.flowLabel;
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(mgid) * 31 + pkey;
    }

    @Override
    public String toString() {
        return "PrecreatedGroup[" + mgidHex() + " pkey=" + String.format("0x%04x", pkey) + " mtu=" + mtu + " rate="
                + rate + " sl=" + sl + " scope=" + scope + " qkey=" + String.format("0x%x", qkey) + " tclass=" + tclass
                + " flowLabel=" + flowLabel + "]";
    }
}
