package org.infiniscope.sm;

import java.time.Duration;

import org.infiniscope.sm.subnet.Subnet;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told what the SM does, on the SM's thread: an implementation returns quickly. Every method does nothing by default.
 */
@ConsumerType
public interface SmListener {

    /** The SM changed state. */
    default void stateChanged(SmState from, SmState to) {
    }

    /** A phase of a heavy sweep ended. */
    default void phase(SmPhase phase, Duration took) {
    }

    /** A sweep brought the subnet up (OpenSM's {@code SUBNET UP}). */
    default void subnetUp(Subnet subnet) {
    }

    /** A sweep ended, up or not. */
    default void swept(SweepReport report) {
    }
}
