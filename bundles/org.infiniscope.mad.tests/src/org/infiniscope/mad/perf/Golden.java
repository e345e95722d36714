package org.infiniscope.mad.perf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.stream.Collectors;

/** Loads the golden MADs captured from the ibsim lab: hex lines, {@code #} comments naming the command. */
final class Golden {

    private Golden() {
    }

    static byte[] perf(String name) {
        String path = "/org/infiniscope/mad/golden/perf/" + name;
        try (InputStream in = Golden.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no golden file " + path);
            }
            String hex = new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines()
                    .filter(line -> !line.startsWith("#")).map(String::strip).collect(Collectors.joining());
            byte[] mad = HexFormat.of().parseHex(hex);
            if (mad.length != 256) {
                throw new IllegalStateException(path + " holds " + mad.length + " bytes, not 256");
            }
            return mad;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
