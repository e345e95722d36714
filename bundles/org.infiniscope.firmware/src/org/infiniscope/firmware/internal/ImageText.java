package org.infiniscope.firmware.internal;

import java.util.Locale;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageSection;

/** Prints an image's description as {@code flint query} and its sections as {@code flint verify} print them. */
final class ImageText {

    private ImageText() {
    }

    static String query(FirmwareImage i) {
        StringBuilder b = new StringBuilder();
        line(b, "Image type:", i.format());
        line(b, "FW Version:", i.version());
        if (!i.releaseDate().isEmpty()) {
            line(b, "FW Release Date:", i.releaseDate());
        }
        b.append(String.format("%-23s%-19s%s%n", "Description:", "UID", "GuidsNumber"));
        uid(b, "Base GUID:", i.baseGuid(), 16, i.guids());
        uid(b, "Base MAC:", i.baseMac(), 12, i.macs());
        line(b, "Image VSD:", i.imageVsd().isEmpty() ? "N/A" : i.imageVsd());
        line(b, "Device VSD:", i.deviceVsd().isEmpty() ? "N/A" : i.deviceVsd());
        line(b, "PSID:", i.psid().isEmpty() ? "N/A" : i.psid());
        line(b, "Security Attributes:", i.security().isEmpty() ? "N/A" : String.join(", ", i.security()));
        if (!i.format().equals("FS3")) { // FS3 images have no security version, and flint prints none
            line(b, "Security Ver:", Integer.toString(i.securityVersion()));
        }
        return b.toString().replace(System.lineSeparator(), "\n");
    }

    /** A UID line: the value and its count, or N/A for both when the image has none. */
    private static void uid(StringBuilder b, String label, long value, int digits, int count) {
        if (value == 0) {
            b.append(String.format("%-23s%-23s%s%n", label, "N/A", "N/A"));
        } else {
            b.append(String.format("%-23s%-24s%d%n", label, hex(value, digits), count));
        }
    }

    private static String hex(long v, int digits) {
        return String.format("%0" + digits + "x", v).toLowerCase(Locale.ROOT);
    }

    private static void line(StringBuilder b, String label, String value) {
        b.append(String.format("%-23s", label)).append(value).append('\n');
    }

    /**
     * flint's verify: each section's line up to the first with a wrong CRC, where flint stops on FS4 (on FS3 it goes
     * on to the last section), then its verdict.
     * TOC entries are checked without a line of their own unless one is wrong.
     */
    static String verify(FirmwareImage i) {
        StringBuilder b = new StringBuilder("\n" + i.format() + " failsafe image\n\n");
        // flint stops at an FS4 image's first wrong CRC, but checks every section of an FS3 image before failing
        boolean goOn = i.format().equals("FS3");
        boolean bad = false;
        for (ImageSection s : i.sections()) {
            if (s.name().contains(" entry ") && s.crcOk()) {
                continue;
            }
            String where = String.format("     /0x%08x-0x%08x (0x%06x)/ (%s)", s.offset(), s.offset() + s.length() - 1,
                    s.length(), s.name());
            if (s.storedCrc() < 0) {
                b.append(where).append(" - NO CRC\n");
            } else if (s.crcOk()) {
                b.append(where).append(" - OK\n");
            } else {
                b.append(where).append(String.format(" /0x%08x/ - wrong CRC (exp:0x%x, act:0x%x)\n", s.offset(),
                        s.computedCrc(), s.storedCrc()));
                bad = true;
                if (!goOn) {
                    break;
                }
            }
        }
        if (bad) {
            return b.append("-E- FW image verification failed: Bad CRC.. AN HCA DEVICE CAN NOT BOOT FROM THIS IMAGE.\n")
                    .toString();
        }
        return b.append("\n-I- FW image verification succeeded. Image is bootable.\n\n").toString();
    }
}
