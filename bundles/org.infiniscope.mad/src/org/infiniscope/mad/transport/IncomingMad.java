package org.infiniscope.mad.transport;

/**
 * An unsolicited MAD delivered to an agent.
 *
 * @param mad its bytes, owned by the agent: a 256-byte MAD, or a request of an RMPP class that arrived in
 *        several segments, reassembled in the form {@link MadResponse} describes
 * @param source who sent it: the address to answer
 */
public record IncomingMad(byte[] mad, MadAddress source) {
}
