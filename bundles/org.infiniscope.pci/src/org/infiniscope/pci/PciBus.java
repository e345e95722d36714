package org.infiniscope.pci;

import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A source of PCI functions, registered as an OSGi service (whiteboard): the host's (libpci, or sysfs when
 * libpci is absent) and, in the simulator, the functions of the simulated adapters.
 * <p>
 * How one is chosen for a {@code --fabric} value: the buses that {@link #accepts} it, then the highest
 * {@code service.ranking}. The host's accepts no fabric (or {@code umad…}: real adapters sit on the host's bus);
 * the simulator's accepts {@code sim…}.
 */
@ConsumerType
public interface PciBus {

    /** @return a short name: {@code libpci}, {@code sysfs}, {@code sim} */
    String name();

    /**
     * @param fabric the {@code --fabric} value, or {@code null} for none
     * @return whether this bus holds the adapters of that fabric
     */
    boolean accepts(String fabric);

    /**
     * Scans the bus.
     *
     * @param fabric the {@code --fabric} value, or {@code null}
     * @return the functions, in address order
     */
    List<PciFunction> functions(String fabric) throws PciException;

    /** @return the names this bus's functions are shown with */
    PciNames names();
}
