package org.infiniscope.firmware.internal;

/**
 * Facts of the FS3 image format (ConnectX-4/Connect-IB generation), as mstflint's public sources give them. FS3
 * has no HW pointers: a 0x38-byte preboot area (magic and boot record), boot2 right after it, then the ITOC at the
 * first 4 KiB boundary after boot2 that holds a valid ITOC signature. ITOC entries flag the device's own sections
 * (MFG_INFO, DEV_INFO, VPD) as device data; an entry's address is relative to the image start when its relative
 * bit is set, else a flash (file) address. FS3 has no DTOC: the device data sits in the ITOC.
 */
final class Fs3 {

    /** Bytes before boot2 (magic and boot record; mstflint does not check their CRC). */
    static final int BOOT_START = 0x38;
    /** The dword whose top byte is the image format version (mstflint tells FS3 from FS2 by it). */
    static final int FORMAT_VERSION = 0x24;
    /** FS3's image format version. */
    static final int IMAGE_FORMAT_FS3 = 3;
    /** ITOC entry bits, counted from the MSB of the entry (mstflint's cibfw_itoc_entry). */
    static final int ENTRY_RELATIVE_BIT = 160;
    static final int ENTRY_ADDRESS_BIT = 161;
    static final int ENTRY_DEVICE_DATA_BIT = 206;
    static final int ENTRY_NO_CRC_BIT = 207;
    static final int ENTRY_CRC_BIT = 208;
    /** The sections mstflint requires in an FS3 ITOC. */
    static final int TYPE_MFG_INFO = Fs4.TYPE_MFG_INFO;

    private Fs3() {
    }
}
