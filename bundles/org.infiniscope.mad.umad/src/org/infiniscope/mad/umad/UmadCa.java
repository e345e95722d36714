package org.infiniscope.mad.umad;

import java.util.List;
import java.util.Objects;

/**
 * A channel adapter as libibumad's {@code umad_get_ca} describes it (from sysfs, or from the fake sysfs umad2sim
 * writes for an ibsim client): what {@code ibstat} prints.
 *
 * @param name the CA's name, such as {@code mlx5_0} ({@code ibsim0} under umad2sim)
 * @param nodeType the sysfs node type: 1 CA, 2 switch, 3 router, 4 iWARP RNIC; 0 when unknown
 * @param numPorts the highest port number present (libibumad's {@code numports})
 * @param firmwareVersion the firmware version text, empty when sysfs has none
 * @param caType the CA type (board name) text, empty when sysfs has none
 * @param hardwareVersion the hardware revision text, empty when sysfs has none
 * @param nodeGuid the node GUID
 * @param systemImageGuid the system image GUID
 * @param ports the ports present, by ascending number
 */
public record UmadCa(String name, int nodeType, int numPorts, String firmwareVersion, String caType,
        String hardwareVersion, long nodeGuid, long systemImageGuid, List<UmadPort> ports) {

    /** Copies the port list. */
    public UmadCa {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(firmwareVersion, "firmwareVersion");
        Objects.requireNonNull(caType, "caType");
        Objects.requireNonNull(hardwareVersion, "hardwareVersion");
        ports = List.copyOf(ports);
    }
}
