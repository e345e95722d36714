package org.infiniscope.diag.internal;

/**
 * SMP Get and Set to any {@link Destination}, the way {@code trace} and {@code portstate} need them: each call names
 * its destination, because both tools walk or change more than one node.
 */
interface SmaClient {

    /**
     * @return the answer's 256 bytes, a GetResp with no error status
     * @throws QueryException when no such answer came
     */
    byte[] get(Destination to, int attributeId, int modifier) throws QueryException;

    /**
     * @param data the attribute's bytes to set
     * @return the answer's 256 bytes, a GetResp with no error status
     * @throws QueryException when no such answer came
     */
    byte[] set(Destination to, int attributeId, int modifier, byte[] data) throws QueryException;
}
