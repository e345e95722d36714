package org.infiniscope.verbs;

/**
 * An RDMA device as the device list shows it ({@code struct ibv_device}).
 *
 * @param name its name, unique in the list ({@code ibv_get_device_name})
 * @param nodeGuid its node GUID ({@code ibv_get_device_guid})
 * @param provider the name of the provider that serves it
 */
public record Device(String name, long nodeGuid, String provider) {
}
