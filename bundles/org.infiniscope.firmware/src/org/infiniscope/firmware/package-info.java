/**
 * Firmware images: the {@link org.infiniscope.firmware.FirmwareFormat} SPI through which formats are parsed,
 * verified and described, and the description they give ({@link org.infiniscope.firmware.FirmwareImage}).
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.firmware;
