package org.infiniscope.lab.umad;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the MADs that libibmad tools print with {@code -dd}: a title line ({@code rcv buf}, {@code SA Response:})
 * followed by lines of up to eight groups of four hex digits.
 */
final class Dumps {

    private static final Pattern HEX_LINE = Pattern.compile("([0-9a-f]{4} ?){1,8}");

    private Dumps() {
    }

    /** @return every dump that follows a line equal to {@code title}, in order */
    static List<byte[]> after(String output, String title) {
        List<byte[]> dumps = new ArrayList<>();
        String[] lines = output.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].strip().equals(title)) {
                continue;
            }
            StringBuilder hex = new StringBuilder();
            for (int j = i + 1; j < lines.length && HEX_LINE.matcher(lines[j].strip()).matches(); j++) {
                hex.append(lines[j].replace(" ", "").strip());
            }
            dumps.add(HexFormat.of().parseHex(hex));
        }
        return dumps;
    }

    /** @return the last dump after {@code title} whose attribute ID (bytes 16–17) is {@code attributeId} */
    static byte[] lastWithAttribute(String output, String title, int attributeId) {
        List<byte[]> dumps = after(output, title);
        for (int i = dumps.size() - 1; i >= 0; i--) {
            byte[] mad = dumps.get(i);
            if (mad.length >= 18 && ((mad[16] & 0xFF) << 8 | (mad[17] & 0xFF)) == attributeId) {
                return mad;
            }
        }
        throw new AssertionError(
                "no '" + title + "' dump of attribute 0x" + Integer.toHexString(attributeId) + " in:\n" + output);
    }
}
