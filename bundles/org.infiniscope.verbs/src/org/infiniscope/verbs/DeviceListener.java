package org.infiniscope.verbs;

import org.osgi.annotation.versioning.ConsumerType;

/** Told when devices are added and removed (hot plug, a provider arriving or leaving). */
@ConsumerType
@FunctionalInterface
public interface DeviceListener {
    /** Called on the thread that made the change; do not block. */
    void deviceChanged(DeviceEvent event);
}
