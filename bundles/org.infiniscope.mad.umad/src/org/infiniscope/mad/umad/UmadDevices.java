package org.infiniscope.mad.umad;

import java.util.List;

import org.infiniscope.mad.umad.internal.CaReader;
import org.infiniscope.mad.umad.internal.UmadLibrary;

/**
 * The local channel adapters libibumad knows, as {@code ibstat} lists them. The JVM needs native access, as for
 * {@link UmadChannels}.
 */
public final class UmadDevices {

    private UmadDevices() {
    }

    /**
     * @return every CA libibumad lists and can describe, in its (alphabetical) order
     * @throws UmadException when libibumad is missing or a call fails
     */
    public static List<UmadCa> list() throws UmadException {
        return new CaReader(UmadLibrary.system()).list();
    }

    /**
     * The CAs of a fabric specification: {@code umad}, {@code umad:CA:PORT} or {@code ibsim:SOCKET[@NODE]}. For
     * {@code ibsim:} it first checks that this process runs under umad2sim attached as the specification says (the
     * CAs are then the one umad2sim presents).
     *
     * @throws UmadException when the specification is malformed, the environment does not match it, or
     *         {@link #list()} fails
     */
    public static List<UmadCa> forFabric(String fabric) throws UmadException {
        return new CaReader(UmadLibrary.system()).forFabric(fabric, System.getenv());
    }
}
