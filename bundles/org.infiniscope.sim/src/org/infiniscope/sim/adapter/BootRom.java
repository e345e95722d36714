package org.infiniscope.sim.adapter;

import java.util.Optional;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a simulated adapter's boot ROM accepts, registered as an OSGi service: the embedded fabrics' adapters boot an
 * image that the first registered boot ROM (highest {@code service.ranking}) accepts. Without one, they boot only
 * their factory image. A firmware bundle provides one that parses and verifies the images it knows.
 */
@ConsumerType
public interface BootRom {

    /**
     * @param deviceId the adapter's PCI device ID
     * @param slot the bytes of a flash slot
     * @return the version and PSID of the image the slot holds when it is bootable on that device, else empty
     */
    Optional<FirmwareVersion> boot(int deviceId, byte[] slot);

    /**
     * The image the factory programmed into slot 0 of an adapter, read when its flash is first used. The default
     * has none: the slot reads erased, and the adapter runs its factory firmware without an image to show for it.
     *
     * @param deviceId the adapter's PCI device ID
     * @param nodeGuid its node GUID (the image's base GUID)
     * @param factory the firmware it runs from the factory
     * @return the image, or an empty array for none
     */
    default byte[] factoryImage(int deviceId, long nodeGuid, FirmwareVersion factory) {
        return new byte[0];
    }

    /**
     * The base GUID of a bootable image: the node GUID an adapter answers with (NodeInfo) once it runs that image,
     * as a ConnectX takes its GUIDs from the image's device data. The default knows none: the node keeps its GUID.
     *
     * @param deviceId the adapter's PCI device ID
     * @param slot the bytes of the flash slot it boots
     * @return the base GUID, or 0 when the image carries none this boot ROM can read
     */
    default long baseGuid(int deviceId, byte[] slot) {
        return 0;
    }
}
