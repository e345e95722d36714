package org.infiniscope.perf;

/**
 * One port of the fabric: its node's GUID and its number.
 *
 * @param nodeGuid the node GUID
 * @param port the port number
 */
public record PortKey(long nodeGuid, int port) implements Comparable<PortKey> {

    @Override
    public int compareTo(PortKey other) {
        int c = Long.compareUnsigned(nodeGuid, other.nodeGuid);
        return c != 0 ? c : Integer.compare(port, other.port);
    }

    @Override
    public String toString() {
        return String.format("0x%016x[%d]", nodeGuid, port);
    }
}
