package org.infiniscope.mad.perf;

/**
 * Where a PerfMgt counter lies in its attribute and which select bit names it: the layout every
 * {@link PerfCounter} enum constant carries.
 *
 * @param label the name the IBA spec and perfquery use, such as {@code SymbolErrorCounter}
 * @param bitOffset the offset of the counter's most significant bit from the start of the attribute
 * @param width the width in bits, 4 to 64
 * @param selectBit the counter's bit in the attribute's select mask (CounterSelect bits 0–15, CounterSelect2
 *        from bit 16)
 */
public record CounterField(String label, int bitOffset, int width, int selectBit) {
}
