package org.infiniscope.firmware.internal;

import java.util.Arrays;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageSection;

/**
 * Keeps a device's GUIDs and MACs across a burn, as mstflint's {@code burn} does unless told
 * {@code -use_image_guids}: the base GUID, GUID count, base MAC and MAC count are read from the image the device runs
 * and written into the new image's GUID sections (MFG_INFO and DEV_INFO, the layouts FS3 introduced and FS4 kept:
 * two 16-byte uid entries at offset 0x20), whose CRCs are then computed again where the format keeps them (FS4:
 * DEV_INFO's last dword or the DTOC entry, FS3: the ITOC entry, whose own CRC follows).
 */
final class ImageGuids {

    /** A device's GUIDs and MACs: the first of each and how many. */
    record Uids(long baseGuid, int guids, long baseMac, int macs) {
        static Uids of(FirmwareImage image) {
            return new Uids(image.baseGuid(), image.guids(), image.baseMac(), image.macs());
        }

        String describe() {
            return String.format("GUID %016x (%d), MAC %012x (%d)", baseGuid, guids, baseMac, macs);
        }
    }

    private ImageGuids() {
    }

    /**
     * @param image the new image's bytes
     * @param parsed what they parse to
     * @param keep the device's GUIDs and MACs
     * @return a copy of the image with the device's GUIDs and MACs in every GUID section, its CRCs right; the image
     *         itself when it has no GUID section to write
     */
    static byte[] keep(byte[] image, FirmwareImage parsed, Uids keep) {
        byte[] b = Arrays.copyOf(image, image.length);
        rewrite(b, parsed, keep);
        return b;
    }

    /**
     * @return how many GUID sections (MFG_INFO, a signed DEV_INFO) the image has: none in a reduced image (one
     *         without device data), which then neither carries GUIDs of its own nor can keep the device's
     */
    static int sections(byte[] image, FirmwareImage parsed) {
        return rewrite(image, parsed, null);
    }

    /** Writes the uids into every GUID section and fixes the CRCs; counts the sections only when uids is null. */
    private static int rewrite(byte[] b, FirmwareImage parsed, Uids keep) {
        int written = 0;
        boolean fs3 = "FS3".equals(parsed.format());
        ImageSection entry = null;
        for (ImageSection s : parsed.sections()) {
            if (s.name().startsWith("ITOC entry ") || s.name().startsWith("DTOC entry ")) {
                entry = s;
                continue;
            }
            if (entry == null || s.type() != entry.type()
                    || s.type() != Fs4.TYPE_MFG_INFO && s.type() != Fs4.TYPE_DEV_INFO) {
                entry = null;
                continue;
            }
            int at = (int) s.offset();
            int e = (int) entry.offset();
            entry = null;
            if (s.type() == Fs4.TYPE_DEV_INFO && !signed(b, at)) {
                continue; // an empty copy of the failsafe pair
            }
            written++;
            if (keep == null) {
                continue;
            }
            write(b, at + 0x20, keep);
            if (fs3) {
                if (Be.bits(b, e, Fs3.ENTRY_NO_CRC_BIT, 1) == 0) {
                    Be.putBits(b, e, Fs3.ENTRY_CRC_BIT, 16, Crc16.of(b, at, s.length() / 4));
                }
                Be.put32(b, e + 28, Crc16.of(b, e, 7));
            } else {
                switch (Be.bits(b, e, 205, 3)) {
                    case Fs4.CRC_IN_ENTRY -> {
                        Be.putBits(b, e, 208, 16, Crc16.of(b, at, s.length() / 4));
                        Be.put32(b, e + 28, Crc16.of(b, e, 7));
                    }
                    case Fs4.CRC_IN_SECTION -> Be.put32(b, at + s.length() - 4, Crc16.of(b, at, s.length() / 4 - 1));
                    default -> {
                        // no CRC
                    }
                }
            }
        }
        return written;
    }

    private static boolean signed(byte[] b, int at) {
        for (int i = 0; i < 4; i++) {
            if (Be.u32(b, at + 4 * i) != Fs4.DEV_INFO_SIGNATURE[i]) {
                return false;
            }
        }
        return true;
    }

    /** The two uid entries: count in the top two bytes' low ones of dword 0 (as flint lays them), value at byte 8. */
    private static void write(byte[] b, int at, Uids u) {
        Be.putBits(b, at, 24, 8, u.guids() & 0xFF);
        Be.putBits(b, at, 8, 8, u.guids() >>> 8 & 0xFF);
        Be.put64(b, at + 8, u.baseGuid());
        Be.putBits(b, at + 16, 24, 8, u.macs() & 0xFF);
        Be.putBits(b, at + 16, 8, 8, u.macs() >>> 8 & 0xFF);
        Be.put64(b, at + 24, u.baseMac());
    }
}
