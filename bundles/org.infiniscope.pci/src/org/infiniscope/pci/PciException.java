package org.infiniscope.pci;

/** A PCI function or bus could not be read or written; the message names the function and the offset. */
public final class PciException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what failed, naming the function and where */
    public PciException(String message) {
        super(message);
    }

    /** @param message what failed, naming the function and where */
    public PciException(String message, Throwable cause) {
        super(message, cause);
    }
}
