package org.infiniscope.cm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.cm.CmException;
import org.infiniscope.cm.HostCms;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.cm.RdmaCms;
import org.infiniscope.cm.internal.rdmacm.NativeRdmaCm;
import org.infiniscope.verbs.Device;
import org.junit.jupiter.api.Test;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/** The CM follows the verbs provider of the device: librdmacm for rdma-core, the host's CM for a simulated HCA. */
class RdmaCmSelectionTest {

    /** The hosts asked for, each answered with a CM that names its host. */
    private static final class Hosts implements HostCms {
        final List<String> asked = new ArrayList<>();

        @Override
        public String fabric() {
            return "sim";
        }

        @Override
        public String unavailableReason() {
            return "";
        }

        @Override
        public RdmaCm host(String node) {
            asked.add(node);
            return (RdmaCm) Proxy.newProxyInstance(RdmaCm.class.getClassLoader(), new Class<?>[]{RdmaCm.class},
                    (proxy, method, args) -> method.getName().equals("host") ? node : null);
        }

        @Override
        public RdmaCm host(String fabric, String node) {
            return host(node);
        }
    }

    @Test
    void anRdmaCoreDeviceIsServedByLibrdmacmOnce() throws CmException {
        RdmaCmSelection selection = new RdmaCmSelection(new Hosts());
        RdmaCm cm = selection.forDevice(new Device("mlx5_0", 0x0002c90300012345L, "rdma-core"));
        assertInstanceOf(NativeRdmaCm.class, cm);
        assertSame(cm, selection.forDevice(new Device("mlx5_1", 0x0002c90300012346L, "rdma-core")));
        selection.close();
    }

    @Test
    void aSimulatedHcaIsServedByItsHostsCm() throws CmException {
        Hosts hosts = new Hosts();
        RdmaCmSelection selection = new RdmaCmSelection(hosts);
        assertEquals("host-a", selection.forDevice(new Device("sim_host-a", 7, "sim")).host());
        assertEquals(List.of("host-a"), hosts.asked);
        CmException odd = assertThrows(CmException.class, () -> selection.forDevice(new Device("hca", 7, "sim")));
        assertTrue(odd.getMessage().contains("not named sim_NODE"), odd.getMessage());
    }

    @Test
    void aProviderWithoutACmIsNamed() {
        RdmaCmSelection selection = new RdmaCmSelection(new Hosts());
        CmException e = assertThrows(CmException.class,
                () -> selection.forDevice(new Device("vendor0", 1, "vendor-x")));
        assertEquals("no CM serves devices of verbs provider \"vendor-x\" (vendor0)", e.getMessage());
    }

    @Test
    void theRuntimeRegistersTheSelection() throws Exception {
        var context = FrameworkUtil.getBundle(RdmaCmSelection.class).getBundleContext();
        ServiceTracker<RdmaCms, RdmaCms> tracker = new ServiceTracker<>(context, RdmaCms.class, null);
        tracker.open();
        try {
            RdmaCms cms = tracker.waitForService(20_000);
            assertTrue(cms != null, "RdmaCms registered");
            assertInstanceOf(NativeRdmaCm.class, cms.forDevice(new Device("mlx5_0", 1, "rdma-core")));
        } finally {
            tracker.close();
        }
    }
}
