package org.infiniscope.examples.vendor.internal;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSection;
import org.osgi.service.component.annotations.Component;

/**
 * EXFW, Example Fabrics' firmware container. Big-endian:
 *
 * <pre>
 *   0  "EXFW"                      magic
 *   4  u16 format version          1
 *   6  u16 sections N              1..16
 *   8  u16 major, minor, sub-minor the firmware version; u16 reserved at 14
 *  16  u16 year, u8 month, u8 day  the release date (decimal)
 *  20  u32 device ID               the PCI device ID it is for (low 16 bits)
 *  24  char[16] PSID               NUL-padded printable ASCII
 *  40  char[32] description        NUL-padded printable ASCII
 *  72  N entries of 20 bytes       char[8] name, u32 offset, u32 length, u16 zero, u16 CRC of the section
 *      section data                each section inside [72 + 20 N, size - 4)
 *  size - 4  u16 zero, u16 CRC     of every byte before it
 * </pre>
 *
 * The CRC is CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR; the CRC of
 * "123456789" is 0x29B1). {@code fw verify} lists the sections and the image CRC ("IMAGE"); a wrong CRC is reported,
 * not thrown.
 */
@Component(service = FirmwareFormat.class)
public final class ExfwFormat implements FirmwareFormat {

    static final byte[] MAGIC = "EXFW".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    static final int HEADER = 72;
    static final int ENTRY = 20;
    static final int MAX_SECTIONS = 16;

    @Override
    public String name() {
        return "EXFW";
    }

    @Override
    public boolean recognizes(byte[] image) {
        return image.length >= 4 && image[0] == MAGIC[0] && image[1] == MAGIC[1] && image[2] == MAGIC[2]
                && image[3] == MAGIC[3];
    }

    @Override
    public FirmwareImage parse(byte[] image) throws ImageFormatException {
        if (image.length < HEADER + ENTRY + 4) {
            throw new ImageFormatException("EXFW image of " + image.length + " bytes is shorter than a header, one"
                    + " section entry and the CRC (" + (HEADER + ENTRY + 4) + ")", image.length);
        }
        if (!recognizes(image)) {
            throw new ImageFormatException("no EXFW magic", 0);
        }
        ByteBuffer b = ByteBuffer.wrap(image);
        int version = Short.toUnsignedInt(b.getShort(4));
        if (version != VERSION) {
            throw new ImageFormatException("EXFW format version " + version + ", only 1 is known", 4);
        }
        int n = Short.toUnsignedInt(b.getShort(6));
        if (n < 1 || n > MAX_SECTIONS) {
            throw new ImageFormatException("EXFW section count " + n + " is outside 1.." + MAX_SECTIONS, 6);
        }
        int dataStart = HEADER + n * ENTRY;
        int dataEnd = image.length - 4;
        if (dataStart > dataEnd) {
            throw new ImageFormatException("EXFW section table of " + n + " entries runs past the image", HEADER);
        }
        int month = Byte.toUnsignedInt(image[18]);
        int day = Byte.toUnsignedInt(image[19]);
        if (month < 1 || month > 12 || day < 1 || day > 31) {
            throw new ImageFormatException("EXFW release date month " + month + " day " + day + " is not a date", 16);
        }
        List<ImageSection> sections = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int at = HEADER + i * ENTRY;
            String name = text(image, at, 8, "section name");
            long offset = Integer.toUnsignedLong(b.getInt(at + 8));
            long length = Integer.toUnsignedLong(b.getInt(at + 12));
            if (offset < dataStart || offset + length > dataEnd) {
                throw new ImageFormatException("EXFW section " + name + " at 0x" + Long.toHexString(offset) + " of "
                        + length + " bytes lies outside the data (0x" + Integer.toHexString(dataStart) + "..0x"
                        + Integer.toHexString(dataEnd) + ")", at + 8);
            }
            sections.add(new ImageSection(name, i, offset, (int) length, stored(image, at + 16),
                    crc(image, (int) offset, (int) length)));
        }
        sections.add(new ImageSection("IMAGE", n, 0, image.length, stored(image, dataEnd), crc(image, 0, dataEnd)));
        String fw = Short.toUnsignedInt(b.getShort(8)) + "." + Short.toUnsignedInt(b.getShort(10)) + "."
                + Short.toUnsignedInt(b.getShort(12));
        String date = String.format("%02d.%02d.%04d", day, month, Short.toUnsignedInt(b.getShort(16)));
        return new FirmwareImage("EXFW", fw, date, text(image, 24, 16, "PSID"), b.getInt(20) & 0xFFFF,
                text(image, 40, 32, "description"), 0, 0, 0, 0, "", "", 0, List.of(), sections);
    }

    /** @return CRC-16/CCITT-FALSE of the bytes */
    static int crc(byte[] bytes, int offset, int length) {
        int crc = 0xFFFF;
        for (int i = offset; i < offset + length; i++) {
            crc ^= (bytes[i] & 0xFF) << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            crc &= 0xFFFF;
        }
        return crc;
    }

    /** A stored CRC: a u32 whose upper half must be zero (anything else cannot match). */
    private static int stored(byte[] image, int at) {
        return ByteBuffer.wrap(image).getInt(at) & 0x7FFF_FFFF;
    }

    private static String text(byte[] image, int at, int length, String what) throws ImageFormatException {
        int end = at;
        while (end < at + length && image[end] != 0) {
            if (image[end] < 0x20 || image[end] > 0x7E) {
                throw new ImageFormatException("EXFW " + what + " byte " + (end - at) + " is not printable ASCII", end);
            }
            end++;
        }
        return new String(image, at, end - at, StandardCharsets.US_ASCII);
    }

    /**
     * Builds an image: two sections, BOOT and MAIN, of bytes that follow from the version (so two versions differ).
     *
     * @param version such as {@code 1.2.3}
     */
    static byte[] build(String version, String psid, int deviceId, String description) {
        String[] v = version.split("\\.");
        if (v.length != 3) {
            throw new IllegalArgumentException("version '" + version + "' is not MAJOR.MINOR.SUBMINOR");
        }
        int[] sizes = {256, 1024};
        String[] names = {"BOOT", "MAIN"};
        int dataStart = HEADER + sizes.length * ENTRY;
        int size = dataStart + sizes[0] + sizes[1] + 4;
        ByteBuffer b = ByteBuffer.allocate(size);
        b.put(MAGIC).putShort((short) VERSION).putShort((short) sizes.length);
        for (String part : v) {
            b.putShort((short) Integer.parseInt(part));
        }
        b.putShort((short) 0).putShort((short) 2026).put((byte) 11).put((byte) 29).putInt(deviceId);
        b.put(padded(psid, 16)).put(padded(description, 32));
        byte[] image = b.array();
        int offset = dataStart;
        for (int i = 0; i < sizes.length; i++) {
            for (int j = 0; j < sizes[i]; j++) {
                image[offset + j] = (byte) (j * 31 + i * 7 + version.hashCode());
            }
            int at = HEADER + i * ENTRY;
            System.arraycopy(padded(names[i], 8), 0, image, at, 8);
            ByteBuffer.wrap(image).putInt(at + 8, offset).putInt(at + 12, sizes[i]).putInt(at + 16,
                    crc(image, offset, sizes[i]));
            offset += sizes[i];
        }
        ByteBuffer.wrap(image).putInt(size - 4, crc(image, 0, size - 4));
        return image;
    }

    private static byte[] padded(String text, int length) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length > length) {
            throw new IllegalArgumentException("'" + text + "' is longer than " + length + " characters");
        }
        byte[] out = new byte[length];
        System.arraycopy(bytes, 0, out, 0, bytes.length);
        return out;
    }
}
