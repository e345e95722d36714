package org.infiniscope.mad.umad.internal;

import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;

/**
 * A parsed channel specification: {@code umad} or {@code umad:CA:PORT}.
 *
 * @param caName the CA, or {@code null} for the first
 * @param port the port number, or 0 for the first usable one
 */
record PortSpec(String caName, int port) {

    private static final String SYNTAX = "expected 'umad' or 'umad:CA:PORT' (e.g. umad:mlx5_0:1)";

    static PortSpec parse(String spec) throws UmadException {
        if (spec == null) {
            throw new UmadException(Reason.BAD_SPEC, "no channel specification: " + SYNTAX);
        }
        if (spec.equals("umad")) {
            return new PortSpec(null, 0);
        }
        String[] parts = spec.split(":", -1);
        if (parts.length != 3 || !parts[0].equals("umad")) {
            throw new UmadException(Reason.BAD_SPEC, "bad channel '" + spec + "': " + SYNTAX);
        }
        String ca = parts[1];
        if (ca.isEmpty() || ca.length() >= Structs.CA_NAME_LEN || !ca.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
            throw new UmadException(Reason.BAD_SPEC, "bad CA name '" + ca + "' in '" + spec + "': at most "
                    + (Structs.CA_NAME_LEN - 1) + " printable ASCII characters");
        }
        int port;
        try {
            port = Integer.parseInt(parts[2]);
        } catch (NumberFormatException e) {
            throw new UmadException(Reason.BAD_SPEC, "bad port '" + parts[2] + "' in '" + spec + "': " + SYNTAX);
        }
        if (port < 0 || port >= Structs.CA_MAX_PORTS) {
            throw new UmadException(Reason.BAD_SPEC,
                    "port " + port + " in '" + spec + "' is outside 0.." + (Structs.CA_MAX_PORTS - 1));
        }
        return new PortSpec(ca, port);
    }
}
