package org.infiniscope.verbs.rdmacore.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceAttr;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpAttrMask;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The provider against the machine's own libibverbs: the library and the (here empty) device list run everywhere
 * rdma-core is installed; what needs an RDMA device is tagged {@code hw} and skips without one.
 */
class RdmaCoreTest {

    private static Ibverbs lib;
    private final RdmaCoreProvider provider = new RdmaCoreProvider();

    @BeforeAll
    static void load() {
        lib = Ibverbs.system().orElse(null);
        if (lib == null) {
            if ("true".equals(System.getenv("CI"))) {
                fail("CI installs libibverbs1, yet: " + Ibverbs.loadError());
            }
            Assumptions.abort("skipped: " + Ibverbs.loadError());
        }
    }

    private static boolean hasDevices() {
        String[] entries = new File("/sys/class/infiniband").list();
        return entries != null && entries.length > 0;
    }

    @Test
    void bindsEveryFunction() {
        assertEquals(Ibverbs.FUNCTIONS.keySet(), lib.bound());
    }

    @Test
    void withoutDevicesTheListIsEmptyAndSaysWhy() {
        Assumptions.assumeFalse(hasDevices(), "skipped: this machine has RDMA devices");
        assertEquals(List.of(), provider.devices());
        String why = provider.emptyReason();
        assertTrue(why.startsWith("libibverbs found no RDMA devices"), why);
    }

    @Test
    void openingADeviceThatIsNotThereIsEnodev() {
        VerbsException e = assertThrows(VerbsException.class,
                () -> provider.open(new Device("no_such_hca", 0, "rdma-core")));
        assertEquals(VerbsException.Errno.ENODEV, e.errno());
    }

    private Context first() throws VerbsException {
        Assumptions.assumeTrue(hasDevices(), "skipped: needs an RDMA device (hw), this machine has none");
        List<Device> devices = provider.devices();
        assertFalse(devices.isEmpty(), "sysfs has devices, libibverbs lists none: " + provider.emptyReason());
        return provider.open(devices.get(0));
    }

    @Test
    @Tag("hw")
    void queriesARealDevice() throws Exception {
        try (Context ctx = first()) {
            DeviceAttr attr = ctx.queryDevice();
            assertEquals(ctx.device().nodeGuid(), attr.nodeGuid());
            assertTrue(attr.physPortCnt() >= 1);
            assertTrue(ctx.numCompVectors() >= 1);
            assertTrue(ctx.queryPort(1).state() >= 1);
        }
    }

    @Test
    @Tag("hw")
    void theKernelRefusesWhatItsTableRefuses() throws Exception {
        try (Context ctx = first(); Arena arena = Arena.ofConfined()) {
            ProtectionDomain pd = ctx.allocPd();
            MemorySegment buf = arena.allocate(8192, 4096);
            MemoryRegion mr = pd.registerMemory(buf.asSlice(4000, 200), Access.LOCAL_WRITE);
            assertEquals(2, mr.pinnedPages());
            CompletionQueue cq = ctx.createCq(16, null, 0);
            QueuePair qp = pd.createQp(new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(4, 4, 1, 1, 0), false));
            assertEquals(QpState.RESET, qp.state());
            VerbsException e = assertThrows(VerbsException.class,
                    () -> qp.modify(new QpAttr().qpState(QpState.RTR), QpAttrMask.STATE));
            assertEquals(VerbsException.Errno.EINVAL, e.errno());
            qp.modify(new QpAttr().qpState(QpState.INIT).pkeyIndex(0).portNum(1).qpAccessFlags(0),
                    QpAttrMask.STATE | QpAttrMask.PKEY_INDEX | QpAttrMask.PORT | QpAttrMask.ACCESS_FLAGS);
            assertEquals(QpState.INIT, qp.state());
        }
    }
}
