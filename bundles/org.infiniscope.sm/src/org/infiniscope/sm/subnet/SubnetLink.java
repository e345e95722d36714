package org.infiniscope.sm.subnet;

/** A physical link, each once, between port {@code portA} of node {@code nodeA} and port {@code portB} of {@code nodeB}. */
public record SubnetLink(long nodeA, int portA, long nodeB, int portB) {
}
