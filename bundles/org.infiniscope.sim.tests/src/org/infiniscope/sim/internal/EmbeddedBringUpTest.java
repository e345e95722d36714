package org.infiniscope.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.junit.jupiter.api.Test;

/**
 * A one-shot runtime's embedded fabric is brought up by the SM before the first LID-routed MAD from a port without a
 * LID, once; directed-route SMPs leave it as it was built.
 */
class EmbeddedBringUpTest {

    private static byte[] mad(int mgmtClass) {
        byte[] mad = new byte[256];
        mad[0] = 1;
        mad[1] = (byte) mgmtClass;
        mad[2] = 1;
        mad[3] = 1; // Get
        return mad;
    }

    @Test
    void directedRouteSmpsDoNotBringTheFabricUpALidRoutedMadDoesOnce() throws Exception {
        EmbeddedFabrics fabrics = new EmbeddedFabrics();
        List<String> brought = new CopyOnWriteArrayList<>();
        fabrics.bringUpWith(brought::add);
        SimChannelProvider provider = new SimChannelProvider(fabrics);
        try (MadChannel channel = provider.open("sim:ft2:2:2:2")) {
            channel.send(mad(MgmtClass.SUBN_DIRECTED_ROUTE), 256, MadAddress.directedRoute(), 100);
            assertEquals(List.of(), brought);
            channel.send(mad(MgmtClass.PERF_MGT), 256, MadAddress.gsi(1), 100);
            assertEquals(List.of("sim:ft2:2:2:2"), brought);
            channel.send(mad(MgmtClass.PERF_MGT), 256, MadAddress.gsi(1), 100);
        }
        try (MadChannel other = provider.open("sim:ft2:2:2:2@h00002")) {
            other.send(mad(MgmtClass.SUBN_LID_ROUTED), 256, MadAddress.smi(1), 100);
        }
        assertEquals(List.of("sim:ft2:2:2:2"), brought, "once per fabric");
        try (MadChannel builtIn = provider.open("sim")) {
            builtIn.send(mad(MgmtClass.MELLANOX_VENDOR), 256, MadAddress.gsi(1), 100);
        }
        assertEquals(List.of("sim:ft2:2:2:2", "sim"), brought);
        EmbeddedFabrics local = new EmbeddedFabrics();
        List<String> read = new CopyOnWriteArrayList<>();
        local.bringUpWith(read::add);
        try (MadChannel channel = new SimChannelProvider(local).open("sim")) {
            channel.localPort(); // a tool reading its port's LID is about to send LID-routed MADs
            assertEquals(List.of("sim"), read);
        }
    }

    @Test
    void withoutAnSmNothingIsBroughtUpAndAFailedBringUpFailsTheSend() throws Exception {
        SimChannelProvider quiet = new SimChannelProvider(new EmbeddedFabrics());
        try (MadChannel channel = quiet.open("sim")) {
            channel.send(mad(MgmtClass.PERF_MGT), 256, MadAddress.gsi(1), 100);
        }
        EmbeddedFabrics fabrics = new EmbeddedFabrics();
        fabrics.bringUpWith(fabric -> {
            throw new IOException("no SM today");
        });
        try (MadChannel channel = new SimChannelProvider(fabrics).open("sim")) {
            IOException e = assertThrows(IOException.class,
                    () -> channel.send(mad(MgmtClass.PERF_MGT), 256, MadAddress.gsi(1), 100));
            assertEquals("no SM today", e.getMessage());
        }
    }
}
