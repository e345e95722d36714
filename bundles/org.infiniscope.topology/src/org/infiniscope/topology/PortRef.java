package org.infiniscope.topology;

import java.util.Objects;

/**
 * One port of a named node; port 0 is a switch's management port.
 *
 * @param node the node's name
 * @param port the port number
 */
public record PortRef(String node, int port) {

    /** Checks the fields. */
    public PortRef {
        Objects.requireNonNull(node, "node");
        if (port < 0 || port > 254) {
            throw new IllegalArgumentException(node + "[" + port + "]: ports are 0..254");
        }
    }

    @Override
    public String toString() {
        return "\"" + node + "\"[" + port + "]";
    }
}
