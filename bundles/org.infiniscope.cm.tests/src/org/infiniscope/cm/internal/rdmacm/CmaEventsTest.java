package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.PortSpace;
import org.junit.jupiter.api.Test;

/** {@code struct rdma_cm_event}s as librdmacm fills them, mapped to our events. */
class CmaEventsTest {

    private static MemorySegment event(Arena arena, String type, int status, long id, long listenId) {
        MemorySegment ev = arena.allocate(CmaStructs.CM_EVENT);
        ev.set(ADDRESS, CmaStructs.EV_ID, MemorySegment.ofAddress(id));
        ev.set(ADDRESS, CmaStructs.EV_LISTEN_ID, MemorySegment.ofAddress(listenId));
        ev.set(JAVA_INT, CmaStructs.EV_EVENT, CmaEvents.NATIVE.indexOf(type));
        ev.set(JAVA_INT, CmaStructs.EV_STATUS, status);
        return ev;
    }

    @Test
    void aConnectRequestCarriesThePeersPrivateDataAndIsCountedOnTheListener() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ev = event(arena, "CONNECT_REQUEST", 0, 0x5000, 0x6000);
            MemorySegment param = ev.asSlice(CmaStructs.EV_PARAM);
            param.set(ADDRESS, CmaStructs.CP_PRIVATE_DATA, arena.allocateFrom(JAVA_BYTE, new byte[]{1, 2, 3}));
            param.set(JAVA_BYTE, CmaStructs.CP_PRIVATE_DATA_LEN, (byte) 3);
            param.set(JAVA_BYTE, CmaStructs.CP_RESPONDER_RESOURCES, (byte) 16);
            param.set(JAVA_BYTE, CmaStructs.CP_INITIATOR_DEPTH, (byte) 8);
            param.set(JAVA_BYTE, CmaStructs.CP_RETRY_COUNT, (byte) 7);
            param.set(JAVA_BYTE, CmaStructs.CP_RNR_RETRY_COUNT, (byte) 6);
            CmEvent e = CmaEvents.map(ev, null, null, PortSpace.TCP);
            assertEquals(CmEventType.CONNECT_REQUEST, e.type());
            assertArrayEquals(new byte[]{1, 2, 3}, e.param().privateData());
            assertEquals(16, e.param().responderResources());
            assertEquals(8, e.param().initiatorDepth());
            assertEquals(7, e.param().retryCount());
            assertEquals(6, e.param().rnrRetryCount());
            assertNull(e.ud());
            assertEquals(0x6000, CmaEvents.countedOn(ev));
        }
    }

    @Test
    void aRejectKeepsItsReasonAsStatusAndOtherEventsAreCountedOnTheirId() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ev = event(arena, "REJECTED", 28, 0x5000, 0);
            CmEvent e = CmaEvents.map(ev, null, null, PortSpace.TCP);
            assertEquals(CmEventType.REJECTED, e.type());
            assertEquals(28, e.status(), "REJ reason 28: consumer reject");
            assertEquals(0, e.param().privateData().length);
            assertEquals(0x5000, CmaEvents.countedOn(ev));
            CmEvent err = CmaEvents.map(event(arena, "ADDR_ERROR", -110, 0x5000, 0), null, null, PortSpace.TCP);
            assertEquals(CmEventType.ADDR_ERROR, err.type());
            assertEquals(-110, err.status(), "-ETIMEDOUT");
            assertNull(err.param());
        }
    }

    @Test
    void aUdServiceResolvedCarriesItsQpQkeyAndLid() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ev = event(arena, "ESTABLISHED", 0, 0x5000, 0);
            MemorySegment param = ev.asSlice(CmaStructs.EV_PARAM);
            param.set(JAVA_INT, CmaStructs.UD_QP_NUM, 0x1234);
            param.set(JAVA_INT, CmaStructs.UD_QKEY, 0x01234567);
            param.set(JAVA_SHORT, CmaStructs.UD_DLID, (short) 0xC001);
            CmEvent e = CmaEvents.map(ev, null, null, PortSpace.UDP);
            assertEquals(0x1234, e.ud().qpn());
            assertEquals(0x01234567, e.ud().qkey());
            assertEquals(0xC001, e.ud().dlid());
            assertNull(e.param());
        }
    }

    @Test
    void anUnknownTypeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CmaEvents.type(16));
        assertThrows(IllegalArgumentException.class, () -> CmaEvents.type(-1));
    }
}
