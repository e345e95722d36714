package org.infiniscope.firmware.internal;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.ImageSpec;
import org.infiniscope.sim.adapter.BootRom;
import org.infiniscope.sim.adapter.FirmwareVersion;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The simulated adapters' boot ROM: a slot boots when an installed firmware format parses its image, every section's
 * CRC matches and the image is for the adapter's device. Only where the simulator is installed (its package is an
 * optional import).
 */
@Component(service = BootRom.class)
public final class SimBootRom implements BootRom {

    private record Ranked(FirmwareFormat format, int ranking, long id) {
    }

    private final Map<Long, Ranked> formats = new ConcurrentHashMap<>();

    @Reference(service = FirmwareFormat.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addFormat(ServiceReference<FirmwareFormat> reference, FirmwareFormat format) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        formats.put(id,
                new Ranked(format, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0, id));
    }

    void removeFormat(ServiceReference<FirmwareFormat> reference) {
        formats.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Override
    public Optional<FirmwareVersion> boot(int deviceId, byte[] slot) {
        Optional<FirmwareFormat> format = formats.values().stream()
                .sorted(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::id))
                .map(Ranked::format).filter(f -> f.recognizes(slot)).findFirst();
        if (format.isEmpty()) {
            return Optional.empty();
        }
        try {
            return bootable(format.get().parse(slot), deviceId);
        } catch (ImageFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * The factory's FS4 image of a simulated adapter: the firmware it runs, its PSID, its device, its node GUID as
     * the base GUID, and the rest as {@code fw mkimage} makes them for that kind of adapter.
     */
    @Override
    public byte[] factoryImage(int deviceId, long nodeGuid, FirmwareVersion factory) {
        ImageSpec d = FwTool.defaults(deviceId == 0xCF08);
        try {
            return Fs4Builder.build(new ImageSpec(factory.major(), factory.minor(), factory.subMinor(), d.year(),
                    d.month(), d.day(), factory.psid(), deviceId, d.description(), nodeGuid, d.guids(), d.baseMac(),
                    d.macs(), List.of()));
        } catch (IllegalArgumentException e) {
            return new byte[0]; // a factory version no image can carry: none
        }
    }

    /** The base GUID of an image this boot ROM boots: the node GUID the adapter answers with while it runs it. */
    @Override
    public long baseGuid(int deviceId, byte[] slot) {
        Optional<FirmwareFormat> format = formats.values().stream()
                .sorted(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::id))
                .map(Ranked::format).filter(f -> f.recognizes(slot)).findFirst();
        try {
            if (format.isPresent()) {
                FirmwareImage image = format.get().parse(slot);
                return bootable(image, deviceId).isPresent() ? image.baseGuid() : 0;
            }
        } catch (ImageFormatException e) {
            // not bootable: no GUID
        }
        return 0;
    }

    /** @return the version an image boots as on a device, empty when a CRC is wrong or it is for another device */
    static Optional<FirmwareVersion> bootable(FirmwareImage image, int deviceId) {
        if (!image.badSections().isEmpty() || image.deviceId() != 0 && image.deviceId() != deviceId) {
            return Optional.empty();
        }
        String[] v = image.version().split("\\.");
        try {
            return Optional.of(new FirmwareVersion(Integer.parseInt(v[0]), Integer.parseInt(v[1]),
                    Integer.parseInt(v[2]), image.psid()));
        } catch (RuntimeException e) {
            return Optional.empty(); // a version or PSID the adapter cannot run
        }
    }
}
