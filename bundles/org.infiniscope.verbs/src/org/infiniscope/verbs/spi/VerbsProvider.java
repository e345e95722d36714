package org.infiniscope.verbs.spi;

import java.util.List;

import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceListener;
import org.infiniscope.verbs.VerbsException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A source of RDMA devices: the simulated HCAs of an embedded fabric, or libibverbs on real hardware. Registered as
 * an OSGi service (whiteboard): the device list shows every provider's devices, ordered by {@code service.ranking}
 * (highest first); a device name two providers share opens on the higher ranked one. A provider that reaches
 * hardware also checks, as the Linux kernel does, what {@link org.infiniscope.verbs.QpTransitions} describes; a
 * simulated one must call it itself.
 */
@ConsumerType
public interface VerbsProvider {

    /** @return a short name, e.g. {@code sim} or {@code rdma-core} */
    String name();

    /** @return its devices now */
    List<Device> devices();

    /**
     * Opens one of its devices.
     *
     * @throws VerbsException {@code ENODEV} when it has no such device (any more)
     */
    Context open(Device device) throws VerbsException;

    /** Adds a listener for its devices coming and going; closing the handle removes it. */
    AutoCloseable addListener(DeviceListener listener);

    /** @return why it has no devices when it has none (e.g. "no RDMA devices found"), else empty */
    default String emptyReason() {
        return "";
    }
}
