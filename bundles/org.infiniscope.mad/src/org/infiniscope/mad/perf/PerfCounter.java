package org.infiniscope.mad.perf;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One counter of a PerfMgt attribute: where it lies, how wide it is and which CounterSelect bit names it
 * in a Set. Implemented by the enums of this package, one per attribute.
 */
@ProviderType
public interface PerfCounter {

    /** @return the counter's layout */
    CounterField field();

    /** @return the name the IBA spec and perfquery use, such as {@code SymbolErrorCounter} */
    default String label() {
        return field().label();
    }

    /** @return the offset of the counter's most significant bit from the start of the attribute */
    default int bitOffset() {
        return field().bitOffset();
    }

    /** @return the width in bits, 4 to 64 */
    default int width() {
        return field().width();
    }

    /**
     * @return the counter's bit in the attribute's select mask as {@link PerfCounters#counterSelect()} holds
     *         it: CounterSelect is bits 0–15, CounterSelect2 follows from bit 16
     */
    default int selectBit() {
        return field().selectBit();
    }

    /** @return whether the counter counts octets divided by 4 (PortXmitData, PortRcvData) */
    default boolean countsDataWords() {
        return false;
    }

    /** @return the largest value, where the counter stops (for 64-bit counters, -1: all bits set) */
    default long max() {
        return width() == 64 ? -1L : (1L << width()) - 1;
    }
}
