package org.infiniscope.sim.internal;

/** A line of a fault script that cannot be read or run; the message starts with {@code SOURCE:LINE:}. */
public final class FaultScriptException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param source the file name, or {@code stdin}
     * @param line the line number, from 1
     * @param reason what is wrong with it
     */
    public FaultScriptException(String source, int line, String reason) {
        super(source + ":" + line + ": " + reason);
    }
}
