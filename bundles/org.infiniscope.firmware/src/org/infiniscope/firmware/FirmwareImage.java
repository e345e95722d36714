package org.infiniscope.firmware;

import java.util.List;

/**
 * What a {@link FirmwareFormat} reads from an image.
 *
 * @param format the format's name ({@code FS4})
 * @param version the firmware version, {@code MAJOR.MINOR.SUBMINOR}
 * @param releaseDate the release date as flint prints it ({@code 29.11.2026}, {@code 14.7.2025}), empty when none
 * @param psid the Parameter-Set ID, which a burn must match
 * @param deviceId the PCI device ID the image is for, 0 when unknown
 * @param description the image's product description, empty when none
 * @param baseGuid the first GUID of the device data, 0 when the image has no device data
 * @param guids how many GUIDs are allocated from it
 * @param baseMac the first MAC, 0 when none
 * @param macs how many MACs
 * @param imageVsd the image's vendor-specific data text, empty when none
 * @param deviceVsd the device data's vendor-specific data text, empty when none
 * @param securityVersion the firmware security version (anti-rollback), 0 when none
 * @param security the security attributes set (for example {@code secure-fw}, {@code signed-fw}, {@code debug}),
 *        empty when none is
 * @param sections every section with its CRC, in image order
 */
public record FirmwareImage(String format, String version, String releaseDate, String psid, int deviceId,
        String description, long baseGuid, int guids, long baseMac, int macs, String imageVsd, String deviceVsd,
        int securityVersion, List<String> security, List<ImageSection> sections) {

    /** Copies the lists. */
    public FirmwareImage {
        security = List.copyOf(security);
        sections = List.copyOf(sections);
    }

    /** @return the sections whose CRC does not match, empty when the image verifies */
    public List<ImageSection> badSections() {
        return sections.stream().filter(s -> !s.crcOk()).toList();
    }
}
