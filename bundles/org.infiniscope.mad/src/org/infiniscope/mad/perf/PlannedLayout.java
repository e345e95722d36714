package org.infiniscope.mad.perf;

/**
 * The layout of any counter attribute, planned from its select fields and its counters' offsets and widths.
 *
 * @param selects each select field's slot is its shift in the combined mask
 * @param counters each counter's slot is its ordinal
 */
record PlannedLayout(WireFields selects, WireFields counters) implements CounterLayout {

    @Override
    public long readSelect(byte[] buf, int base) {
        return selects.readMask(buf, base);
    }

    @Override
    public void writeSelect(long select, byte[] buf, int base) {
        selects.writeMask(select, buf, base);
    }

    @Override
    public void readCounters(byte[] buf, int base, long[] out) {
        counters.readInto(buf, base, out);
    }

    @Override
    public void writeCounters(long[] in, byte[] buf, int base) {
        counters.writeFrom(in, buf, base);
    }
}
