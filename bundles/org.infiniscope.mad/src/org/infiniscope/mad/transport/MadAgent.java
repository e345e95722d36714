package org.infiniscope.mad.transport;

import java.io.IOException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Handles unsolicited MADs of the classes and methods it registered for ({@link AgentSpec}): an SA, a PMA,
 * a CM, a trap listener. Called on a thread of the transport's, never on its receive thread, one MAD at a
 * time per agent.
 */
@ConsumerType
@FunctionalInterface
public interface MadAgent {

    /**
     * @param mad the MAD received
     * @param responder sends answers back to its source
     */
    void handle(IncomingMad mad, Responder responder);

    /** Sends an answer to the source of the MAD being handled. */
    @FunctionalInterface
    interface Responder {

        /**
         * Sends an answer. For a class that uses RMPP (SA, vendor classes 0x30–0x4F) the answer may be a
         * whole payload in the form {@link MadResponse} describes (the 56- or 40-byte header region, then the
         * data): when it is longer than 256 bytes, or its RMPP header has the Active flag, it goes as an RMPP
         * transfer, segmented by the transport or, when the channel's kernel does RMPP, by the kernel. The
         * method returns once the transfer has started; a transfer the receiver aborts or never acknowledges
         * is counted in {@link TransportStatistics#rmppAborted()}.
         *
         * @param answer a 256-byte MAD, or an RMPP payload as above, normally with the request's
         *        TransactionID and a response method
         * @throws IOException when the answer cannot be sent, or is longer than a MAD in a class without RMPP
         */
        void respond(byte[] answer) throws IOException;
    }
}
