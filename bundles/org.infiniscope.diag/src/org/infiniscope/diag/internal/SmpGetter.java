package org.infiniscope.diag.internal;

/** Sends an SMP Get to the destination of a query and returns the answer. */
@FunctionalInterface
interface SmpGetter {

    /**
     * @param attributeId the attribute
     * @param modifier the attribute modifier
     * @return the answer's 256 bytes, a GetResp with no error status
     * @throws QueryException when no such answer came
     */
    byte[] get(int attributeId, int modifier) throws QueryException;
}
