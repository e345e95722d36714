package org.infiniscope.lab.umad;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.Bits;

/**
 * The request MADs of {@link UmadBench}, built by hand from the IBA layouts: the common header through
 * {@link MadHeader}, the class fields at their offsets. {@link UmadLabIT} builds and decodes its MADs with the
 * codecs of {@code org.infiniscope.mad} instead.
 */
final class Mads {

    static final int NODE_INFO = 0x11;
    static final int PORT_INFO = 0x15;
    static final int PORT_COUNTERS = 0x12;
    static final int PATH_RECORD = 0x35;
    /** SMP data (64 bytes) and the PerfMgt and SA data start here. */
    static final int SMP_DATA = 64;
    static final int SA_DATA = 56;

    private Mads() {
    }

    /**
     * A directed-route SubnGet (IBA 14.2.2): hop pointer 0 and hop count in class-specific bytes 6–7, DrSLID and
     * DrDLID permissive at 32–35, the outgoing ports at InitialPath[1..n] (byte 128 + i).
     */
    static byte[] directedRouteGet(int attributeId, int modifier, int... path) {
        byte[] mad = new byte[Mad.SIZE];
        new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_DIRECTED_ROUTE, 1, Method.GET, 0, path.length, 0,
                attributeId, modifier).encode(mad, 0);
        Bits.put16(mad, 32, Mad.PERMISSIVE_LID);
        Bits.put16(mad, 34, Mad.PERMISSIVE_LID);
        for (int i = 0; i < path.length; i++) {
            Bits.put8(mad, 128 + 1 + i, path[i]);
        }
        return mad;
    }

    /** A PerfMgt Get(PortCounters) (IBA 16.1.3.5): PortSelect at data byte 1. */
    static byte[] portCountersGet(int port) {
        byte[] mad = new byte[Mad.SIZE];
        new MadHeader(MadHeader.BASE_VERSION, MgmtClass.PERF_MGT, 1, Method.GET, 0, 0, 0, PORT_COUNTERS, 0).encode(mad,
                0);
        Bits.put8(mad, SMP_DATA + 1, port);
        return mad;
    }

    /**
     * An SA GetTable(PathRecord) from one LID to another, as {@code saquery --src-to-dst} asks: component mask
     * DLID (bit 4), SLID (bit 5) and NumbPath (bit 12) at bytes 48–55, the record at 56 with DLID at +40, SLID at
     * +42 and NumbPath 127 at +49.
     */
    static byte[] pathRecordGetTable(int slid, int dlid) {
        byte[] mad = new byte[Mad.SIZE];
        new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, 2, Method.GET_TABLE, 0, 0, 0, PATH_RECORD, 0)
                .encode(mad, 0);
        Bits.put64(mad, 48, (1L << 4) | (1L << 5) | (1L << 12));
        Bits.put16(mad, SA_DATA + 40, dlid);
        Bits.put16(mad, SA_DATA + 42, slid);
        Bits.put8(mad, SA_DATA + 49, 0x7F);
        return mad;
    }
}
