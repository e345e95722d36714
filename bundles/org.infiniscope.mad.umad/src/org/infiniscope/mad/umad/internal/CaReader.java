package org.infiniscope.mad.umad.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.infiniscope.mad.umad.UmadCa;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;
import org.infiniscope.mad.umad.UmadPort;

/** Reads {@code umad_ca_t} and its ports through {@code umad_get_ca}, for every CA libibumad lists. */
public final class CaReader {

    private final UmadLibrary library;

    public CaReader(UmadLibrary library) {
        this.library = library;
    }

    /** @return the CAs libibumad can describe; a listed name it cannot (its default "mthca0" without sysfs) is left out */
    public List<UmadCa> list() throws UmadException {
        List<UmadCa> cas = new ArrayList<>();
        for (String name : new PortResolver(library).caNames()) {
            UmadCa ca = read(name);
            if (ca != null) {
                cas.add(ca);
            }
        }
        return List.copyOf(cas);
    }

    /** @return {@link #list()} once the specification is checked (and, for ibsim, the environment) */
    public List<UmadCa> forFabric(String fabric, Map<String, String> environment) throws UmadException {
        if (fabric != null && (fabric.equals("ibsim") || fabric.startsWith("ibsim:"))) {
            IbsimSpec.parse(fabric).checkEnvironment(environment);
        } else {
            PortSpec.parse(fabric);
        }
        return list();
    }

    /** @return the CA, or {@code null} when libibumad cannot describe it */
    UmadCa read(String name) throws UmadException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ca = arena.allocate(Structs.CA_SIZE, 8);
            int rc = library.getCa(arena.allocateFrom(name), ca);
            if (rc < 0) {
                return null;
            }
            try {
                List<UmadPort> ports = new ArrayList<>();
                for (int i = 0; i < Structs.CA_MAX_PORTS; i++) {
                    MemorySegment port = ca.get(ValueLayout.ADDRESS, Structs.CA_PORTS + 8L * i);
                    if (!port.equals(MemorySegment.NULL)) {
                        ports.add(port(port.reinterpret(Structs.PORT_SIZE)));
                    }
                }
                return new UmadCa(Structs.string(ca, 0, Structs.CA_NAME_LEN),
                        ca.get(ValueLayout.JAVA_INT, Structs.CA_NODE_TYPE),
                        ca.get(ValueLayout.JAVA_INT, Structs.CA_NUMPORTS),
                        Structs.string(ca, Structs.CA_FW_VER, Structs.CA_FW_VER_LEN),
                        Structs.string(ca, Structs.CA_TYPE, Structs.CA_TYPE_LEN),
                        Structs.string(ca, Structs.CA_HW_VER, Structs.CA_HW_VER_LEN),
                        ca.get(Structs.BE64, Structs.CA_NODE_GUID), ca.get(Structs.BE64, Structs.CA_SYSTEM_GUID),
                        ports);
            } finally {
                int released = library.releaseCa(ca); // frees the ports and their P_Key tables
                if (released < 0) {
                    throw new UmadException(Reason.CALL_FAILED,
                            "umad_release_ca(" + name + ") failed: " + Errno.describe(released));
                }
            }
        }
    }

    private static UmadPort port(MemorySegment p) {
        return new UmadPort(p.get(ValueLayout.JAVA_INT, Structs.PORT_NUM),
                p.get(ValueLayout.JAVA_INT, Structs.PORT_BASE_LID), p.get(ValueLayout.JAVA_INT, Structs.PORT_LMC),
                p.get(ValueLayout.JAVA_INT, Structs.PORT_SM_LID), p.get(ValueLayout.JAVA_INT, Structs.PORT_SM_SL),
                p.get(ValueLayout.JAVA_INT, Structs.PORT_STATE), p.get(ValueLayout.JAVA_INT, Structs.PORT_PHYS_STATE),
                p.get(ValueLayout.JAVA_INT, Structs.PORT_RATE), p.get(Structs.BE32, Structs.PORT_CAPMASK),
                p.get(Structs.BE64, Structs.PORT_GID_PREFIX), p.get(Structs.BE64, Structs.PORT_GUID),
                Structs.string(p, Structs.PORT_LINK_LAYER, Structs.CA_NAME_LEN));
    }
}
