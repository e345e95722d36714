package org.infiniscope.mad.wire;

/**
 * Bytes that are not a valid MAD, or not a valid instance of the attribute, record or message they are
 * decoded as. The {@link #problem()} says what kind of fault it is, {@link #offset()} where it was found.
 */
public class MadFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    /** The kinds of malformed input. */
    public enum Problem {
        /** Fewer bytes than the structure needs. */
        TRUNCATED,
        /** A BaseVersion other than 1. */
        BAD_BASE_VERSION,
        /** A class version this codec does not speak. */
        BAD_CLASS_VERSION,
        /** The management class is not the one expected. */
        BAD_CLASS,
        /** The attribute ID is not the one expected. */
        BAD_ATTRIBUTE,
        /** A method not allowed here. */
        BAD_METHOD,
        /** A directed-route hop pointer outside 0..hop count + 1. */
        BAD_HOP_POINTER,
        /** A directed-route hop count above 63. */
        BAD_HOP_COUNT,
        /** A length or count field that cannot fit the MAD or contradicts another. */
        BAD_LENGTH,
        /** A field with a value the spec reserves or forbids. */
        BAD_FIELD,
        /** RMPP segments out of order, a bad window, or a flag combination the protocol forbids. */
        BAD_RMPP_SEQUENCE
    }

    private final Problem problem;
    private final int offset;

    /**
     * @param problem what kind of fault
     * @param offset the byte offset where it was found, relative to the start of the MAD when known
     * @param message what was wrong, naming the field
     */
    public MadFormatException(Problem problem, int offset, String message) {
        // no stack trace: malformed input is expected, hostile input may be frequent, and the problem and
        // offset say where it is; filling a trace per rejected MAD would dominate the decoder's cost
        super(message, null, false, false);
        this.problem = problem;
        this.offset = offset;
    }

    public Problem problem() {
        return problem;
    }

    public int offset() {
        return offset;
    }
}
