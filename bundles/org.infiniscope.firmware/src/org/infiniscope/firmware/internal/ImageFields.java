package org.infiniscope.firmware.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSection;

/**
 * What IMAGE_INFO, MFG_INFO and DEV_INFO say, in the layouts FS3 introduced and FS4 kept (mstflint's cibfw/cx4fw
 * structures): read as each section is met, then assembled into a {@link FirmwareImage}.
 */
final class ImageFields {

    String version = "";
    String date = "";
    String psid = "";
    String description = "";
    int deviceId;
    final List<String> security = new ArrayList<>();
    long baseGuid;
    int guids;
    long baseMac;
    int macs;
    String mfgPsid = "";
    String imageVsd = "";
    int securityVersion;
    String deviceVsd = "";

    FirmwareImage image(String format, List<ImageSection> sections) {
        return new FirmwareImage(format, version, date, psid.isEmpty() ? mfgPsid : psid, deviceId, description,
                baseGuid, guids, baseMac, macs, imageVsd, deviceVsd, securityVersion, security, sections);
    }

    void imageInfo(byte[] b, int at, int len, int entry) throws ImageFormatException {
        if (len < Fs4.IMAGE_INFO_SIZE) {
            throw new ImageFormatException("IMAGE_INFO is 0x" + Integer.toHexString(len) + " bytes, less than 0x400",
                    entry);
        }
        imageInfo(b, at);
    }

    void imageInfo(byte[] b, int at) throws ImageFormatException {
        int major = Be.bits(b, at, 0, 8);
        if (major != 0) {
            throw new ImageFormatException("unknown IMAGE_INFO format version " + major + "." + Be.bits(b, at, 8, 8),
                    at);
        }
        version = String.format("%d.%d.%d", Be.bits(b, at + 4, 0, 16), Be.bits(b, at + 4, 32, 16),
                Be.bits(b, at + 4, 48, 16));
        int year = Be.bits(b, at + 4, 96, 16);
        int month = Be.bits(b, at + 4, 112, 8);
        int day = Be.bits(b, at + 4, 120, 8);
        date = year == 0 ? "" : String.format("%x.%x.%x", day, month, year); // BCD, printed as flint does
        deviceId = Be.bits(b, at, 224, 16);
        psid = Be.string(b, at, 312, 16);
        imageVsd = Be.string(b, at, 472, 208);
        description = Be.string(b, at, 3736, 256);
        security.clear();
        if (Be.bits(b, at, 16, 1) != 0) {
            security.add("secure-fw");
        }
        if (Be.bits(b, at, 17, 1) != 0) {
            security.add("signed-fw");
        }
        if (Be.bits(b, at, 18, 1) != 0) {
            security.add("debug");
        }
        if (Be.bits(b, at, 27, 2) != 0) {
            security.add("encrypted");
        }
    }

    void mfgInfo(byte[] b, int at, int len, int entry) throws ImageFormatException {
        if (len < Fs4.MFG_INFO_SIZE) {
            throw new ImageFormatException("MFG_INFO is shorter than 0x140 bytes", entry);
        }
        mfgPsid = Be.string(b, at, 24, 16);
        if (baseGuid == 0) {
            uids(b, at + 32);
        }
    }

    void devInfo(byte[] b, int at, int len, int entry) throws ImageFormatException {
        if (len < Fs4.DEV_INFO_SIZE) {
            throw new ImageFormatException("DEV_INFO is shorter than 0x200 bytes", entry);
        }
        for (int i = 0; i < 4; i++) {
            if (Be.u32(b, at + 4 * i) != Fs4.DEV_INFO_SIGNATURE[i]) {
                return; // an empty copy of the failsafe pair
            }
        }
        int major = Be.bits(b, at, 143, 9);
        if (major != 2) {
            throw new ImageFormatException("unknown DEV_INFO format version " + major, at + 16);
        }
        uids(b, at + 32);
        deviceVsd = Be.string(b, at, 920, 208);
    }

    /** The GUIDs and MACs: two uid entries of 16 bytes (count low byte of dword 0, the value at byte 8). */
    private void uids(byte[] b, int at) {
        guids = Be.bits(b, at, 24, 8) | Be.bits(b, at, 8, 8) << 8;
        baseGuid = Be.u64(b, at + 8);
        macs = Be.bits(b, at + 16, 24, 8) | Be.bits(b, at + 16, 8, 8) << 8;
        baseMac = Be.u64(b, at + 24);
    }
}
