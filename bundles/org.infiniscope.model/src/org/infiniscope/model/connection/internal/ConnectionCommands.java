package org.infiniscope.model.connection.internal;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;

import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.ModelChange;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;

/**
 * The Gogo commands {@code fabric:connect}, {@code fabric:status} and {@code fabric:resweep} of the runtime's shell.
 */
public final class ConnectionCommands {

    static final String[] FUNCTIONS = {"connect", "status", "resweep"};

    private final FabricConnection connection;

    ConnectionCommands(FabricConnection connection) {
        this.connection = connection;
    }

    /** {@code fabric:connect F}: opens and sweeps a fabric, waits for it, and says what changed. */
    public String connect(String fabric) throws InterruptedException {
        return await(connection.connect(fabric));
    }

    /** {@code fabric:status}: the connection's state. */
    public String status() {
        ConnectionState s = connection.state();
        StringBuilder out = new StringBuilder(s.describe());
        if (s.lastSweep() != null) {
            out.append("\nlast sweep ").append(s.lastSweep()).append(", ").append(s.sweeps()).append(" sweep(s)");
        }
        if (s.phase() != ConnectionState.Phase.CONNECTED && s.message() != null
                && s.phase() != ConnectionState.Phase.FAILED) {
            out.append("\n").append(s.message());
        }
        return out.toString();
    }

    /** {@code fabric:resweep}: sweeps the connected fabric again and says what changed. */
    public String resweep() throws InterruptedException {
        return await(connection.resweep());
    }

    private static String await(java.util.concurrent.CompletableFuture<FabricDelta> future)
            throws InterruptedException {
        try {
            return summary(future.get());
        } catch (ExecutionException e) {
            return "failed: " + e.getCause().getMessage();
        } catch (CancellationException e) {
            return "cancelled";
        }
    }

    static String summary(FabricDelta delta) {
        long added = delta.changes().stream().filter(c -> c.kind() == ModelChange.Kind.ADDED).count();
        long removed = delta.changes().stream().filter(c -> c.kind() == ModelChange.Kind.REMOVED).count();
        long changed = delta.changes().stream().filter(c -> c.kind() == ModelChange.Kind.CHANGED).count();
        return added + " added, " + removed + " removed, " + changed + " changed";
    }
}
