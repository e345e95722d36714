package org.infiniscope.discovery;

/**
 * A link between two ports, each end named by node GUID and port number. Parallel links between two nodes are
 * separate links.
 *
 * @param nodeA one end's node GUID
 * @param portA its port
 * @param nodeB the other end's node GUID
 * @param portB its port
 */
public record DiscoveredLink(long nodeA, int portA, long nodeB, int portB) {
}
