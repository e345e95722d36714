package org.infiniscope.mad.perf;

import java.util.Set;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * Whole PerfMgt MADs (class 0x04, version 1): the requests a performance manager sends — Get, and the Set
 * that resets counters — and the decoding of the answers. Bytes 24–63 are reserved; the attribute is at 64.
 */
public final class PerfMgtMad {

    /** PerfMgt's class version. */
    public static final int CLASS_VERSION = 1;
    /** Where the attribute starts. */
    public static final int DATA_OFFSET = 64;
    /** The room for the attribute. */
    public static final int DATA_LENGTH = Mad.SIZE - DATA_OFFSET;

    /**
     * A decoded PerfMgt MAD.
     *
     * @param header the common header
     * @param value the attribute
     * @param <T> the attribute type
     */
    public record Decoded<T>(MadHeader header, T value) {
    }

    private PerfMgtMad() {
    }

    /**
     * Decodes a 256-byte PerfMgt MAD holding the codec's attribute.
     *
     * @throws MadFormatException when the MAD is short, or not a PerfMgt v1 MAD of that attribute
     */
    public static <T> Decoded<T> decode(byte[] mad, AttributeCodec<T> codec) throws MadFormatException {
        Bits.require(mad, 0, Mad.SIZE, "PerfMgt MAD");
        MadHeader header = MadHeader.decode(mad, 0);
        if (header.mgmtClass() != MgmtClass.PERF_MGT) {
            throw new MadFormatException(Problem.BAD_CLASS, 1,
                    "MgmtClass " + MgmtClass.name(header.mgmtClass()) + ", expected PerfMgt");
        }
        if (header.classVersion() != CLASS_VERSION) {
            throw new MadFormatException(Problem.BAD_CLASS_VERSION, 2,
                    "PerfMgt ClassVersion " + header.classVersion() + ", expected 1");
        }
        if (header.attributeId() != codec.attributeId()) {
            throw new MadFormatException(Problem.BAD_ATTRIBUTE, 16,
                    String.format("AttributeID 0x%04x, expected 0x%04x", header.attributeId(), codec.attributeId()));
        }
        return new Decoded<>(header, codec.decode(mad, DATA_OFFSET));
    }

    /** @return a 256-byte MAD with the header and the attribute; every other byte zero */
    public static <T> byte[] encode(MadHeader header, AttributeCodec<T> codec, T value) {
        byte[] mad = new byte[Mad.SIZE];
        header.encode(mad, 0);
        codec.encode(value, mad, DATA_OFFSET);
        return mad;
    }

    /** @return a PerfMgt header for a request */
    public static MadHeader header(int method, long transactionId, int attributeId) {
        return new MadHeader(MadHeader.BASE_VERSION, MgmtClass.PERF_MGT, CLASS_VERSION, method, 0, 0, transactionId,
                attributeId, 0);
    }

    /** @return Get(ClassPortInfo), the request a manager sends first to learn the port's capabilities */
    public static byte[] getClassPortInfo(long transactionId) {
        byte[] mad = new byte[Mad.SIZE];
        header(Method.GET, transactionId, ClassPortInfo.ATTRIBUTE_ID).encode(mad, 0);
        return mad;
    }

    /** @return Get of a counter attribute for one port (or {@link PerfCounters#ALL_PORTS}) */
    public static <C extends Enum<C> & PerfCounter> byte[] get(PerfCounterCodec<C> codec, long transactionId,
            int portSelect) {
        PerfCounters<C> request = PerfCounters.builder(codec.type()).portSelect(portSelect).build();
        return encode(header(Method.GET, transactionId, codec.attributeId()), codec, request);
    }

    /**
     * @return the Set that resets {@code counters} of a port to zero: their select bits set, every counter
     *         value zero
     */
    public static <C extends Enum<C> & PerfCounter> byte[] reset(PerfCounterCodec<C> codec, long transactionId,
            int portSelect, Set<C> counters) {
        PerfCounters<C> request = PerfCounters.builder(codec.type()).portSelect(portSelect).select(counters).build();
        return encode(header(Method.SET, transactionId, codec.attributeId()), codec, request);
    }
}
