package org.infiniscope.cm;

import java.time.Duration;
import java.util.Optional;

import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QueuePair;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A CM identifier ({@code struct rdma_cm_id}): resolve an address and a route, then connect; or bind, listen and
 * accept what comes. Results of the asynchronous calls arrive as events on its channel.
 */
@ProviderType
public interface CmId extends AutoCloseable {

    /** The attributes and mask that move a QP to a state ({@code rdma_init_qp_attr}). */
    record QpAttrs(QpAttr attr, int mask) {
    }

    /** @return its port space */
    PortSpace portSpace();

    /** @return the device context it is bound to, once bound or resolved */
    Optional<Context> context();

    /** @return the local port it is bound to, 0 when not bound */
    int port();

    /** @return its queue pair, when one was created or supplied */
    Optional<QueuePair> qp();

    /** @return the route, once resolved */
    Optional<CmRoute> route();

    /** @return its service ID (port space and service port), 0 before bind or resolve */
    long serviceId();

    /**
     * Binds to a device port for {@link #listen}: without it, a listener listens on every device of the host.
     *
     * @param device the device name, or null for every device
     * @throws CmException for a device the host does not have
     */
    void bind(String device, int port, int servicePort) throws CmException;

    /** Resolves where {@code destination} is and which local device reaches it: ADDR_RESOLVED or ADDR_ERROR. */
    void resolveAddr(CmAddress destination, Duration timeout) throws CmException;

    /** Resolves the route (an SA PathRecord) to the resolved address: ROUTE_RESOLVED or ROUTE_ERROR. */
    void resolveRoute(Duration timeout) throws CmException;

    /** Creates the identifier's QP on its device, moved to INIT ({@code rdma_create_qp}). */
    QueuePair createQp(ProtectionDomain pd, QpInitAttr attr) throws CmException;

    /**
     * Gives the identifier a QP the caller created and moves: the CM then moves no QP, the caller moves it with
     * {@link #initQpAttr}, and a REP reaches it as {@link CmEventType#CONNECT_RESPONSE} (answer with
     * {@link #establish}).
     */
    void useQp(QueuePair qp) throws CmException;

    /** @return what moves the QP to {@code state} (INIT, RTR, RTS) for this connection */
    QpAttrs initQpAttr(QpState state) throws CmException;

    /** Sends a REQ (RC) or a SIDR_REQ (UDP port space). */
    void connect(ConnParam param) throws CmException;

    /** Listens for REQs and SIDR_REQs to its service ID. */
    void listen(int backlog) throws CmException;

    /** Accepts a connect request: moves the QP to RTS and sends a REP (or a SIDR_REP). */
    void accept(ConnParam param) throws CmException;

    /** Rejects a connect request with REJ reason 28 (consumer reject) and that private data. */
    void reject(byte[] privateData) throws CmException;

    /** Sends the RTU for a connection whose QP the caller moves (after CONNECT_RESPONSE). */
    void establish() throws CmException;

    /** Sends a DREQ (the QP goes to ERR); DISCONNECTED follows with the DREP or the DREQ's timeout. */
    void disconnect() throws CmException;

    /** Loads an alternate route into an established connection by a LAP; ALT_PATH_LOADED or ALT_PATH_ERROR follow. */
    void loadAlternateRoute(CmRoute alternate) throws CmException;

    /** Destroys the identifier ({@code rdma_destroy_id}): a connection is disconnected, a listener stops. */
    @Override
    void close();
}
