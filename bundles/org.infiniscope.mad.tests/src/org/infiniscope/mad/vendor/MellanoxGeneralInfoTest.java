package org.infiniscope.mad.vendor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.internal.vendor.MellanoxGeneralInfoCodec;
import org.infiniscope.mad.vendor.MellanoxGeneralInfo.Layout;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceEvent;
import org.osgi.framework.ServiceListener;
import org.osgi.framework.ServiceReference;

/**
 * ibsim does not answer the Mellanox class (vendstat -N gets no ClassPortInfo there), so these vectors are written
 * from vendstat's structures; the expected strings are what vendstat prints for them.
 */
class MellanoxGeneralInfoTest {

    /** Vendor data (the MAD from byte 24) of a Switch-IB 2 (device 0xcf08), extended layout. */
    private static final String SWITCH_IB2 = "0000000000000000" + "00a0cf08" + "00".repeat(24) + "0001e240" + "000f0836"
            + "00000001" + "1205" + "2024" + "0000" + "1530" + "4d545f31383730313130303332000000" + "00000002"
            + "0000000f" + "000007d8" + "00000836" + "00".repeat(16) + "00010503" + "00".repeat(28);
    /** The same for an InfiniScale III switch (device 47396), original layout. */
    private static final String INFINISCALE3 = "0000000000000000" + "00a1b924" + "00".repeat(24) + "00000010"
            + "00010203" + "00000abc" + "0709" + "2008" + "0000" + "0830" + "4d545f30303030303030303038000000"
            + "00000001" + "00020100" + "00".repeat(56);

    @Test
    void decodesWhatVendstatShowsForAnExtendedLayoutDevice() throws MadFormatException {
        byte[] data = HexFormat.of().parseHex(SWITCH_IB2);
        assertEquals(MellanoxGeneralInfo.LENGTH, data.length);
        MellanoxGeneralInfo info = MellanoxGeneralInfo.CODEC.decode(data, 0);
        assertEquals(Layout.EXTENDED, info.layout());
        assertEquals(new MellanoxGeneralInfo.Hardware(0xa0, 0xcf08, 123456), info.hardware());
        assertEquals("15.2008.2102", info.firmwareVersion().toString());
        assertEquals(1, info.firmware().buildId());
        assertEquals("12/05/2024", info.firmware().date());
        assertEquals("MT_1870110032", info.firmware().psid());
        assertEquals(2, info.firmware().iniFileVersion());
        assertEquals("01.05.03", info.software().toString());
        byte[] out = new byte[MellanoxGeneralInfo.LENGTH];
        MellanoxGeneralInfo.CODEC.encode(info, out, 0);
        assertArrayEquals(data, out);
    }

    @Test
    void decodesTheOriginalLayout() throws MadFormatException {
        byte[] data = HexFormat.of().parseHex(INFINISCALE3);
        MellanoxGeneralInfo info = MellanoxGeneralInfo.CODEC.decode(data, 0);
        assertEquals(Layout.ORIGINAL, info.layout());
        assertEquals("01.02.03", info.firmwareVersion().toString());
        assertEquals("02.01.00", info.software().toString());
        assertEquals("07/09/2008", info.firmware().date());
        assertEquals("MT_0000000008", info.firmware().psid());
        byte[] out = new byte[MellanoxGeneralInfo.LENGTH];
        MellanoxGeneralInfo.CODEC.encode(info, out, 0);
        assertArrayEquals(data, out);
    }

    @Test
    void roundTripsRandomValues() throws MadFormatException {
        Random random = new Random(3);
        int[] devices = {0xcf08, 0xb924, 0x1017, 0x5a44, 0xd2f0};
        for (int i = 0; i < 500; i++) {
            int device = devices[random.nextInt(devices.length)];
            Layout layout = Layout.of(device);
            MellanoxGeneralInfo info = new MellanoxGeneralInfo(layout,
                    new MellanoxGeneralInfo.Hardware(random.nextInt(0x10000), device, random.nextLong(1L << 32)),
                    new MellanoxGeneralInfo.Firmware(version8(random), random.nextInt(), random.nextInt(256),
                            random.nextInt(256), random.nextInt(0x10000), random.nextInt(0x10000),
                            "MT_" + random.nextInt(1_000_000), random.nextInt()),
                    layout == Layout.EXTENDED
                            ? new MellanoxGeneralInfo.Version(random.nextInt(), random.nextInt(), random.nextInt())
                            : MellanoxGeneralInfo.Version.ZERO,
                    version8(random));
            byte[] buf = new byte[256];
            MellanoxGeneralInfo.CODEC.encode(info, buf, 24);
            assertEquals(info, MellanoxGeneralInfo.CODEC.decode(buf, 24));
        }
    }

    private static MellanoxGeneralInfo.Version version8(Random random) {
        return new MellanoxGeneralInfo.Version(random.nextInt(256), random.nextInt(256), random.nextInt(256));
    }

    @Test
    void malformedGeneralInfo() {
        byte[] data = HexFormat.of().parseHex(SWITCH_IB2);
        data[60] = 0x07;
        MadFormatException e = assertThrows(MadFormatException.class, () -> MellanoxGeneralInfo.CODEC.decode(data, 0));
        assertEquals(Problem.BAD_FIELD, e.problem());
        assertTrue(e.getMessage().contains("PSID"), e.getMessage());
        assertEquals(Problem.TRUNCATED,
                assertThrows(MadFormatException.class, () -> MellanoxGeneralInfo.CODEC.decode(new byte[135], 0))
                        .problem());
        assertThrows(IllegalArgumentException.class,
                () -> new MellanoxGeneralInfo.Firmware(MellanoxGeneralInfo.Version.ZERO, 0, 0, 0, 0, 0,
                        "MT_12345678901234", 0));
        assertThrows(IllegalArgumentException.class, () -> new MellanoxGeneralInfo(Layout.ORIGINAL,
                new MellanoxGeneralInfo.Hardware(0, 0xcf08, 0), null, null, MellanoxGeneralInfo.Version.ZERO));
    }

    @Test
    void theVendorCodecDecodesWholeMads() throws MadFormatException {
        byte[] mad = new byte[256];
        new MadHeader(1, 0x0A, 1, Method.GET_RESP, 0, 0, 77, 0x17, 0).encode(mad, 0);
        System.arraycopy(HexFormat.of().parseHex(SWITCH_IB2), 0, mad, 24, MellanoxGeneralInfo.LENGTH);
        VendorMad vendorMad = VendorMad.decode(mad);
        VendorCodec codec = new MellanoxGeneralInfoCodec();
        assertTrue(codec.handles(0x0A, 0x0002C9, 0x17));
        MellanoxGeneralInfo info = assertInstanceOf(MellanoxGeneralInfo.class, codec.decode(vendorMad));
        assertEquals("15.2008.2102", info.firmwareVersion().toString());
        assertArrayEquals(mad, codec.encode(vendorMad.header(), info).encode());
        assertThrows(IllegalArgumentException.class, () -> codec.encode(vendorMad.header(), "not GeneralInfo"));
        VendorMad otherAttribute = VendorMad.get(0x0A, 1, VendorMad.NO_OUI, 0x50, 0, 1);
        assertEquals(Problem.BAD_ATTRIBUTE,
                assertThrows(MadFormatException.class, () -> codec.decode(otherAttribute)).problem());
    }

    @Test
    void theCodecIsAnOsgiService() throws Exception {
        Bundle bundle = FrameworkUtil.getBundle(VendorCodec.class);
        assertNotNull(bundle, "the MAD bundle runs in a framework");
        if (bundle.getState() != Bundle.ACTIVE) {
            bundle.start();
        }
        BundleContext context = bundle.getBundleContext();
        CountDownLatch registered = new CountDownLatch(1);
        ServiceListener listener = event -> {
            if (event.getType() == ServiceEvent.REGISTERED) {
                registered.countDown();
            }
        };
        context.addServiceListener(listener, "(objectClass=" + VendorCodec.class.getName() + ")");
        try {
            if (context.getServiceReferences(VendorCodec.class, null).isEmpty()) {
                assertTrue(registered.await(10, TimeUnit.SECONDS), "no VendorCodec service within 10 s");
            }
            ServiceReference<VendorCodec> reference = context.getServiceReferences(VendorCodec.class, null).iterator()
                    .next();
            VendorCodec codec = context.getService(reference);
            try {
                assertEquals(MellanoxGeneralInfo.MELLANOX_OUI, codec.vendorId());
            } finally {
                context.ungetService(reference);
            }
        } finally {
            context.removeServiceListener(listener);
        }
    }
}
