package org.infiniscope.model.connection.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The fabric connection's configuration (PID {@value #PID}). */
@ObjectClassDefinition(name = "Infiniscope fabric connection", description = "The fabric the runtime shows and how it is swept")
public @interface ConnectionConfig {

    /** The PID. */
    String PID = "org.infiniscope.model.connection";

    @AttributeDefinition(description = "auto: connect at start in the runtime the launcher started (serve, gui), never "
            + "under a one-shot command; true: connect at start; false: only when asked")
    String enabled() default "auto";

    @AttributeDefinition(description = "The fabric (--fabric syntax, or snapshot:FILE); empty: the runtime's "
            + "infiniscope.fabric, else sim")
    String fabric() default "";

    @AttributeDefinition(description = "Seconds between re-sweeps of the connected fabric; 0: only on demand")
    int resweep_interval() default 15;

    @AttributeDefinition(description = "full: periodic re-sweeps read every node again (they see LIDs an SM assigned "
            + "to CAs); light: only switches and the ports that changed")
    String resweep_kind() default "full";

    @AttributeDefinition(description = "SMPs in flight during a sweep")
    int window() default 16;

    @AttributeDefinition(description = "Time-out of each SMP attempt, milliseconds")
    int timeout() default 1000;

    @AttributeDefinition(description = "Retries of a lost SMP before its port is marked unreachable")
    int retries() default 3;

    @AttributeDefinition(description = "Move the runtime's SM (PID org.infiniscope.sm) to a simulated fabric when it "
            + "is connected")
    boolean sm_follows() default true;
}
