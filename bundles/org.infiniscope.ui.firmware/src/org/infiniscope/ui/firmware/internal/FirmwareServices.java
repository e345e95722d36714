package org.infiniscope.ui.firmware.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import org.infiniscope.firmware.FirmwareFlasher;
import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.FirmwareInventory;
import org.infiniscope.firmware.FlashException;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.pci.Capabilities;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciCapability;
import org.infiniscope.pci.PciDevice;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The services the firmware views use, tracked: the inventory, the fabric connection, image formats, PCI buses and
 * flashers (the whiteboards taken best first: highest {@code service.ranking}, then oldest).
 */
final class FirmwareServices implements AutoCloseable {

    /** The Device Serial Number extended capability, whose serial a Mellanox adapter fills with its node GUID. */
    static final int DSN = 0x0003;

    private final ServiceTracker<FirmwareInventory, FirmwareInventory> inventory;
    private final ServiceTracker<FabricConnection, FabricConnection> connection;
    private final ServiceTracker<FirmwareFormat, FirmwareFormat> formats;
    private final ServiceTracker<PciBus, PciBus> buses;
    private final ServiceTracker<FirmwareFlasher, FirmwareFlasher> flashers;

    FirmwareServices(BundleContext context) {
        inventory = open(new ServiceTracker<>(context, FirmwareInventory.class, null));
        connection = open(new ServiceTracker<>(context, FabricConnection.class, null));
        formats = open(new ServiceTracker<>(context, FirmwareFormat.class, null));
        buses = open(new ServiceTracker<>(context, PciBus.class, null));
        flashers = open(new ServiceTracker<>(context, FirmwareFlasher.class, null));
    }

    private static <S> ServiceTracker<S, S> open(ServiceTracker<S, S> tracker) {
        tracker.open();
        return tracker;
    }

    private static <S> List<S> best(ServiceTracker<S, S> tracker) {
        ServiceReference<S>[] refs = tracker.getServiceReferences();
        if (refs == null) {
            return List.of();
        }
        List<ServiceReference<S>> sorted = new ArrayList<>(Arrays.asList(refs));
        sorted.sort(Collections.reverseOrder()); // a reference ranks higher by ranking, then by being older
        List<S> services = new ArrayList<>();
        for (ServiceReference<S> r : sorted) {
            S s = tracker.getService(r);
            if (s != null) {
                services.add(s);
            }
        }
        return services;
    }

    Optional<FirmwareInventory> inventory() {
        return Optional.ofNullable(inventory.getService());
    }

    Optional<FabricConnection> connection() {
        return Optional.ofNullable(connection.getService());
    }

    /**
     * @throws ImageFormatException when no installed format recognizes the image, or the one that does refuses it
     */
    FirmwareImage parse(byte[] image) throws ImageFormatException {
        for (FirmwareFormat f : best(formats)) {
            if (f.recognizes(image)) {
                return f.parse(image);
            }
        }
        throw new ImageFormatException("no installed firmware format recognizes the image", 0);
    }

    /**
     * @return the PCI function, on a bus that serves the fabric, whose Device Serial Number is this node GUID
     * @throws PciException when a bus cannot be read
     */
    Optional<PciFunction> function(String fabric, long nodeGuid) throws PciException {
        for (PciBus bus : best(buses)) {
            if (!bus.accepts(fabric)) {
                continue;
            }
            for (PciFunction f : bus.functions(fabric)) {
                for (PciCapability c : Capabilities.walk(f)) {
                    if (c.extended() && c.id() == DSN) {
                        long serial = Integer.toUnsignedLong(f.readDword(c.offset() + 4))
                                | (long) f.readDword(c.offset() + 8) << 32;
                        if (serial == nodeGuid) {
                            return Optional.of(f);
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * @return the best flasher that supports the function's device
     * @throws FlashException when none does
     */
    FirmwareFlasher flasher(PciFunction f) throws PciException, FlashException {
        PciDevice d = PciDevice.read(f);
        for (FirmwareFlasher flasher : best(flashers)) {
            if (flasher.supports(d)) {
                return flasher;
            }
        }
        throw new FlashException(
                String.format("%s: no installed flasher supports %04x:%04x", f.address(), d.vendorId(), d.deviceId()));
    }

    @Override
    public void close() {
        inventory.close();
        connection.close();
        formats.close();
        buses.close();
        flashers.close();
    }
}
