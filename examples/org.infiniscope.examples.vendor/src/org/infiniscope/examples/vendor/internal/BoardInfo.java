package org.infiniscope.examples.vendor.internal;

import java.nio.charset.StandardCharsets;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * The BoardInfo attribute ({@link ExampleClass}).
 *
 * @param name the board's name, at most 64 ASCII characters
 * @param nodeGuid its node GUID
 * @param portCount its ports
 * @param madsAnswered the vendor MADs it answered before this one
 */
record BoardInfo(String name, long nodeGuid, int portCount, long madsAnswered) {

    static final int NAME_LENGTH = 64;

    /** @return the data bytes */
    byte[] encode(int dataLength) {
        byte[] data = new byte[dataLength];
        byte[] text = name.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, data, 0, Math.min(text.length, NAME_LENGTH));
        Bits.put64(data, 64, nodeGuid);
        Bits.put8(data, 72, portCount);
        Bits.put64(data, 80, madsAnswered);
        return data;
    }

    /** @throws MadFormatException when the name is not NUL-padded printable ASCII */
    static BoardInfo decode(byte[] data) throws MadFormatException {
        Bits.require(data, 0, 88, "BoardInfo");
        int end = 0;
        while (end < NAME_LENGTH && data[end] != 0) {
            if (data[end] < 0x20 || data[end] > 0x7E) {
                throw new MadFormatException(Problem.BAD_FIELD, 40 + end,
                        String.format("BoardInfo name byte 0x%02x at %d is not printable ASCII", data[end], end));
            }
            end++;
        }
        return new BoardInfo(new String(data, 0, end, StandardCharsets.US_ASCII), Bits.u64(data, 64), Bits.u8(data, 72),
                Bits.u64(data, 80));
    }

    @Override
    public String toString() {
        return String
                .format("Board name:..............%s%nNode GUID:...............0x%016x%nPorts:...................%d%n"
                        + "Vendor MADs answered:....%d", name, nodeGuid, portCount, madsAnswered);
    }
}
