package org.infiniscope.verbs;

import java.util.Objects;

/** A verb refused or failed, with the errno a Linux kernel or libibverbs returns in its place. */
public final class VerbsException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The errno values the verbs return. */
    public enum Errno {
        /** Operation not permitted. */
        EPERM(1),
        /** Input/output error: the device is gone or fatal. */
        EIO(5),
        /** Out of memory, or a work queue is full. */
        ENOMEM(12),
        /** Permission denied. */
        EACCES(13),
        /** Bad address: memory that cannot be registered. */
        EFAULT(14),
        /** Resource busy: still in use by another object. */
        EBUSY(16),
        /** No such device. */
        ENODEV(19),
        /** Invalid argument: a bad attribute, mask or state. */
        EINVAL(22),
        /** Function not implemented. */
        ENOSYS(38),
        /** Operation not supported. */
        EOPNOTSUPP(95),
        /** Timed out. */
        ETIMEDOUT(110);

        private final int value;

        Errno(int value) {
            this.value = value;
        }

        /** @return the errno's number on Linux */
        public int value() {
            return value;
        }
    }

    private final Errno errno;

    /** @param message what was refused, and why */
    public VerbsException(Errno errno, String message) {
        super(errno + ": " + message);
        this.errno = Objects.requireNonNull(errno, "errno");
    }

    /** @return the errno */
    public Errno errno() {
        return errno;
    }
}
