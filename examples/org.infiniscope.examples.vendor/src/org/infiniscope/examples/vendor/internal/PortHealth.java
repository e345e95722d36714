package org.infiniscope.examples.vendor.internal;

import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The PortHealth attribute ({@link ExampleClass}).
 *
 * @param port the port it describes
 * @param nodeVendorMads the vendor MADs its node received, this one included
 * @param healthReads the PortHealth Gets of this port, this one included
 */
record PortHealth(int port, long nodeVendorMads, long healthReads) {

    /** @return the data bytes */
    byte[] encode(int dataLength) {
        byte[] data = new byte[dataLength];
        Bits.put8(data, 0, port);
        Bits.put64(data, 8, nodeVendorMads);
        Bits.put64(data, 16, healthReads);
        return data;
    }

    /** @throws MadFormatException when the data is short */
    static PortHealth decode(byte[] data) throws MadFormatException {
        Bits.require(data, 0, 24, "PortHealth");
        return new PortHealth(Bits.u8(data, 0), Bits.u64(data, 8), Bits.u64(data, 16));
    }

    @Override
    public String toString() {
        return String.format("Port:....................%d%nNode vendor MADs:........%d%nHealth reads:............%d",
                port, nodeVendorMads, healthReads);
    }
}
