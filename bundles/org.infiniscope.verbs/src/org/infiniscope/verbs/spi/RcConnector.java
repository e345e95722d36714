package org.infiniscope.verbs.spi;

import java.time.Duration;

import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Connects an RC QP of one host of a simulated fabric to one of another through a connection manager, as perftest's
 * rdma_cm mode does: the server listens, the client resolves the address and the route (the SA's PathRecord) and
 * connects (REQ, REP, RTU), the CM moves both QPs to RTS; closing the connection disconnects it (DREQ, DREP). A
 * service ({@code perftest --cm} uses it); the CM bundles provide it, since verbs cannot depend on the CM.
 */
@ConsumerType
public interface RcConnector {

    /** Creates a QP the CM then moves ({@code rdma_create_qp}). */
    @FunctionalInterface
    interface QpFactory {
        QueuePair create(ProtectionDomain pd, QpInitAttr attr) throws VerbsException;
    }

    /** One side: allocates what it needs on the device context the CM chose, and creates its QP with the factory. */
    @FunctionalInterface
    interface Side {
        QueuePair make(Context context, QpFactory factory) throws VerbsException;
    }

    /** An established connection; closing it disconnects (the QPs go to ERR) and releases the CM identifiers. */
    interface Connection extends AutoCloseable {

        /** @return what the CM did, for a report ({@code REQ/REP/RTU, service ID …, path …}) */
        String describe();

        /** Disconnects: a DREQ, answered by a DREP (or the DREQ's timeout). */
        @Override
        void close() throws VerbsException;
    }

    /**
     * @param fabric the simulated fabric ({@code sim}, {@code sim:TOPOLOGY})
     * @param client the node that connects
     * @param server the node that listens and accepts
     * @param timeout how long each step (resolution, connection) may take
     * @return the connection, once both sides are established
     * @throws VerbsException when the CM cannot connect them ({@code ETIMEDOUT}, {@code ECONNREFUSED} as
     *             {@code EIO}, {@code ENODEV}…)
     */
    Connection connect(String fabric, String client, String server, Side clientSide, Side serverSide, Duration timeout)
            throws VerbsException;
}
