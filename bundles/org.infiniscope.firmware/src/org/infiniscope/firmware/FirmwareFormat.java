package org.infiniscope.firmware;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A firmware image format, registered as an OSGi service (whiteboard): the core's FS4 format, and vendor bundles'
 * formats for their own adapters. For an image, the formats that {@link #recognizes} it are tried from the highest
 * {@code service.ranking}; the first one's parse is the answer.
 * <p>
 * {@link #parse} must refuse anything malformed with an {@link ImageFormatException} naming the reason and the
 * offset, never with another exception, and must not trust any length or pointer in the image.
 */
@ConsumerType
public interface FirmwareFormat {

    /** @return the format's name, such as {@code FS4} */
    String name();

    /** @return whether the image looks like this format (its magic), cheaply */
    boolean recognizes(byte[] image);

    /**
     * Reads and checks an image. A CRC that does not match is reported in the sections, not thrown: {@code verify}
     * shows every bad section; structure that cannot be followed is thrown.
     *
     * @throws ImageFormatException when the image's structure is broken
     */
    FirmwareImage parse(byte[] image) throws ImageFormatException;
}
