package org.infiniscope.sim;

import java.io.IOException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Brings an embedded simulated fabric up (an SM sweeps it, assigns LIDs, routes and activates it) the first time a
 * channel of a one-shot runtime sends a LID-routed MAD from a port without a LID: a one-shot {@code perfquery} by LID
 * then finds a configured fabric, while directed-route tools ({@code discover}, {@code smpquery -D}) still see the
 * fabric as it was built. A service: the SM bundle provides it, and only in a one-shot runtime.
 */
@ConsumerType
public interface SimBringUp {

    /**
     * Runs an SM on the fabric until SUBNET UP, then stops it; the fabric keeps what it programmed.
     *
     * @param fabric the {@code --fabric} value of the fabric, without an attach point ({@code sim} or
     *            {@code sim:TOPOLOGY})
     * @throws IOException when the fabric could not be brought up
     */
    void bringUp(String fabric) throws IOException;
}
