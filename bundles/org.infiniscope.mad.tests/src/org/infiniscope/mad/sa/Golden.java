package org.infiniscope.mad.sa;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * A MAD captured from the ibsim lab: 256 bytes of hex, after comment lines that give the command and,
 * for answers, the length actually received.
 */
record Golden(String name, byte[] mad, int receivedLength) {

    static Golden load(String name) throws IOException {
        try (InputStream in = Golden.class.getResourceAsStream("/org/infiniscope/mad/golden/sa/" + name)) {
            if (in == null) {
                throw new IOException("no golden file " + name);
            }
            StringBuilder hex = new StringBuilder();
            int received = 256;
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                if (line.startsWith("# received-length:")) {
                    received = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
                } else if (!line.startsWith("#")) {
                    hex.append(line.strip());
                }
            }
            byte[] mad = HexFormat.of().parseHex(hex);
            if (mad.length != 256) {
                throw new IOException(name + " holds " + mad.length + " bytes, not 256");
            }
            return new Golden(name, mad, received);
        }
    }

    /** @return the bytes of the data area that the SA sent */
    int dataLength() {
        return Math.min(receivedLength, 224) - SaMad.DATA_OFFSET;
    }
}
