package org.infiniscope.rest.internal;

/** How the API writes identities: GUIDs as {@code 0x} and 16 hex digits (JSON numbers lose 64-bit precision). */
final class Ids {

    private Ids() {
    }

    static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    static String port(long nodeGuid, int port) {
        return guid(nodeGuid) + "/" + port;
    }
}
