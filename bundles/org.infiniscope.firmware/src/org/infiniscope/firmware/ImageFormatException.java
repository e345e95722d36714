package org.infiniscope.firmware;

/** A firmware image cannot be read: the message says what is wrong, {@link #offset()} where. */
public final class ImageFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private final long offset;

    /**
     * @param reason what is wrong
     * @param offset the byte offset in the image where it was found
     */
    public ImageFormatException(String reason, long offset) {
        super(String.format("%s (at offset 0x%x)", reason, offset));
        this.offset = offset;
    }

    /** @return the byte offset in the image where the problem was found */
    public long offset() {
        return offset;
    }
}
