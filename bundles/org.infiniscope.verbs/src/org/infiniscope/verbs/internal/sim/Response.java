package org.infiniscope.verbs.internal.sim;

/**
 * A responder's answer to an RC request.
 *
 * @param kind ACK, read data, atomic value or a NAK
 * @param data the bytes read, or the 8 bytes of an atomic's original value
 * @param rnrTimer the responder's minimum RNR timer code, for an RNR NAK
 */
record Response(Kind kind, byte[] data, int rnrTimer) {

    enum Kind {
        ACK,
        RNR_NAK,
        NAK_SEQ,
        NAK_INV_REQ,
        NAK_REM_ACCESS,
        NAK_REM_OP
    }

    static final Response ACK = new Response(Kind.ACK, null, 0);

    static Response nak(Kind kind) {
        return new Response(kind, null, 0);
    }
}
