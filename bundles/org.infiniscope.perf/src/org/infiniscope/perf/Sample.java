package org.infiniscope.perf;

/**
 * One reading of a port, as its history keeps it.
 *
 * @param epochMillis when it was read
 * @param xmitBytes the total of sent octets then
 * @param rcvBytes the total of received octets
 * @param xmitPackets the total of sent packets
 * @param rcvPackets the total of received packets
 * @param errors the total of all error counters
 * @param xmitWait the total of PortXmitWait
 */
public record Sample(long epochMillis, long xmitBytes, long rcvBytes, long xmitPackets, long rcvPackets, long errors,
        long xmitWait) {
}
