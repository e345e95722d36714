package org.infiniscope.firmware;

/**
 * One section of an image and its checksum.
 *
 * @param name the section's name (for example {@code IMAGE_INFO}, {@code BOOT2}, {@code ITOC})
 * @param type the format's type number, -1 for structures without one
 * @param offset where it starts in the image
 * @param length its length in bytes
 * @param storedCrc the CRC the image holds for it, -1 when it has none
 * @param computedCrc the CRC computed over it, -1 when it has none
 */
public record ImageSection(String name, int type, long offset, int length, int storedCrc, int computedCrc) {

    /** @return whether the stored CRC matches (true for a section without CRC) */
    public boolean crcOk() {
        return storedCrc == computedCrc;
    }
}
