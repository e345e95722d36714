package org.infiniscope.mad.umad.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.infiniscope.mad.transport.LocalPort;

/**
 * What libibumad's {@code umad_get_port} says about a local port (from sysfs, so as fresh as the kernel's
 * view).
 *
 * @param caName the CA
 * @param portNumber the port
 * @param lid base LID
 * @param lmc LID mask control
 * @param smLid the master SM's LID
 * @param state logical state (4: Active)
 * @param physState physical state (5: LinkUp)
 * @param portGuid the port GUID
 */
record PortAttributes(String caName, int portNumber, int lid, int lmc, int smLid, int state, int physState,
        long portGuid) {

    static final int STATE_ACTIVE = 4;
    static final int PHYS_LINK_UP = 5;

    /** @return the port's attributes, or {@code null} when libibumad does not know the port */
    static PortAttributes query(UmadLibrary library, String caName, int port) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment umadPort = arena.allocate(Structs.PORT_SIZE, 8);
            int rc = library.getPort(arena.allocateFrom(caName), port, umadPort);
            if (rc < 0) {
                return null;
            }
            try {
                return new PortAttributes(Structs.string(umadPort, 0, Structs.CA_NAME_LEN),
                        umadPort.get(ValueLayout.JAVA_INT, Structs.PORT_NUM),
                        umadPort.get(ValueLayout.JAVA_INT, Structs.PORT_BASE_LID),
                        umadPort.get(ValueLayout.JAVA_INT, Structs.PORT_LMC),
                        umadPort.get(ValueLayout.JAVA_INT, Structs.PORT_SM_LID),
                        umadPort.get(ValueLayout.JAVA_INT, Structs.PORT_STATE),
                        umadPort.get(ValueLayout.JAVA_INT, Structs.PORT_PHYS_STATE),
                        umadPort.get(Structs.BE64, Structs.PORT_GUID));
            } finally {
                library.releasePort(umadPort); // frees the P_Key table libibumad allocated
            }
        }
    }

    boolean active() {
        return state == STATE_ACTIVE;
    }

    boolean linkUp() {
        return physState == PHYS_LINK_UP;
    }

    LocalPort toLocalPort(String name) {
        return new LocalPort(name, portNumber, lid, lmc, smLid, portGuid);
    }

    String describe() {
        String logical = switch (state) {
            case 1 -> "Down";
            case 2 -> "Initialize";
            case 3 -> "Armed";
            case STATE_ACTIVE -> "Active";
            default -> "state " + state;
        };
        return caName + " port " + portNumber + " (" + logical + (linkUp() ? ", LinkUp" : "") + ")";
    }
}
