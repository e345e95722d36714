package org.infiniscope.verbs.rdmacore.ffm;

import java.util.Map;

/** The symbolic names of Linux errno values (x86-64 and arm64 share them), for messages. */
public final class Errnos {

    public static final int ENOENT = 2, EIO = 5, ENOMEM = 12, EBUSY = 16, ENODEV = 19, EINVAL = 22, ENOSYS = 38,
            EADDRNOTAVAIL = 99, ETIMEDOUT = 110;

    private static final Map<Integer, String> NAMES = Map.ofEntries(Map.entry(1, "EPERM"), Map.entry(ENOENT, "ENOENT"),
            Map.entry(4, "EINTR"), Map.entry(EIO, "EIO"), Map.entry(6, "ENXIO"), Map.entry(9, "EBADF"),
            Map.entry(11, "EAGAIN"), Map.entry(ENOMEM, "ENOMEM"), Map.entry(13, "EACCES"), Map.entry(14, "EFAULT"),
            Map.entry(EBUSY, "EBUSY"), Map.entry(17, "EEXIST"), Map.entry(ENODEV, "ENODEV"),
            Map.entry(EINVAL, "EINVAL"), Map.entry(24, "EMFILE"), Map.entry(28, "ENOSPC"), Map.entry(ENOSYS, "ENOSYS"),
            Map.entry(61, "ENODATA"), Map.entry(93, "EPROTONOSUPPORT"), Map.entry(95, "EOPNOTSUPP"),
            Map.entry(97, "EAFNOSUPPORT"), Map.entry(98, "EADDRINUSE"), Map.entry(EADDRNOTAVAIL, "EADDRNOTAVAIL"),
            Map.entry(101, "ENETUNREACH"), Map.entry(104, "ECONNRESET"), Map.entry(ETIMEDOUT, "ETIMEDOUT"),
            Map.entry(111, "ECONNREFUSED"), Map.entry(113, "EHOSTUNREACH"));

    private Errnos() {
    }

    /** @return the symbolic name of an errno value (its sign ignored), or {@code errno N} */
    public static String name(int errno) {
        int e = Math.abs(errno);
        return NAMES.getOrDefault(e, "errno " + e);
    }
}
