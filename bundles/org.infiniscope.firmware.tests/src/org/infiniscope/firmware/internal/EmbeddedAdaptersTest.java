package org.infiniscope.firmware.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.sim.adapter.BootRom;
import org.infiniscope.testing.Services;
import org.junit.jupiter.api.Test;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * The runtime's simulated adapters (the embedded fabric's, through its PCI bus service) hold the factory image the
 * firmware bundle's boot ROM gives them: an FS4 image of the firmware they run, with their node GUID.
 */
class EmbeddedAdaptersTest {

    @Test
    void anEmbeddedAdapterHoldsItsFactoryImage() throws Exception {
        assertTrue(Services.get(BootRom.class) instanceof SimBootRom, "the firmware bundle's boot ROM is installed");
        var context = FrameworkUtil.getBundle(EmbeddedAdaptersTest.class).getBundleContext();
        PciBus sim = null;
        for (ServiceReference<PciBus> r : context.getServiceReferences(PciBus.class, null)) {
            PciBus b = context.getService(r);
            if (b.accepts("sim:ft2:2:1:2")) {
                sim = b;
            }
        }
        assertTrue(sim != null, "a PCI bus serves the simulated fabric");
        List<PciFunction> functions = sim.functions("sim:ft2:2:1:2");
        PciFunction first = functions.get(0);
        // the image's first 64 KiB: its DTOC (the device data) sits in their last 4 KiB, not at the slot's end
        FirmwareImage image = BuiltInFormats
                .parse(java.util.Arrays.copyOf(new MellanoxVscFlasher().readActiveImage(first), Fs4Builder.SIZE));
        assertEquals("MT_0000000008", image.psid());
        assertEquals("16.35.2000", image.version());
        long serial = Integer.toUnsignedLong(first.readDword(0x104)) | (long) first.readDword(0x108) << 32;
        assertEquals(serial, image.baseGuid(), "the factory image carries the node GUID");
    }
}
