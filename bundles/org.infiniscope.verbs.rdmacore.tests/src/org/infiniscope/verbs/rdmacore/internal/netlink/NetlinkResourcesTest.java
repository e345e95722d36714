package org.infiniscope.verbs.rdmacore.internal.netlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;

import org.infiniscope.verbs.resource.QpResource;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The netlink source on this host: without RDMA devices it says why (no RDMA netlink, or none listed); with them
 * (tagged {@code hw}) it lists at least the kernel's GSI QP of each port.
 */
class NetlinkResourcesTest {

    private static boolean hasDevices() {
        String[] d = new File("/sys/class/infiniband").list();
        return d != null && d.length > 0;
    }

    @Test
    void withoutRdmaDevicesTheSourceSaysWhy() {
        Assumptions.assumeFalse(hasDevices(), "skipped: this host has RDMA devices (the hw test covers it)");
        String why = new NetlinkResources().unavailableReason();
        assertFalse(why.isEmpty(), "a host without RDMA devices says so");
        assertTrue(why.contains("no RDMA netlink") || why.contains("no RDMA device"), why);
    }

    @Test
    void theSocketFailsWithTheKernelsErrnoOrOpens() {
        try (NetlinkSocket s = new NetlinkSocket(1000)) {
            List<NlCodec.Message> devices = s.dump(RdmaNl.CMD_GET, -1);
            assertEquals(hasDevices(), !devices.isEmpty(), "netlink lists the devices sysfs has");
        } catch (NetlinkException e) {
            assertFalse(hasDevices(), "a host with RDMA devices has RDMA netlink: " + e.getMessage());
            assertTrue(e.errno > 0, "the socket's errno is kept: " + e.getMessage());
        }
    }

    @Test
    @Tag("hw")
    void aHostWithDevicesListsItsGsiQps() throws Exception {
        Assumptions.assumeTrue(hasDevices(), "skipped: needs an RDMA device (hw), this machine has none");
        NetlinkResources r = new NetlinkResources();
        assertEquals("", r.unavailableReason());
        List<QpResource> qps = r.qps();
        assertTrue(qps.stream().anyMatch(q -> q.type().equals("GSI") && q.kernel()), "the kernel's GSI QP: " + qps);
    }
}
