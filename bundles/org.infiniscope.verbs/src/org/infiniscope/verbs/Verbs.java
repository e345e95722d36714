package org.infiniscope.verbs;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The device list of every installed provider ({@code ibv_get_device_list}, {@code ibv_open_device}): a service.
 */
@ProviderType
public interface Verbs {

    /** @return the devices there are now, in provider then device order */
    List<Device> devices();

    /**
     * Opens a device by its name.
     *
     * @throws VerbsException {@code ENODEV} when no device has that name
     */
    Context open(String name) throws VerbsException;

    /**
     * Opens a device by its node GUID.
     *
     * @throws VerbsException {@code ENODEV} when no device has that GUID
     */
    Context open(long nodeGuid) throws VerbsException;

    /** Adds a listener for added and removed devices; closing the handle removes it. */
    AutoCloseable addListener(DeviceListener listener);

    /** @return a line that says why the list is empty when it is (no provider, no device), else empty */
    String emptyReason();
}
