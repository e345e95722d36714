package org.infiniscope.mad.rmpp;

import org.infiniscope.mad.Mad;

/** Builds the MADs of a transfer from the header bytes its segments share. */
final class RmppMads {

    private RmppMads() {
    }

    /**
     * @param header at least {@code dataOffset} bytes: common header, RMPP header (overwritten), class header
     * @param flipDirection whether the MAD travels against the data, so its method has the response bit flipped
     * @return a new 256-byte MAD with the shared header, the given RMPP header and no data
     */
    static byte[] control(byte[] header, int dataOffset, RmppHeader rmpp, boolean flipDirection) {
        byte[] mad = new byte[Mad.SIZE];
        System.arraycopy(header, 0, mad, 0, dataOffset);
        if (flipDirection) {
            mad[3] ^= (byte) 0x80;
        }
        rmpp.encode(mad, RmppHeader.OFFSET);
        return mad;
    }

    /** @return whether two MADs belong to the same transfer: same class and transaction ID */
    static boolean sameTransfer(byte[] a, byte[] b) {
        if (a[1] != b[1]) {
            return false;
        }
        for (int i = 8; i < 16; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }
}
