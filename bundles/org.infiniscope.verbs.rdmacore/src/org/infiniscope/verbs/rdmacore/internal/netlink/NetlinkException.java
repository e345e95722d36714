package org.infiniscope.verbs.rdmacore.internal.netlink;

import java.io.IOException;

/** A netlink exchange that failed: the kernel's error answer, a malformed message, or the socket's error. */
final class NetlinkException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The errno value, 0 when the message was malformed. */
    final int errno;

    NetlinkException(int errno, String message) {
        super(message);
        this.errno = errno;
    }
}
