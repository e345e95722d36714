package org.infiniscope.mad.umad.internal;

/** libibumad returns negative errno values; these are the ones it documents, named for messages. */
final class Errno {

    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EINTR = 4;
    static final int EIO = 5;
    static final int EAGAIN = 11;
    static final int ENOMEM = 12;
    static final int EACCES = 13;
    static final int ENODEV = 19;
    static final int EINVAL = 22;
    static final int ENOSPC = 28;
    static final int EOPNOTSUPP = 95;
    static final int ETIMEDOUT = 110;

    private Errno() {
    }

    /** @return e.g. {@code "-19 (ENODEV)"} for a negative return code */
    static String describe(int rc) {
        String name = switch (-rc) {
            case EPERM -> "EPERM";
            case ENOENT -> "ENOENT";
            case EINTR -> "EINTR";
            case EIO -> "EIO";
            case EAGAIN -> "EAGAIN";
            case ENOMEM -> "ENOMEM";
            case EACCES -> "EACCES";
            case ENODEV -> "ENODEV";
            case EINVAL -> "EINVAL";
            case ENOSPC -> "ENOSPC";
            case EOPNOTSUPP -> "EOPNOTSUPP";
            case ETIMEDOUT -> "ETIMEDOUT";
            default -> "errno " + (-rc);
        };
        return rc + " (" + name + ")";
    }
}
