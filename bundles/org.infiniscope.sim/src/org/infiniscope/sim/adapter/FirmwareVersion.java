package org.infiniscope.sim.adapter;

/**
 * What an adapter's running firmware says of itself.
 *
 * @param major major version (16 for ConnectX-5)
 * @param minor minor version
 * @param subMinor sub-minor version
 * @param psid the Parameter-Set ID, at most 16 ASCII characters
 */
public record FirmwareVersion(int major, int minor, int subMinor, String psid) {

    /** Checks the fields. */
    public FirmwareVersion {
        if (major < 0 || major > 0xFFFF || minor < 0 || minor > 0xFFFF || subMinor < 0 || subMinor > 0xFFFF) {
            throw new IllegalArgumentException("version fields are 16 bits: " + major + "." + minor + "." + subMinor);
        }
        if (psid.length() > 16 || !psid.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
            throw new IllegalArgumentException("a PSID is up to 16 printable ASCII characters: '" + psid + "'");
        }
    }

    /** @return {@code MAJOR.MINOR.SUBMINOR}, as flint and vendstat print it (two digits at least) */
    public String version() {
        return String.format("%02d.%02d.%02d", major, minor, subMinor);
    }
}
