package org.infiniscope.cm.internal;

import org.infiniscope.verbs.Context;

/**
 * A device port of a host with its CM.
 *
 * @param context the open device
 * @param port the port number
 * @param cm its connection manager
 */
public record HostPort(Context context, int port, ConnectionManager cm) {
}
