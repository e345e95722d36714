package org.infiniscope.mad.vendor;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * Mellanox GeneralInfo (vendor class 0x0A, attribute 0x17), what {@code vendstat -N} shows: hardware revision
 * and device ID, firmware version, build, date and PSID, and the software version. Offsets are from the start
 * of the vendor data (the MAD's byte 24); the first 8 bytes are reserved.
 * <p>
 * Two layouts exist. The original (InfiniScale III) one has an 8-bit firmware version and the software info at
 * byte 76. The extended one, of later devices, inserts a 32-bit firmware version at 76–87 and moves the software
 * info to 104.
 *
 * @param layout which layout the bytes follow
 * @param hardware hardware revision, device ID, uptime
 * @param firmware the firmware block
 * @param extendedFirmwareVersion the 32-bit firmware version of the extended layout; zero in the original one
 * @param software the software (switch management) version
 */
public record MellanoxGeneralInfo(Layout layout, Hardware hardware, Firmware firmware, Version extendedFirmwareVersion,
        Version software) {

    /** Mellanox's IEEE OUI. */
    public static final int MELLANOX_OUI = 0x0002C9;
    /** The Mellanox vendor class. */
    public static final int MGMT_CLASS = 0x0A;
    /** GeneralInfo's attribute ID. */
    public static final int ATTRIBUTE_ID = 0x17;
    /** Bytes read or written by {@link #CODEC}: the extended layout's size. */
    public static final int LENGTH = 136;
    private static final int PSID_LENGTH = 16;

    /** The two layouts of GeneralInfo. */
    public enum Layout {
        /** InfiniScale III and older: 8-bit firmware version, software info at 76. */
        ORIGINAL,
        /** Later devices: 32-bit firmware version at 76, software info at 104. */
        EXTENDED;

        /**
         * @return the layout a device answers with. The device IDs are vendstat's table (SwitchX, Switch-IB,
         *         Switch-IB 2, InfiniScale IV, ConnectX and Bull's OEM IDs), widened to the later ConnectX IDs
         *         (0x1003–0x10FF) and Quantum switches (0xD2F0–0xD2FF), which vendstat's table predates.
         */
        public static Layout of(int deviceId) {
            int[][] extended = {{0x0245, 0x0245}, {0xC738, 0xC73B}, {0xCB20, 0xCB20}, {0xCF08, 0xCF08},
                    {0x01B3, 0x01B3}, {0x1003, 0x10FF}, {0xD2F0, 0xD2FF}, {0x1B02, 0x1B02}, {0x1B50, 0x1B50},
                    {0x1BA0, 0x1BA0}, {0x1BD0, 0x1BD5}, {0x1B33, 0x1B33}, {0x1B73, 0x1B73}, {0x1B40, 0x1B41},
                    {0x1B60, 0x1B61}, {0x1B83, 0x1B83}, {0x1B93, 0x1B94}, {0x1BB4, 0x1BB5}, {0x1BC4, 0x1BC4}};
            for (int[] range : extended) {
                if (deviceId >= range[0] && deviceId <= range[1]) {
                    return EXTENDED;
                }
            }
            return ORIGINAL;
        }
    }

    /**
     * A version number.
     *
     * @param major major
     * @param minor minor
     * @param subMinor sub-minor
     */
    public record Version(int major, int minor, int subMinor) {
        /** Zero. */
        public static final Version ZERO = new Version(0, 0, 0);

        /** @return as vendstat prints it, such as {@code 16.35.2000} (at least two digits each) */
        @Override
        public String toString() {
            return String.format("%02d.%02d.%02d", major, minor, subMinor);
        }
    }

    /**
     * The hardware block.
     *
     * @param revision 16 bits
     * @param deviceId 16 bits, the PCI device ID
     * @param uptime 32 bits, unsigned, in the device's own units
     */
    public record Hardware(int revision, int deviceId, long uptime) {
        /** Checks the widths. */
        public Hardware {
            fits("hardware revision", revision, 0xFFFF);
            fits("device ID", deviceId, 0xFFFF);
            fits("uptime", uptime, 0xFFFF_FFFFL);
        }
    }

    /**
     * The firmware block.
     *
     * @param version the 8-bit version fields (the whole version in the original layout)
     * @param buildId 32 bits
     * @param month BCD, as the device reports it ({@code 0x12} is December)
     * @param day BCD
     * @param year BCD ({@code 0x2024})
     * @param hour BCD, hours and minutes ({@code 0x1530})
     * @param psid the Parameter-Set ID, such as {@code MT_0000000008}, without its NUL padding
     * @param iniFileVersion 32 bits
     */
    public record Firmware(Version version, int buildId, int month, int day, int year, int hour, String psid,
            int iniFileVersion) {

        /** Checks the widths and that the PSID is at most 16 printable ASCII characters. */
        public Firmware {
            check8("firmware", version);
            fits("month", month, 0xFF);
            fits("day", day, 0xFF);
            fits("year", year, 0xFFFF);
            fits("hour", hour, 0xFFFF);
            if (psid.length() > PSID_LENGTH || !psid.chars().allMatch(c -> c >= 0x20 && c <= 0x7E)) {
                throw new IllegalArgumentException("PSID '" + psid + "' is not at most 16 printable ASCII characters");
            }
        }

        /** @return the date as vendstat prints it, month/day/year: {@code 12/05/2024} */
        public String date() {
            return String.format("%02x/%02x/%04x", month, day, year);
        }
    }

    /** Reads and writes GeneralInfo at the start of the vendor data; the layout follows from the device ID. */
    public static final AttributeCodec<MellanoxGeneralInfo> CODEC = new AttributeCodec<>() {
        @Override
        public int attributeId() {
            return ATTRIBUTE_ID;
        }

        @Override
        public int length() {
            return LENGTH;
        }

        @Override
        public MellanoxGeneralInfo decode(byte[] buf, int offset) throws MadFormatException {
            Bits.require(buf, offset, LENGTH, "Mellanox GeneralInfo");
            Hardware hardware = new Hardware(Bits.u16(buf, offset + 8), Bits.u16(buf, offset + 10),
                    Integer.toUnsignedLong(Bits.u32(buf, offset + 36)));
            Layout layout = Layout.of(hardware.deviceId());
            Firmware firmware = new Firmware(version8(buf, offset + 40), Bits.u32(buf, offset + 44),
                    Bits.u8(buf, offset + 48), Bits.u8(buf, offset + 49), Bits.u16(buf, offset + 50),
                    Bits.u16(buf, offset + 54), psid(buf, offset + 56), Bits.u32(buf, offset + 72));
            if (layout == Layout.ORIGINAL) {
                return new MellanoxGeneralInfo(layout, hardware, firmware, Version.ZERO, version8(buf, offset + 76));
            }
            Version extended = new Version(Bits.u32(buf, offset + 76), Bits.u32(buf, offset + 80),
                    Bits.u32(buf, offset + 84));
            return new MellanoxGeneralInfo(layout, hardware, firmware, extended, version8(buf, offset + 104));
        }

        @Override
        public void encode(MellanoxGeneralInfo value, byte[] buf, int offset) {
            Arrays.fill(buf, offset, offset + LENGTH, (byte) 0);
            Bits.put16(buf, offset + 8, value.hardware.revision());
            Bits.put16(buf, offset + 10, value.hardware.deviceId());
            Bits.put32(buf, offset + 36, (int) value.hardware.uptime());
            Firmware fw = value.firmware;
            putVersion8(buf, offset + 40, fw.version());
            Bits.put32(buf, offset + 44, fw.buildId());
            Bits.put8(buf, offset + 48, fw.month());
            Bits.put8(buf, offset + 49, fw.day());
            Bits.put16(buf, offset + 50, fw.year());
            Bits.put16(buf, offset + 54, fw.hour());
            byte[] psid = fw.psid().getBytes(StandardCharsets.ISO_8859_1);
            System.arraycopy(psid, 0, buf, offset + 56, psid.length);
            Bits.put32(buf, offset + 72, fw.iniFileVersion());
            if (value.layout == Layout.ORIGINAL) {
                putVersion8(buf, offset + 76, value.software);
            } else {
                Bits.put32(buf, offset + 76, value.extendedFirmwareVersion.major());
                Bits.put32(buf, offset + 80, value.extendedFirmwareVersion.minor());
                Bits.put32(buf, offset + 84, value.extendedFirmwareVersion.subMinor());
                putVersion8(buf, offset + 104, value.software);
            }
        }
    };

    /** Checks that the layout matches the device ID, so that the value encodes to what it was decoded from. */
    public MellanoxGeneralInfo {
        if (layout != Layout.of(hardware.deviceId())) {
            throw new IllegalArgumentException(String.format("device ID 0x%04x answers in the %s layout, not %s",
                    hardware.deviceId(), Layout.of(hardware.deviceId()), layout));
        }
        if (extendedFirmwareVersion == null) {
            extendedFirmwareVersion = Version.ZERO;
        }
        check8("software", software);
    }

    private static void check8(String what, Version version) {
        fits(what + " major", version.major(), 0xFF);
        fits(what + " minor", version.minor(), 0xFF);
        fits(what + " sub-minor", version.subMinor(), 0xFF);
    }

    private static void fits(String what, long value, long max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException("GeneralInfo " + what + " " + value + " is outside 0.." + max);
        }
    }

    /** @return the firmware version vendstat prints: the 32-bit one in the extended layout, else the 8-bit one */
    public Version firmwareVersion() {
        return layout == Layout.EXTENDED ? extendedFirmwareVersion : firmware.version();
    }

    // A 4-byte block: a reserved byte, then major, minor, sub-minor.
    private static Version version8(byte[] buf, int at) {
        return new Version(Bits.u8(buf, at + 1), Bits.u8(buf, at + 2), Bits.u8(buf, at + 3));
    }

    private static void putVersion8(byte[] buf, int at, Version version) {
        Bits.put8(buf, at + 1, version.major());
        Bits.put8(buf, at + 2, version.minor());
        Bits.put8(buf, at + 3, version.subMinor());
    }

    // The PSID is NUL-padded ASCII; bytes after the first NUL are not part of it.
    private static String psid(byte[] buf, int at) throws MadFormatException {
        int end = at;
        while (end < at + PSID_LENGTH && buf[end] != 0) {
            if (buf[end] < 0x20 || buf[end] > 0x7E) {
                throw new MadFormatException(Problem.BAD_FIELD, end,
                        String.format("GeneralInfo PSID byte 0x%02x at %d is not printable ASCII", buf[end], end - at));
            }
            end++;
        }
        return new String(buf, at, end - at, StandardCharsets.US_ASCII);
    }
}
