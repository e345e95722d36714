package org.infiniscope.mad.perf;

/**
 * Moves the counters of one attribute layout between the wire and a value's array of raw values by ordinal. The
 * caller has checked that the attribute lies inside the buffer, and zeroes it before writing.
 */
interface CounterLayout {

    /** Reads every carried counter, unsigned, into {@code out[ordinal]}. */
    void readInto(byte[] buf, int base, long[] out);

    /** Writes every carried counter from {@code in[ordinal]} into zeroed bytes; bits above a width are dropped. */
    void writeFrom(long[] in, byte[] buf, int base);
}
