package org.infiniscope.mad.perf;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The codec of one PerfMgt counter attribute layout. Every such attribute starts alike: a reserved byte,
 * PortSelect, CounterSelect; some add a second select field. The instances are in {@link PerfAttributes} and
 * {@link ExtendedCounterVariant}.
 *
 * @param <C> the attribute's counter enum
 */
public final class PerfCounterCodec<C extends Enum<C> & PerfCounter> implements AttributeCodec<PerfCounters<C>> {

    /**
     * A select field on the wire and where its bits go in {@link PerfCounters#counterSelect()}.
     *
     * @param bitOffset MSB-first offset from the start of the attribute
     * @param width in bits
     * @param shift the position of its bit 0 in the combined mask
     */
    record SelectField(int bitOffset, int width, int shift) {
    }

    private final int attributeId;
    private final String name;
    private final int length;
    private final Class<C> type;
    private final Set<C> carried;
    private final List<SelectField> selectFields;

    PerfCounterCodec(int attributeId, String name, int length, Class<C> type, Set<C> carried,
            SelectField... selectFields) {
        this.attributeId = attributeId;
        this.name = name;
        this.length = length;
        this.type = type;
        this.carried = Collections.unmodifiableSet(EnumSet.copyOf(carried));
        this.selectFields = List.of(selectFields);
    }

    @Override
    public int attributeId() {
        return attributeId;
    }

    @Override
    public int length() {
        return length;
    }

    /** @return the attribute's name, such as {@code PortCounters} */
    public String name() {
        return name;
    }

    /** @return the counter enum */
    public Class<C> type() {
        return type;
    }

    /** @return the counters this layout carries */
    public Set<C> counters() {
        return carried;
    }

    @Override
    public PerfCounters<C> decode(byte[] buf, int offset) throws MadFormatException {
        Bits.require(buf, offset, length, name);
        long select = 0;
        for (SelectField field : selectFields) {
            select |= Integer.toUnsignedLong(Bits.get(buf, offset, field.bitOffset, field.width)) << field.shift;
        }
        PerfCounters.Builder<C> builder = PerfCounters.builder(type).portSelect(Bits.u8(buf, offset + 1))
                .counterSelect(select);
        for (C counter : carried) {
            builder.set(counter, read(buf, offset, counter));
        }
        return builder.build();
    }

    private static long read(byte[] buf, int offset, PerfCounter counter) {
        if (counter.width() == 64) {
            return Bits.u64(buf, offset + counter.bitOffset() / 8);
        }
        return Integer.toUnsignedLong(Bits.get(buf, offset, counter.bitOffset(), counter.width()));
    }

    @Override
    public void encode(PerfCounters<C> value, byte[] buf, int offset) {
        Arrays.fill(buf, offset, offset + length, (byte) 0);
        Bits.put8(buf, offset + 1, value.portSelect());
        for (SelectField field : selectFields) {
            Bits.set(buf, offset, field.bitOffset, field.width, (int) (value.counterSelect() >>> field.shift));
        }
        for (C counter : carried) {
            long raw = value.find(counter).orElse(0);
            if (counter.width() == 64) {
                Bits.put64(buf, offset + counter.bitOffset() / 8, raw);
            } else {
                Bits.set(buf, offset, counter.bitOffset(), counter.width(), (int) raw);
            }
        }
    }

    @Override
    public String toString() {
        return name + " codec";
    }
}
