package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Optional;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.vendor.MellanoxGeneralInfo;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sim.adapter.FirmwareVersion;
import org.infiniscope.sim.adapter.SimAdapter;
import org.infiniscope.sim.adapter.SimAdapters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The adapters answer Mellanox GeneralInfo in-band with the firmware they run, as vendstat -N reads it. */
class AdapterGeneralInfoTest {

    private final LineFabric line = new LineFabric();
    private SimAdapters adapters;

    @BeforeEach
    void bringUp() throws MadFormatException {
        line.assignLids();
        line.route(new int[]{0, 1, 0, 2, 2}, 1);
        line.route(new int[]{0, 2, 2, 0, 1}, 1, 2);
        adapters = SimAdapters.attach(line.fabric,
                image -> image[0] == 'F'
                        ? Optional.of(new FirmwareVersion(16, 41, 1000, "MT_0000000009"))
                        : Optional.empty());
    }

    private static byte[] get(int attribute) {
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[1] = (byte) MellanoxGeneralInfo.MGMT_CLASS;
        mad[2] = 1;
        mad[3] = Method.GET;
        Bits.put64(mad, 8, 99);
        Bits.put16(mad, 16, attribute);
        return mad;
    }

    private MellanoxGeneralInfo ask(int lid) throws MadFormatException {
        byte[] mad = get(MellanoxGeneralInfo.ATTRIBUTE_ID);
        assertNotNull(line.fabric.exchange(line.h1, mad, 256, MadAddress.gsi(lid)), "LID " + lid + " answers");
        assertEquals(Method.GET_RESP, mad[3] & 0xFF);
        assertEquals(MadStatus.OK, Bits.u16(mad, 4));
        return MellanoxGeneralInfo.CODEC.decode(mad, 24);
    }

    @Test
    void hcasAndSwitchesReportTheirFirmware() throws MadFormatException {
        MellanoxGeneralInfo h2 = ask(4);
        assertEquals(SimAdapters.CONNECTX5, h2.hardware().deviceId());
        assertEquals("16.35.2000", h2.extendedFirmwareVersion().toString());
        assertEquals("MT_0000000008", h2.firmware().psid());
        MellanoxGeneralInfo sw2 = ask(3);
        assertEquals(SimAdapters.SWITCH_IB2, sw2.hardware().deviceId());
        assertEquals("15.2010.4004", sw2.extendedFirmwareVersion().toString());
        byte[] cpi = get(0x01);
        assertNotNull(line.fabric.exchange(line.h1, cpi, 256, MadAddress.gsi(4)));
        assertEquals(MadStatus.OK, Bits.u16(cpi, 4));
        assertEquals(1, cpi[24], "ClassPortInfo base version");
        byte[] unknown = get(0x55);
        assertNotNull(line.fabric.exchange(line.h1, unknown, 256, MadAddress.gsi(4)));
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, Bits.u16(unknown, 4));
    }

    @Test
    void aNewImageIsReportedAfterThePowerCycleAndABrickedAdapterIsSilent() throws MadFormatException {
        SimAdapter h2 = adapters.byGuid(LineFabric.H2).orElseThrow();
        h2.flash().load(1, new byte[]{'F'});
        h2.flash().setActiveSlot(1);
        assertEquals("16.35.2000", ask(4).extendedFirmwareVersion().toString());
        h2.powerCycle();
        MellanoxGeneralInfo after = ask(4);
        assertEquals("16.41.1000", after.extendedFirmwareVersion().toString());
        assertEquals("MT_0000000009", after.firmware().psid());
        h2.flash().load(0, new byte[]{'X'});
        h2.flash().load(1, new byte[]{'X'});
        h2.powerCycle();
        assertNull(line.fabric.exchange(line.h1, get(MellanoxGeneralInfo.ATTRIBUTE_ID), 256, MadAddress.gsi(4)),
                "no bootable image: no firmware to answer");
    }
}
