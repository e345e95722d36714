package org.infiniscope.perf;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told of the rules ports broke, after each sweep. Register one as an OSGi service (whiteboard): every listener
 * registered hears every event. Called on the sweeping thread: return quickly.
 */
@ConsumerType
public interface PerfListener {

    /** A port broke a rule in the sweep just finished. */
    void ruleBroken(PerfEvent event);
}
