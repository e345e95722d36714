package org.infiniscope.mad;

/**
 * The 16-bit MAD status (IBA 13.4.7): bit 0 busy, bit 1 redirect, bits 2–4 the invalid-field code,
 * bits 8–14 class-specific, bit 15 class-specific too (the D bit of directed-route SMPs).
 */
public final class MadStatus {

    public static final int OK = 0;
    public static final int BUSY = 0x0001;
    public static final int REDIRECT = 0x0002;
    /** Invalid-field code 1: bad base or class version. */
    public static final int BAD_VERSION = 1 << 2;
    /** Invalid-field code 2: method not supported. */
    public static final int UNSUPPORTED_METHOD = 2 << 2;
    /** Invalid-field code 3: method/attribute combination not supported. */
    public static final int UNSUPPORTED_METHOD_ATTRIBUTE = 3 << 2;
    /** Invalid-field code 7: an invalid value in the attribute or its modifier. */
    public static final int INVALID_ATTRIBUTE_VALUE = 7 << 2;
    /** The D bit of directed-route SMPs: set on the way back. */
    public static final int DIRECTION = 0x8000;

    private MadStatus() {
    }

    /** @return the invalid-field code, 0 to 7 */
    public static int invalidFieldCode(int status) {
        return (status >>> 2) & 0x7;
    }

    /** @return the class-specific bits 8–14 (for SA: the SA status codes) */
    public static int classSpecific(int status) {
        return (status >>> 8) & 0x7F;
    }

    /** @return a readable description, such as {@code "ok"} or {@code "busy, invalid attribute value"} */
    public static String describe(int status) {
        StringBuilder text = new StringBuilder();
        if ((status & BUSY) != 0) {
            text.append("busy, ");
        }
        if ((status & REDIRECT) != 0) {
            text.append("redirect, ");
        }
        switch (invalidFieldCode(status)) {
            case 0 -> {
            }
            case 1 -> text.append("bad version, ");
            case 2 -> text.append("method not supported, ");
            case 3 -> text.append("method/attribute combination not supported, ");
            case 7 -> text.append("invalid attribute or modifier value, ");
            default -> text.append("reserved invalid-field code ").append(invalidFieldCode(status)).append(", ");
        }
        if (classSpecific(status) != 0) {
            text.append(String.format("class-specific 0x%02x, ", classSpecific(status)));
        }
        if ((status & DIRECTION) != 0) {
            text.append("D, ");
        }
        return text.isEmpty() ? "ok" : text.substring(0, text.length() - 2);
    }
}
