package org.infiniscope.firmware;

import java.util.List;

/**
 * What an image built by {@code fw mkimage} says of itself.
 *
 * @param major firmware major version
 * @param minor firmware minor version
 * @param subMinor firmware sub-minor version
 * @param year release year, BCD as images hold it ({@code 0x2026})
 * @param month release month, BCD
 * @param day release day, BCD
 * @param psid the Parameter-Set ID, at most 16 ASCII characters
 * @param deviceId the PCI device ID the image is for
 * @param description the product description, at most 255 ASCII characters
 * @param baseGuid the first GUID of the device data
 * @param guids how many GUIDs
 * @param baseMac the first MAC
 * @param macs how many MACs
 * @param security security attributes to set: {@code secure-fw}, {@code signed-fw}, {@code debug}
 */
public record ImageSpec(int major, int minor, int subMinor, int year, int month, int day, String psid, int deviceId,
        String description, long baseGuid, int guids, long baseMac, int macs, List<String> security) {

    /** Checks the fields' ranges. */
    public ImageSpec {
        for (int v : new int[]{major, minor, subMinor, year, deviceId}) {
            if (v < 0 || v > 0xFFFF) {
                throw new IllegalArgumentException("a 16-bit field is out of range: " + v);
            }
        }
        if (month < 0 || month > 0xFF || day < 0 || day > 0xFF || guids < 0 || guids > 0xFFFF || macs < 0
                || macs > 0xFFFF) {
            throw new IllegalArgumentException("month, day, GUID or MAC count out of range");
        }
        if (psid.length() > 16 || !psid.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
            throw new IllegalArgumentException("a PSID is up to 16 printable ASCII characters: '" + psid + "'");
        }
        if (description.length() > 255 || !description.chars().allMatch(c -> c >= 0x20 && c < 0x7F)) {
            throw new IllegalArgumentException("the description is up to 255 printable ASCII characters");
        }
        security = List.copyOf(security);
        for (String s : security) {
            if (!List.of("secure-fw", "signed-fw", "debug").contains(s)) {
                throw new IllegalArgumentException(
                        "unknown security attribute '" + s + "' (secure-fw, signed-fw, debug)");
            }
        }
    }

    /** @return the version as {@code MAJOR.MINOR.SUBMINOR} */
    public String version() {
        return major + "." + minor + "." + subMinor;
    }
}
