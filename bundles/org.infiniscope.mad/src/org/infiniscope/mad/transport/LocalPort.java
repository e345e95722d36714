package org.infiniscope.mad.transport;

/**
 * The local port a transport sends from.
 *
 * @param caName the channel adapter's name ({@code mlx5_0}, or the simulated node's name)
 * @param portNumber the port number on that adapter
 * @param lid the port's base LID, 0 before the SM assigned one
 * @param lmc the LID mask control
 * @param smLid the LID of the master SM as the port knows it, 0 when none
 * @param portGuid the port GUID
 */
public record LocalPort(String caName, int portNumber, int lid, int lmc, int smLid, long portGuid) {
}
