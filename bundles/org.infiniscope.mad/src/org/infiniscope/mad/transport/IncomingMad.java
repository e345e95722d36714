package org.infiniscope.mad.transport;

/**
 * An unsolicited MAD delivered to an agent.
 *
 * @param mad its bytes, owned by the agent
 * @param source who sent it: the address to answer
 */
public record IncomingMad(byte[] mad, MadAddress source) {
}
