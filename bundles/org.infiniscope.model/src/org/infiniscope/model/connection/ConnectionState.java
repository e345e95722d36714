package org.infiniscope.model.connection;

import java.time.Instant;
import java.util.Objects;

/**
 * What the {@link FabricConnection} does and has.
 *
 * @param phase what it does
 * @param fabric the fabric connected now (its model is the one the model service holds), or null when none is
 * @param target the fabric being opened or swept ({@link Phase#CONNECTING}, {@link Phase#SWEEPING}), else the same
 *        as {@code fabric}
 * @param nodes the nodes the sweep under way found so far, else those of the last sweep
 * @param answered the SMPs the sweep under way has had answered or given up so far
 * @param pending the SMPs in flight or queued in the sweep under way
 * @param lastSweep when the last sweep was applied, or null
 * @param sweeps how many sweeps were applied since the fabric was connected
 * @param message why the last connection or sweep failed (with the previous fabric still connected, or none), or
 *        null
 */
public record ConnectionState(Phase phase, String fabric, String target, int nodes, long answered, int pending,
        Instant lastSweep, long sweeps, String message) {

    /** What the connection does. */
    public enum Phase {
        /** Nothing connected and nothing under way. */
        IDLE,
        /** Opening {@code target} (reading a topology, attaching, starting the MAD transport). */
        CONNECTING,
        /** Sweeping {@code target}: a first sweep after connecting, or a re-sweep. */
        SWEEPING,
        /** {@code fabric} is connected and the model holds its last sweep. */
        CONNECTED,
        /** The last connection failed and nothing is connected ({@code message} says why). */
        FAILED
    }

    /** Checks that there is a phase. */
    public ConnectionState {
        Objects.requireNonNull(phase, "phase");
    }

    /** @return whether a connection or sweep is under way */
    public boolean busy() {
        return phase == Phase.CONNECTING || phase == Phase.SWEEPING;
    }

    /** @return a line for a status bar or the console */
    public String describe() {
        return switch (phase) {
            case IDLE -> "not connected";
            case CONNECTING -> "connecting to " + target;
            case SWEEPING ->
                "sweeping " + target + ": " + nodes + " nodes, " + answered + " SMPs answered, " + pending + " pending";
            case CONNECTED -> fabric + ": " + nodes + " nodes" + (message == null ? "" : " (" + message + ")");
            case FAILED -> "failed: " + message;
        };
    }
}
