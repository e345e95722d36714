package org.infiniscope.mad.transport;

import org.osgi.annotation.versioning.ProviderType;

/** An agent's registration; closing it stops the deliveries. */
@ProviderType
public interface AgentRegistration extends AutoCloseable {

    @Override
    void close();
}
