package org.infiniscope.mad.smp;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;

/**
 * NodeDescription (attribute 0x10): 64 bytes of UTF-8 text, NUL-padded; a description of exactly 64 bytes has
 * no NUL.
 *
 * @param text the description, at most 64 bytes in UTF-8, without NUL characters
 */
public record NodeDescription(String text) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x10;
    /** Length of the wire form. */
    public static final int LENGTH = 64;

    /** Checks that the text fits. */
    public NodeDescription {
        Objects.requireNonNull(text, "text");
        if (text.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a node description has no NUL characters");
        }
        if (text.getBytes(StandardCharsets.UTF_8).length > LENGTH) {
            throw new IllegalArgumentException("node description longer than 64 bytes in UTF-8: " + text);
        }
    }

    /**
     * The wire form. Bytes that are not UTF-8 decode to U+FFFD; text after the first NUL is ignored, as every
     * tool does.
     */
    public static final AttributeCodec<NodeDescription> CODEC = new SmaCodec<>(ATTRIBUTE_ID, LENGTH, "NodeDescription",
            (b, o) -> {
                int end = o;
                while (end < o + LENGTH && b[end] != 0) {
                    end++;
                }
                String text = new String(b, o, end - o, StandardCharsets.UTF_8);
                // a multi-byte character cut at byte 64 can decode to more than 64 bytes of U+FFFD: keep it valid
                while (text.getBytes(StandardCharsets.UTF_8).length > LENGTH) {
                    text = text.substring(0, text.offsetByCodePoints(text.length(), -1));
                }
                return new NodeDescription(text);
            }, (v, b, o) -> {
                byte[] bytes = v.text.getBytes(StandardCharsets.UTF_8);
                System.arraycopy(bytes, 0, b, o, bytes.length);
            });

    @Override
    public String toString() {
        return "NodeDescription[" + text + "]";
    }
}
