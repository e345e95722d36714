package org.infiniscope.firmware.internal;

/**
 * Facts of the FS4 image format, as mstflint's public sources give them (names follow its layouts). Offsets of
 * the image structures are from the image start; TOC entries give section addresses in dwords.
 */
final class Fs4 {

    /** The FS4 magic pattern: "MTFW" and three fixed dwords. */
    static final int[] MAGIC = {0x4D544657, 0xABCDEF00, 0xFADE1234, 0x5678DEAD};
    /** The FS3 (and FS2) magic pattern. */
    static final int[] FS3_MAGIC = {0x4D544657, 0x8CDFD000, 0xDEAD9270, 0x4154BEEF};
    /** Where an image may start in a file or flash. */
    static final int[] STARTS = {0, 0x10000, 0x20000, 0x40000, 0x80000, 0x100000, 0x200000, 0x400000, 0x800000,
            0x1000000, 0x2000000};
    static final int BOOT_VERSION = 0x10;
    static final int FS3_BOOT_VERSION = 0x24;
    /** image_format_version of FS4 in the boot version's top byte. */
    static final int IMAGE_FORMAT_FS4 = 1;
    static final int HW_POINTERS = 0x18;
    static final int HW_POINTERS_SIZE = 0x80;
    /** HW pointer entries, 8 bytes each: pointer, then a dword whose low 16 bits are its CRC. */
    static final String[] HW_POINTER_NAMES = {"boot_record", "boot2", "toc", "tools", "authentication_start",
            "authentication_end", "digest", "digest_recovery_key", "fw_window_start", "fw_window_end",
            "image_info_section", "image_signature", "public_key", "fw_security_version", "gcm_iv_delta",
            "hashes_table"};
    static final int PTR_BOOT2 = 1;
    static final int PTR_TOC = 2;
    static final int PTR_TOOLS = 3;
    static final int PTR_IMAGE_INFO = 10;
    static final int PTR_SECURITY_VERSION = 13;
    static final int TOOLS_AREA_SIZE = 0x40;
    static final int SECTOR = 0x1000;
    static final int TOC_HEADER_SIZE = 0x20;
    static final int TOC_ENTRY_SIZE = 0x20;
    static final int ITOC_ASCII = 0x49544F43;
    static final int DTOC_ASCII = 0x44544F43;
    static final int[] TOC_RAND = {0x04081516, 0x2342CAFA, 0xBACAFE00};
    static final int MAX_TOC_ENTRIES = 128;
    static final int[] DEV_INFO_SIGNATURE = {0x6D446576, 0x496E666F, 0x2342CAFA, 0xBACAFE00};

    static final int TYPE_BOOT_CODE = 0x01;
    static final int TYPE_MAIN_CODE = 0x03;
    static final int TYPE_IMAGE_INFO = 0x10;
    static final int TYPE_MFG_INFO = 0xE0;
    static final int TYPE_DEV_INFO = 0xE1;
    static final int TYPE_END = 0xFF;
    static final int CRC_IN_ENTRY = 0;
    static final int CRC_NONE = 1;
    static final int CRC_IN_SECTION = 2;

    static final int IMAGE_INFO_SIZE = 0x400;
    static final int MFG_INFO_SIZE = 0x140;
    static final int DEV_INFO_SIZE = 0x200;

    private Fs4() {
    }

    /** @return a section type's name as mstflint prints it */
    static String sectionName(int type) {
        return switch (type) {
            case TYPE_BOOT_CODE -> "BOOT_CODE";
            case 0x02 -> "PCI_CODE";
            case TYPE_MAIN_CODE -> "MAIN_CODE";
            case 0x04 -> "PCIE_LINK_CODE";
            case 0x08 -> "HW_BOOT_CFG";
            case 0x09 -> "HW_MAIN_CFG";
            case TYPE_IMAGE_INFO -> "IMAGE_INFO";
            case 0x11 -> "FW_BOOT_CFG";
            case 0x12 -> "FW_MAIN_CFG";
            case 0x18 -> "ROM_CODE";
            case 0x20 -> "RESET_INFO";
            case 0x30 -> "DBG_FW_INI";
            case 0x32 -> "DBG_FW_PARAMS";
            case 0xA0 -> "IMAGE_SIGNATURE_256";
            case 0xA1 -> "PUBLIC_KEYS_2048";
            case 0xA2 -> "FORBIDDEN_VERSIONS";
            case 0xA3 -> "IMAGE_SIGNATURE_512";
            case 0xA4 -> "PUBLIC_KEYS_4096";
            case TYPE_MFG_INFO -> "MFG_INFO";
            case TYPE_DEV_INFO -> "DEV_INFO";
            case 0xE2 -> "NV_DATA";
            case 0xE3 -> "VPD_R0";
            case 0xE4 -> "NV_DATA";
            case 0xE5 -> "FW_NV_LOG";
            case 0xE6 -> "NV_DATA";
            default -> String.format("UNKNOWN_0x%02X", type);
        };
    }
}
