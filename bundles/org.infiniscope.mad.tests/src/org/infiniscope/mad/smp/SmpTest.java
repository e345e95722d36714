package org.infiniscope.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.junit.jupiter.api.Test;

class SmpTest {

    private static byte[] drRequest() {
        return Smp.directedRoute(Method.GET, 0x1234, PortInfo.ATTRIBUTE_ID, 3, 0x0102030405060708L, new int[]{1, 5, 7},
                new byte[]{9, 8}).encode();
    }

    @Test
    void directedRouteFieldsSitWhereTheSpecPutsThem() throws MadFormatException {
        byte[] mad = drRequest();
        assertEquals(0x81, Bits.u8(mad, 1));
        assertEquals(0, Bits.u8(mad, Smp.HOP_POINTER_OFFSET));
        assertEquals(3, Bits.u8(mad, Smp.HOP_COUNT_OFFSET));
        assertEquals(0x0102030405060708L, Bits.u64(mad, 24));
        assertEquals(Mad.PERMISSIVE_LID, Bits.u16(mad, 32));
        assertEquals(Mad.PERMISSIVE_LID, Bits.u16(mad, 34));
        assertEquals(9, mad[64]);
        assertEquals(1, mad[129]);
        assertEquals(5, mad[130]);
        assertEquals(7, mad[131]);
        Smp smp = Smp.decode(mad);
        assertTrue(smp.isDirectedRoute());
        assertEquals(3, smp.hopCount());
        assertEquals(0, smp.hopPointer());
        assertEquals(5, smp.initialPathPort(2));
        assertEquals(PortInfo.ATTRIBUTE_ID, smp.header().attributeId());
        assertFalse(smp.isReturning());
        assertArrayEquals(mad, smp.encode());
    }

    @Test
    void lidRoutedSmpsHaveNoDirectedRouteFields() throws MadFormatException {
        byte[] mad = Smp.lidRouted(Method.SET, 5, 0x19, 2, 0, new byte[64]).encode();
        for (int i = 32; i < 64; i++) {
            mad[i] = (byte) 0xEE; // reserved in LID-routed SMPs
        }
        Smp smp = Smp.decode(mad);
        assertFalse(smp.isDirectedRoute());
        assertEquals(0, smp.drSlid());
        assertEquals(0, smp.hopCount());
        assertEquals(0, smp.encode()[40], "reserved bytes are written as zero");
    }

    @Test
    void theResponseSetsTheDirectionBitAndKeepsThePath() throws MadFormatException {
        Smp request = Smp.decode(drRequest());
        Smp response = request.response(MadStatus.INVALID_ATTRIBUTE_VALUE, new byte[]{1});
        assertEquals(Method.GET_RESP, response.header().method());
        assertTrue(response.isReturning());
        assertEquals(MadStatus.INVALID_ATTRIBUTE_VALUE, response.status());
        assertEquals(0x801C, Bits.u16(response.encode(), 4));
        assertArrayEquals(request.initialPath(), response.initialPath());
        assertEquals(Smp.decode(response.encode()), response);
    }

    @Test
    void arraysAreCopiedInAndOut() throws MadFormatException {
        byte[] data = new byte[64];
        Smp smp = Smp.lidRouted(Method.GET, 1, 0x11, 0, 0, data);
        data[0] = 1;
        smp.data()[1] = 1;
        byte[] copy = new byte[70];
        smp.copyData(copy, 6);
        assertEquals(0, copy[6] + copy[7]);
        assertEquals(0, smp.data()[0]);
        Smp dr = Smp.decode(drRequest());
        byte[] path = new byte[64];
        dr.copyInitialPath(path, 0);
        assertEquals(5, path[2]);
        dr.copyReturnPath(path, 0);
        assertEquals(0, path[2]);
    }

    @Test
    void attributesDecodeStraightFromTheMad() throws MadFormatException {
        PortInfo port = PortInfoTest.sample();
        Smp smp = Smp.decode(drRequest()).withAttribute(PortInfo.CODEC, port);
        byte[] mad = smp.encode();
        assertEquals(port, Smp.decodeAttribute(mad, PortInfo.CODEC));
        assertEquals(port, smp.attribute(PortInfo.CODEC));
        MadFormatException wrong = assertThrows(MadFormatException.class,
                () -> Smp.decodeAttribute(mad, NodeInfo.CODEC));
        assertEquals(Problem.BAD_ATTRIBUTE, wrong.problem());
        assertEquals(16, wrong.offset());
    }

    @Test
    void malformedSmpsAreRejectedWithTheRightProblem() {
        assertProblem(Problem.TRUNCATED, new byte[255]);
        assertProblem(Problem.TRUNCATED, null);
        byte[] base = drRequest();
        base[0] = 2;
        assertProblem(Problem.BAD_BASE_VERSION, base);
        byte[] cls = drRequest();
        cls[1] = MgmtClass.SUBN_ADM;
        assertProblem(Problem.BAD_CLASS, cls);
        byte[] version = drRequest();
        version[2] = 2;
        assertProblem(Problem.BAD_CLASS_VERSION, version);
        byte[] count = drRequest();
        count[Smp.HOP_COUNT_OFFSET] = 64;
        assertProblem(Problem.BAD_HOP_COUNT, count);
        byte[] pointer = drRequest();
        pointer[Smp.HOP_POINTER_OFFSET] = 5;
        assertProblem(Problem.BAD_HOP_POINTER, pointer);
        pointer[Smp.HOP_POINTER_OFFSET] = 4;
        assertProblem(null, pointer);
    }

    private static void assertProblem(Problem expected, byte[] mad) {
        if (expected == null) {
            try {
                Smp.decode(mad);
            } catch (MadFormatException e) {
                throw new AssertionError("rejected " + e.getMessage(), e);
            }
            return;
        }
        MadFormatException e = assertThrows(MadFormatException.class, () -> Smp.decode(mad));
        assertEquals(expected, e.problem(), e.getMessage());
    }

    @Test
    void buildingAnInvalidSmpIsAProgrammingError() {
        MadHeader sa = new MadHeader(1, MgmtClass.SUBN_ADM, 2, 1, 0, 0, 0, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> Smp.of(sa, 0, 0, 0, new byte[0], new byte[0], new byte[0]));
        assertThrows(IllegalArgumentException.class,
                () -> Smp.directedRoute(Method.GET, 0, 0x11, 0, 0, new int[64], new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> Smp.lidRouted(Method.GET, 0, 0x11, 0, 0, new byte[65]));
    }

    @Test
    void randomValidSmpsRoundTrip() throws MadFormatException {
        Random random = new Random(42);
        for (int i = 0; i < 10_000; i++) {
            byte[] mad = new byte[Mad.SIZE];
            random.nextBytes(mad);
            mad[0] = 1;
            mad[1] = (byte) (random.nextBoolean() ? MgmtClass.SUBN_DIRECTED_ROUTE : MgmtClass.SUBN_LID_ROUTED);
            mad[2] = 1;
            int hops = random.nextInt(64);
            mad[Smp.HOP_COUNT_OFFSET] = (byte) hops;
            mad[Smp.HOP_POINTER_OFFSET] = (byte) random.nextInt(hops + 2);
            Smp smp = Smp.decode(mad);
            byte[] again = smp.encode();
            assertEquals(smp, Smp.decode(again));
            mad[18] = 0;
            mad[19] = 0;
            if (smp.isDirectedRoute()) {
                for (int b = 36; b < 64; b++) {
                    mad[b] = 0;
                }
                assertArrayEquals(mad, again);
            }
        }
    }
}
