package org.infiniscope.verbs.rdmacore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.rdmacore.internal.RdmaCoreProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The provider's objects as native handles, as the librdmacm binding takes and gives them. */
class RdmaCoreObjectsTest {

    @Test
    void anObjectOfAnotherProviderHasNoHandle() {
        VerbsException e = assertThrows(VerbsException.class, () -> RdmaCoreObjects.handle("not a verbs object"));
        assertEquals(Errno.EINVAL, e.errno());
        assertTrue(e.getMessage().contains("String is not an rdma-core object"), e.getMessage());
        assertEquals(Errno.EINVAL, assertThrows(VerbsException.class, () -> RdmaCoreObjects.handle(null)).errno());
        assertEquals(144, RdmaCoreObjects.qpAttrSize(), "struct ibv_qp_attr");
    }

    @Test
    @Tag("hw")
    void aQpCreatedElsewhereIsOursAndItsCloseRunsTheirDestroy() throws Exception {
        String[] devices = new File("/sys/class/infiniband").list();
        assumeTrue(devices != null && devices.length > 0, "no RDMA device here");
        RdmaCoreProvider provider = new RdmaCoreProvider();
        try (Context ctx = provider.open(provider.devices().getFirst())) {
            ProtectionDomain pd = ctx.allocPd();
            CompletionQueue cq = ctx.createCq(8, null, 0);
            QpInitAttr attr = new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(2, 2, 1, 1, 0), false);
            // made as another library makes it: ibv_create_qp on our PD's handle
            QueuePair made = pd.createQp(attr);
            MemorySegment handle = RdmaCoreObjects.handle(made);
            AtomicInteger destroyed = new AtomicInteger();
            QueuePair adopted = RdmaCoreObjects.adoptQp(pd, handle, attr, destroyed::incrementAndGet);
            assertEquals(made.qpNum(), adopted.qpNum());
            adopted.close();
            assertEquals(1, destroyed.get());
            made.close();
            try (Arena arena = Arena.ofConfined()) {
                assertEquals(64, RdmaCoreObjects.qpInitAttr(arena, pd, attr).byteSize());
            }
            assertEquals(16, RdmaCoreObjects.gid(ctx, 1, 0).length);
            Context adopted2 = RdmaCoreObjects.adoptContext(RdmaCoreObjects.handle(ctx));
            assertEquals(ctx.device().name(), adopted2.device().name());
            RdmaCoreObjects.releaseContext(adopted2); // the device stays open: ctx still works
            ctx.queryDevice();
        }
    }
}
