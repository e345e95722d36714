package org.infiniscope.cm.internal;

import java.io.IOException;

import org.infiniscope.mad.Gid;

/** How the CM MADs of one port leave it: the port's GSI (QP1). Incoming ones go to {@link ConnectionManager#received}. */
public interface CmWire extends AutoCloseable {

    /** Sends a 256-byte CM MAD to QP1 of a LID. */
    void send(byte[] mad, int dlid) throws IOException;

    /** @return the port's LID */
    int lid() throws IOException;

    /** @return the port's GID */
    Gid gid() throws IOException;

    /** @return the node GUID of the CA (the REQ's Local CA GUID) */
    long caGuid();

    @Override
    void close();
}
