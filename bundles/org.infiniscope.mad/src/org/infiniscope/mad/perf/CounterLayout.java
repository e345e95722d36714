package org.infiniscope.mad.perf;

/**
 * Moves a counter attribute's select mask and counters between the wire and a value. The caller has checked that
 * the attribute lies inside the buffer, and zeroes it before writing; bits of a value above its field's width are
 * dropped on the way out.
 */
interface CounterLayout {

    /** @return the select fields combined as {@link PerfCounters#counterSelect()} holds them */
    long readSelect(byte[] buf, int base);

    /** Writes the select fields from the combined mask into zeroed bytes. */
    void writeSelect(long select, byte[] buf, int base);

    /** Reads every carried counter, unsigned, into {@code out[ordinal]}. */
    void readCounters(byte[] buf, int base, long[] out);

    /** Writes every carried counter from {@code in[ordinal]} into zeroed bytes. */
    void writeCounters(long[] in, byte[] buf, int base);
}
