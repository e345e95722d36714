package org.infiniscope.mad.perf;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
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
    private final int counterCount;
    private final long carriedMask;
    private final PlannedLayout planned;
    private final CounterLayout layout;

    PerfCounterCodec(int attributeId, String name, int length, Class<C> type, Set<C> carried,
            SelectField... selectFields) {
        this(attributeId, name, length, type, carried, null, selectFields);
    }

    /**
     * @param layout a hand-written layout of the select fields and {@code carried}, or {@code null} to use the one
     *        planned from them
     */
    PerfCounterCodec(int attributeId, String name, int length, Class<C> type, Set<C> carried, CounterLayout layout,
            SelectField... selectFields) {
        this.attributeId = attributeId;
        this.name = name;
        this.length = length;
        this.type = type;
        this.carried = Collections.unmodifiableSet(EnumSet.copyOf(carried));
        this.counterCount = type.getEnumConstants().length;
        this.planned = new PlannedLayout(selectPlan(length, selectFields), counterPlan(length, this.carried));
        this.layout = layout != null ? layout : planned;
        long mask = 0;
        for (C counter : this.carried) {
            mask |= 1L << counter.ordinal();
        }
        this.carriedMask = mask;
    }

    /** Each select field's slot is its shift in the combined mask. */
    private static WireFields selectPlan(int length, SelectField[] fields) {
        int[] offsets = new int[fields.length];
        int[] widths = new int[fields.length];
        int[] shifts = new int[fields.length];
        for (int k = 0; k < fields.length; k++) {
            offsets[k] = fields[k].bitOffset();
            widths[k] = fields[k].width();
            shifts[k] = fields[k].shift();
        }
        return new WireFields(length, offsets, widths, shifts);
    }

    /** Each counter's slot is its ordinal: its index in the value's array. */
    private static <C extends Enum<C> & PerfCounter> WireFields counterPlan(int length, Set<C> counters) {
        int[] offsets = new int[counters.size()];
        int[] widths = new int[offsets.length];
        int[] ordinals = new int[offsets.length];
        int k = 0;
        for (C counter : counters) {
            offsets[k] = counter.bitOffset();
            widths[k] = counter.width();
            ordinals[k++] = counter.ordinal();
        }
        return new WireFields(length, offsets, widths, ordinals);
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
        long select = layout.readSelect(buf, offset);
        // Straight into the value's own array: every field is masked to its width, so nothing to check.
        long[] values = new long[counterCount];
        layout.readCounters(buf, offset, values);
        return new PerfCounters<>(type, Bits.u8(buf, offset + 1), select, values, carriedMask);
    }

    @Override
    public void encode(PerfCounters<C> value, byte[] buf, int offset) {
        Arrays.fill(buf, offset, offset + length, (byte) 0);
        Bits.put8(buf, offset + 1, value.portSelect());
        layout.writeSelect(value.counterSelect(), buf, offset);
        // A counter the value lacks is written as zero, as its slot holds.
        layout.writeCounters(value.raw(), buf, offset);
    }

    /** @return the layout planned from the fields, which a hand-written one must match */
    PlannedLayout planned() {
        return planned;
    }

    /** @return the layout in use */
    CounterLayout layout() {
        return layout;
    }

    @Override
    public String toString() {
        return name + " codec";
    }
}
