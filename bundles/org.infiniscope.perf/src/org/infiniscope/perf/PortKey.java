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

    /**
     * Mixes the GUID's bits: GUIDs of one fabric differ in a few bits only (ibsim's and the generators' step by
     * 0x100), so that the record's own hash put many ports of a fabric into the same bins of a hash map.
     */
    @Override
    public int hashCode() {
        long h = (nodeGuid ^ port * 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
        return (int) (h ^ h >>> 32);
    }

    @Override
    public String toString() {
        return String.format("0x%016x[%d]", nodeGuid, port);
    }
}
