package org.infiniscope.verbs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceListener;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.infiniscope.verbs.sim.TwoHosts;
import org.infiniscope.verbs.spi.VerbsProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Verbs providers of other bundles are called through VendorCalls: one that hangs or throws costs one bounded wait,
 * is quarantined, and the other providers' devices stay listed and open.
 */
class VendorVerbsProviderTest {

    private final CountDownLatch release = new CountDownLatch(1);

    /** A vendor provider whose device list hangs (deaf to interrupts) or throws, as told. */
    private final class Misbehaving implements VerbsProvider {
        final AtomicInteger listed = new AtomicInteger();
        final boolean hangs;

        Misbehaving(boolean hangs) {
            this.hangs = hangs;
        }

        @Override
        public String name() {
            return hangs ? "vendor-hangs" : "vendor-throws";
        }

        @Override
        public List<Device> devices() {
            if (listed.incrementAndGet() == 1) {
                return List.of(); // answers at bind time, then misbehaves
            }
            if (!hangs) {
                throw new IllegalStateException("vendor bug");
            }
            while (true) {
                try {
                    if (release.await(1, TimeUnit.MINUTES)) {
                        return List.of();
                    }
                } catch (InterruptedException ignored) {
                    // a hung vendor provider does not stop when asked
                }
            }
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
    }

    @AfterEach
    void releaseHung() {
        release.countDown();
    }

    private void check(Misbehaving bad) throws Exception {
        try (SimVerbsProvider sim = TwoHosts.unrouted()) {
            VerbsImpl verbs = new VerbsImpl(new VendorCalls(Duration.ofMillis(300)), p -> p == bad);
            verbs.addProvider(bad, Map.of("service.ranking", 5));
            verbs.addProvider(sim, Map.of());
            List<String> expected = sim.devices().stream().map(Device::name).toList();
            long start = System.nanoTime();
            assertEquals(expected, verbs.devices().stream().map(Device::name).toList());
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(!bad.hangs || millis >= 300, "waited for the bound: " + millis + " ms");
            assertEquals(expected, verbs.devices().stream().map(Device::name).toList());
            assertEquals(2, bad.listed.get(), "a quarantined provider is not called again");
            try (Context c = verbs.open(expected.get(0))) {
                assertEquals(expected.get(0), c.device().name());
            }
            assertEquals(2, bad.listed.get());
            VerbsException none = assertThrows(VerbsException.class, () -> verbs.open("nosuch"));
            assertEquals(VerbsException.Errno.ENODEV, none.errno());
        }
    }

    @Test
    void aHungProviderCostsOneBoundedWaitAndTheOthersDevicesStay() throws Exception {
        check(new Misbehaving(true));
    }

    @Test
    void aThrowingProviderIsQuarantinedAndTheOthersDevicesStay() throws Exception {
        check(new Misbehaving(false));
    }
}
