package org.infiniscope.cm.internal.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;

import org.infiniscope.cm.CmException;
import org.infiniscope.cm.PortSpace;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** librdmacm through FFM: what runs without RDMA devices here, and the rest on hardware. */
class RdmaCmNativeTest {

    @Test
    void theLibraryLoadsWithEveryCallBound() throws CmException {
        RdmaCmNative.load();
        assertEquals(LibRdmaCm.FUNCTIONS.keySet(), LibRdmaCm.system().orElseThrow().bound());
        assertEquals("RDMA_CM_EVENT_ESTABLISHED", RdmaCmNative.load().eventName(9), "rdma_event_str");
    }

    @Test
    void withoutRdmaDevicesAnEventChannelIsRefusedClearly() throws CmException {
        assumeTrue(!Files.exists(RdmaCmNative.DEVICE), "this machine has an RDMA CM device");
        RdmaCmNative cm = RdmaCmNative.load();
        CmException e = assertThrows(CmException.class, cm::createEventChannel);
        assertTrue(e.getMessage().startsWith("no RDMA CM: /dev/infiniband/rdma_cm is missing"), e.getMessage());
        assertEquals(0, cm.deviceCount());
        assertTrue(cm.emptyReason().contains("/dev/infiniband/rdma_cm"), cm.emptyReason());
    }

    @Test
    @Tag("hw")
    void onHardwareAChannelAndAnIdAreMadeAndDestroyed() throws CmException {
        assumeTrue(Files.exists(RdmaCmNative.DEVICE), "no RDMA CM device here (" + RdmaCmNative.DEVICE + ")");
        RdmaCmNative cm = RdmaCmNative.load();
        assertTrue(cm.deviceCount() > 0);
        assertEquals("", cm.emptyReason());
        try (RdmaCmNative.Channel channel = cm.createEventChannel();
                RdmaCmNative.Id id = channel.createId(PortSpace.TCP)) {
            assertTrue(id != null);
        }
    }
}
