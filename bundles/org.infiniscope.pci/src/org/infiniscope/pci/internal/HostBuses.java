package org.infiniscope.pci.internal;

import java.util.List;

import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.pci.PciNames;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's PCI bus as a service: libpci when it loads and reaches the bus, else sysfs (system property
 * {@value #ACCESS_PROPERTY} {@code =libpci|sysfs} forces one). Opened on first use, not at activation: a runtime
 * that never touches PCI never loads libpci.
 */
@Component(service = PciBus.class, property = "service.ranking:Integer=0")
public final class HostBuses implements PciBus {

    /** Forces the access method: {@code libpci} or {@code sysfs}. */
    public static final String ACCESS_PROPERTY = "infiniscope.pci.access";

    private static final Logger LOG = LoggerFactory.getLogger(HostBuses.class);

    private PciBus bus;

    /** @return whether a {@code --fabric} value's adapters sit on the host's bus: none given, or umad */
    static boolean isHost(String fabric) {
        return fabric == null || fabric.isBlank() || fabric.equals("host") || fabric.startsWith("umad");
    }

    /**
     * Opens the host's bus the way {@code access} says.
     *
     * @param access {@code libpci}, {@code sysfs}, or {@code null} for libpci with the sysfs fallback
     */
    static PciBus open(String access) throws PciException {
        if ("sysfs".equals(access)) {
            return SysfsBus.system();
        }
        try {
            return LibPciBus.open();
        } catch (PciException e) {
            if ("libpci".equals(access)) {
                throw e;
            }
            LOG.debug("libpci unavailable, using sysfs: {}", e.getMessage());
            return SysfsBus.system();
        }
    }

    private synchronized PciBus bus() throws PciException {
        if (bus == null) {
            bus = open(System.getProperty(ACCESS_PROPERTY));
        }
        return bus;
    }

    @Override
    public String name() {
        try {
            return bus().name();
        } catch (PciException e) {
            return "host";
        }
    }

    @Override
    public boolean accepts(String fabric) {
        return isHost(fabric);
    }

    @Override
    public List<PciFunction> functions(String fabric) throws PciException {
        return bus().functions(fabric);
    }

    @Override
    public PciNames names() {
        try {
            return bus().names();
        } catch (PciException e) {
            return PciIdsNames.empty();
        }
    }

    @Deactivate
    synchronized void deactivate() {
        if (bus instanceof LibPciBus lib) {
            lib.close();
        }
        bus = null;
    }
}
