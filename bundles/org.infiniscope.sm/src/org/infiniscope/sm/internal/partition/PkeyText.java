package org.infiniscope.sm.internal.partition;

/** Numbers as the partitions grammar writes them (C's strtoul with base 0). */
final class PkeyText {

    private PkeyText() {
    }

    /** @return 0x hex, leading-0 octal or decimal, or null */
    static Long number(String text) {
        try {
            if (text.startsWith("0x") || text.startsWith("0X")) {
                return text.length() > 2 ? Long.parseUnsignedLong(text.substring(2), 16) : null;
            }
            if (text.length() > 1 && text.startsWith("0")) {
                return Long.parseUnsignedLong(text.substring(1), 8);
            }
            return text.isEmpty() ? null : Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
