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
         * @param answer a 256-byte MAD, normally with the request's TransactionID and a response method
         */
        void respond(byte[] answer) throws IOException;
    }
}
