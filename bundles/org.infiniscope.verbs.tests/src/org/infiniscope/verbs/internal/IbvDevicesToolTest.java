package org.infiniscope.verbs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceListener;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.infiniscope.verbs.sim.TwoHosts;
import org.infiniscope.verbs.spi.VerbsProvider;
import org.junit.jupiter.api.Test;

/** {@code ibv_devices} over the device list: the devices, and an empty list with its reason. */
class IbvDevicesToolTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(VerbsImpl verbs) throws Exception {
        return new IbvDevicesTool(verbs)
                .run(new ToolInvocation(List.of(), new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    /** A provider like rdma-core on a machine without devices. */
    private static final class NoDevices implements VerbsProvider {
        @Override
        public String name() {
            return "rdma-core";
        }

        @Override
        public List<Device> devices() {
            return List.of();
        }

        @Override
        public Context open(Device device) throws VerbsException {
            throw new VerbsException(VerbsException.Errno.ENODEV, device.name());
        }

        @Override
        public AutoCloseable addListener(DeviceListener listener) {
            return () -> {
            };
        }

        @Override
        public String emptyReason() {
            return "libibverbs found no RDMA devices";
        }
    }

    @Test
    void listsEveryProvidersDevices() throws Exception {
        try (TwoHosts fabric = new TwoHosts()) {
            VerbsImpl verbs = new VerbsImpl();
            verbs.addProvider(new NoDevices(), Map.of());
            verbs.addProvider(fabric.verbs, Map.of());
            assertEquals(ExitStatus.OK, run(verbs));
            assertEquals("""
                        device          \t       node GUID\tprovider
                        ------          \t----------------\t--------
                        sim_h1          \t0002c90300000100\tsim
                        sim_h2          \t0002c90300000200\tsim
                        sim_h3          \t0002c90300000300\tsim
                    """, out.toString());
        }
    }

    @Test
    void anEmptyListSaysWhy() throws Exception {
        VerbsImpl none = new VerbsImpl();
        assertEquals(ExitStatus.FAILURE, run(none));
        assertTrue(err.toString().contains("no verbs provider is installed"), err.toString());
        VerbsImpl rdma = new VerbsImpl();
        rdma.addProvider(new NoDevices(), Map.of());
        assertEquals(ExitStatus.FAILURE, run(rdma));
        assertTrue(err.toString().contains("rdma-core: libibverbs found no RDMA devices"), err.toString());
    }

    @Test
    void theHigherRankedProviderComesFirst() throws Exception {
        try (SimVerbsProvider low = TwoHosts.unrouted(); TwoHosts high = new TwoHosts()) {
            VerbsImpl verbs = new VerbsImpl();
            verbs.addProvider(low, Map.of());
            verbs.addProvider(high.verbs, Map.of(org.osgi.framework.Constants.SERVICE_RANKING, 5));
            assertEquals(List.of("sim_h1", "sim_h2", "sim_h3", "sim_h1", "sim_h2"),
                    verbs.devices().stream().map(Device::name).toList());
            try (Context c = verbs.open("sim_h1")) {
                assertEquals(TwoHosts.H1, c.device().nodeGuid());
            }
        }
    }
}
