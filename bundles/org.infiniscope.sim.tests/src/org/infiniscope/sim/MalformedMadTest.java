package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.perf.PerfMgtMad;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated MADs sent into the simulator never throw out of it: each is lost or answered, and an answer
 * is a response. 100,000 of each; the fabric still answers a good SMP afterwards.
 */
class MalformedMadTest {

    private static final int CASES = 100_000;
    private final LineFabric line = new LineFabric();

    @Test
    void randomMads() {
        SplittableRandom random = new SplittableRandom(4);
        int answered = 0;
        for (int i = 0; i < CASES; i++) {
            byte[] mad = new byte[random.nextInt(8) == 0 ? random.nextInt(300) : 256];
            random.nextBytes(mad);
            if (mad.length >= Smp.DR_DLID_OFFSET + 2 && random.nextBoolean()) {
                // steer half of them past the first checks, so the agents see them
                mad[0] = 1;
                mad[1] = (byte) new int[]{MgmtClass.SUBN_DIRECTED_ROUTE, MgmtClass.SUBN_LID_ROUTED,
                        MgmtClass.PERF_MGT}[random.nextInt(3)];
                mad[2] = 1;
                if (random.nextBoolean()) {
                    // a directed-route SMP to the sender's own SMA: hop count and pointer 0, outbound
                    mad[1] = (byte) MgmtClass.SUBN_DIRECTED_ROUTE;
                    mad[3] = (byte) (random.nextBoolean() ? Method.GET : random.nextInt(256));
                    mad[4] &= 0x7F;
                    mad[6] = 0;
                    mad[7] = 0;
                    Bits.put16(mad, Smp.DR_SLID_OFFSET, 0xFFFF);
                    Bits.put16(mad, Smp.DR_DLID_OFFSET, 0xFFFF);
                }
            }
            answered += send(mad, random) ? 1 : 0;
        }
        assertTrue(answered > 0, "some were answered");
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3));
    }

    @Test
    void mutatedGoodMads() {
        SplittableRandom random = new SplittableRandom(5);
        byte[][] seeds = {
                Smp.directedRoute(Method.GET, 1, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1, 2, 3}, new byte[0]).encode(),
                Smp.directedRoute(Method.SET, 2, PortInfo.ATTRIBUTE_ID, 2, 0, new int[]{1}, new byte[64]).encode(),
                Smp.lidRouted(Method.GET, 3, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0]).encode(),
                PerfMgtMad.get(PerfAttributes.PORT_COUNTERS, 4, 1)};
        for (int i = 0; i < CASES; i++) {
            byte[] mad = seeds[random.nextInt(seeds.length)].clone();
            for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                mad[random.nextInt(mad.length)] = (byte) random.nextInt(256);
            }
            send(mad, random);
        }
        assertNotNull(line.drGet(NodeInfo.ATTRIBUTE_ID, 0, 1, 2, 3));
    }

    private boolean send(byte[] mad, SplittableRandom random) {
        MadAddress to = switch (random.nextInt(3)) {
            case 0 -> MadAddress.directedRoute();
            case 1 -> MadAddress.smi(random.nextInt(8));
            default -> MadAddress.gsi(random.nextInt(8));
        };
        if (line.fabric.exchange(line.h1, mad, mad.length, to) == null) {
            return false;
        }
        assertEquals(Method.GET_RESP, mad[3] & 0xFF, "an answer is a GetResp");
        return true;
    }
}
