package org.infiniscope.model.connection;

import java.util.concurrent.CompletableFuture;

import org.infiniscope.model.FabricDelta;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The runtime's connection to a fabric: it opens the fabric through the installed {@code ChannelProvider} services
 * (or reads a saved model), sweeps it with the discovery service, applies each sweep to the
 * {@link org.infiniscope.model.FabricModelService}, and sweeps it again on demand and periodically.
 * <p>
 * A fabric is given as on the command line's {@code --fabric}: {@code sim[:TOPOLOGY][@NODE[:PORT]]}, {@code umad},
 * {@code umad:CA:PORT}, {@code ibsim:SOCKET[@NODE]}, or {@value #SNAPSHOT_PREFIX}{@code PATH} for a model saved by
 * {@link org.infiniscope.model.FabricModelService#save} (read once, never swept). Opening another fabric replaces the
 * current one only once the new one has been opened and swept: when it fails or is cancelled, the old one stays, as
 * does the model. On a simulated fabric the subnet manager of the runtime is moved to the new fabric too.
 * <p>
 * Every method returns at once; the work runs on a thread of the service. Listeners are told each step.
 */
@ProviderType
public interface FabricConnection {

    /** The prefix of a saved model's fabric specification. */
    String SNAPSHOT_PREFIX = "snapshot:";

    /** @return the state now (never null) */
    ConnectionState state();

    /**
     * @return the fabric the runtime is configured for ({@code infiniscope.fabric} or this service's configuration,
     *         else {@code sim}): the one a client connects to when the user chose none
     */
    String configuredFabric();

    /**
     * Opens a fabric and sweeps it; cancels a connection under way. Cancelling the future (with or without
     * interruption) stops the sweep and keeps the previous fabric.
     *
     * @param fabric the fabric specification
     * @return completes with what the first sweep changed in the model, or exceptionally with a
     *         {@link FabricConnectionException} saying why the fabric cannot be opened or swept
     */
    CompletableFuture<FabricDelta> connect(String fabric);

    /**
     * Sweeps the connected fabric again (lightly, from the last sweep), or returns the sweep under way.
     *
     * @return completes with what changed, or exceptionally with a {@link FabricConnectionException} (nothing
     *         connected, or the sweep failed)
     */
    CompletableFuture<FabricDelta> resweep();

    /** Cancels the connection or sweep under way, if any; the fabric connected before stays. */
    void cancel();

    /**
     * Closes the connected fabric and cancels the work under way: no more sweeps, periodic or asked for, until the
     * next {@link #connect}. The model keeps what it holds, for another source to update (the GUI's remote fabric).
     *
     * @return completes once nothing is connected (the state is then {@code IDLE})
     */
    CompletableFuture<Void> disconnect();

    /**
     * Adds a listener; it is told the current state at once, on the caller's thread, then every change.
     *
     * @return closing it removes the listener
     */
    AutoCloseable addListener(ConnectionListener listener);
}
