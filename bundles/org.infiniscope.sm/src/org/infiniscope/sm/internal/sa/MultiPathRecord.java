package org.infiniscope.sm.internal.sa;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.wire.Bits;

/**
 * The request of a SubnAdmGetMulti(MultiPathRecord) (IBA 15.2.5.20, attribute 0x3A): path properties and the source
 * and destination GIDs whose paths to find, 24 bytes then SGIDCount + DGIDCount GIDs. The answer is PathRecords.
 */
record MultiPathRecord(boolean reversible, int numbPath, int pKey, int sl, int mtuSelector, int mtu, int rateSelector,
        int rate, int packetLifeTimeSelector, int packetLifeTime, List<Gid> sgids, List<Gid> dgids) {

    /** The attribute ID. */
    static final int ATTRIBUTE_ID = 0x3A;
    /** Where the GIDs start. */
    static final int GIDS = 24;

    /** ComponentMask bits (as OpenSM numbers them) and the PathRecord components they stand for. */
    private static final long[][] PATH_COMPONENTS = {{1L << 5, PathRecord.Components.REVERSIBLE},
            {1L << 7, PathRecord.Components.P_KEY}, {1L << 9, PathRecord.Components.SL},
            {1L << 10, PathRecord.Components.MTU_SELECTOR}, {1L << 11, PathRecord.Components.MTU},
            {1L << 12, PathRecord.Components.RATE_SELECTOR}, {1L << 13, PathRecord.Components.RATE},
            {1L << 14, PathRecord.Components.PACKET_LIFE_TIME_SELECTOR},
            {1L << 15, PathRecord.Components.PACKET_LIFE_TIME}};
    private static final long NUMB_PATH = 1L << 6;
    private static final int COMPONENTS = 22;

    /** @return the PathRecord components a MultiPathRecord mask gives */
    long pathComponents(long mask) {
        long path = 0;
        for (long[] c : PATH_COMPONENTS) {
            if ((mask & c[0]) != 0) {
                path |= c[1];
            }
        }
        return path;
    }

    /** @return whether NumbPath is given */
    static boolean hasNumbPath(long mask) {
        return (mask & NUMB_PATH) != 0;
    }

    /** @return the request in a GetMulti's data (one MAD's 200 bytes, or more through RMPP) */
    static MultiPathRecord decode(byte[] data, long mask) throws SaError {
        if ((mask >>> COMPONENTS) != 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "ComponentMask selects components a MultiPathRecord lacks");
        }
        if (data.length < GIDS) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "a MultiPathRecord of " + data.length + " bytes");
        }
        int sgidCount = Bits.u8(data, 15);
        int dgidCount = Bits.u8(data, 16);
        if (sgidCount == 0 || dgidCount == 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS,
                    "a MultiPathRecord names at least one SGID " + "and one DGID");
        }
        if (GIDS + (sgidCount + dgidCount) * Gid.LENGTH > data.length) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, sgidCount + " SGIDs and " + dgidCount + " DGIDs do not fit "
                    + "the request's " + data.length + " bytes");
        }
        List<Gid> sgids = new ArrayList<>();
        List<Gid> dgids = new ArrayList<>();
        for (int i = 0; i < sgidCount + dgidCount; i++) {
            Gid g = Gid.read(data, GIDS + i * Gid.LENGTH);
            (i < sgidCount ? sgids : dgids).add(g);
        }
        return new MultiPathRecord(Bits.get(data, 5, 0, 1) != 0, Bits.get(data, 5, 1, 7), Bits.u16(data, 6),
                Bits.get(data, 8, 12, 4), Bits.get(data, 10, 0, 2), Bits.get(data, 10, 2, 6), Bits.get(data, 11, 0, 2),
                Bits.get(data, 11, 2, 6), Bits.get(data, 12, 0, 2), Bits.get(data, 12, 2, 6), List.copyOf(sgids),
                List.copyOf(dgids));
    }

    /** @return the wire form of a request (for clients and tests) */
    byte[] encode() {
        byte[] b = new byte[GIDS + (sgids.size() + dgids.size()) * Gid.LENGTH];
        Bits.put8(b, 5, (reversible ? 0x80 : 0) | numbPath);
        Bits.put16(b, 6, pKey);
        Bits.put16(b, 8, sl);
        Bits.put8(b, 10, mtuSelector << 6 | mtu);
        Bits.put8(b, 11, rateSelector << 6 | rate);
        Bits.put8(b, 12, packetLifeTimeSelector << 6 | packetLifeTime);
        Bits.put8(b, 15, sgids.size());
        Bits.put8(b, 16, dgids.size());
        int at = GIDS;
        for (Gid g : sgids) {
            g.write(b, at);
            at += Gid.LENGTH;
        }
        for (Gid g : dgids) {
            g.write(b, at);
            at += Gid.LENGTH;
        }
        return b;
    }
}
