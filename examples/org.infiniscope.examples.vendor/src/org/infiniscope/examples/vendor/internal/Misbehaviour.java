package org.infiniscope.examples.vendor.internal;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

import org.infiniscope.firmware.FirmwareFormat;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.vendor.VendorCodec;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.perf.vendor.CounterPort;
import org.infiniscope.perf.vendor.CounterSet;
import org.infiniscope.sim.SimAgent;
import org.infiniscope.sim.SimFabric;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;

/**
 * Services that do what vendor code must not: throw an unchecked exception, or hang. Registered above the good ones
 * ({@code service.ranking} 100) for the same class, attribute, set name and image magic, so that the core meets them
 * first: it must skip them within its time bound and fall back on the good ones.
 */
final class Misbehaviour {

    /** What the services do. */
    enum Mode {
        THROW,
        HANG
    }

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    /** Registers one of each kind. */
    Misbehaviour(BundleContext context, Mode mode) {
        Runnable fault = mode == Mode.THROW ? () -> {
            throw new IllegalStateException("example: misbehaving on purpose");
        } : Misbehaviour::hang;
        Dictionary<String, Object> ranked = new Hashtable<>(Map.of(Constants.SERVICE_RANKING, 100));
        registrations.add(context.registerService(FirmwareFormat.class, new FirmwareFormat() {
            @Override
            public String name() {
                return "EXFW";
            }

            @Override
            public boolean recognizes(byte[] image) {
                fault.run();
                return true;
            }

            @Override
            public FirmwareImage parse(byte[] image) {
                fault.run();
                return null;
            }
        }, ranked));
        registrations.add(context.registerService(VendorCodec.class, new VendorCodec() {
            @Override
            public int vendorId() {
                return ExampleClass.OUI;
            }

            @Override
            public Set<Integer> mgmtClasses() {
                return Set.of(ExampleClass.MGMT_CLASS);
            }

            @Override
            public Set<Integer> attributeIds() {
                return Set.of(ExampleClass.BOARD_INFO, ExampleClass.PORT_HEALTH);
            }

            @Override
            public Object decode(VendorMad mad) {
                fault.run();
                return null;
            }

            @Override
            public VendorMad encode(MadHeader header, Object value) {
                fault.run();
                return null;
            }
        }, ranked));
        registrations.add(context.registerService(CounterSet.class, new CounterSet() {
            @Override
            public String name() {
                return ExampleCounterSet.NAME;
            }

            @Override
            public int mgmtClass() {
                return ExampleClass.MGMT_CLASS;
            }

            @Override
            public int oui() {
                return ExampleClass.OUI;
            }

            @Override
            public int attributeId() {
                return ExampleClass.PORT_HEALTH;
            }

            @Override
            public boolean appliesTo(CounterPort port) {
                fault.run();
                return true;
            }

            @Override
            public Map<String, Long> decode(VendorMad answer, CounterPort port) {
                fault.run();
                return Map.of();
            }
        }, ranked));
        registrations.add(context.registerService(SimAgent.class, new SimAgent() {
            @Override
            public int mgmtClass() {
                return ExampleClass.MGMT_CLASS;
            }

            @Override
            public boolean answer(byte[] mad, SimFabric.NodeView node, int port) {
                fault.run();
                return false;
            }
        }, ranked));
    }

    /** Waits until interrupted (the core's time bound interrupts it), as a call stuck on a device would. */
    private static void hang() {
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Unregisters them. */
    void stop() {
        for (ServiceRegistration<?> r : registrations) {
            try {
                r.unregister();
            } catch (IllegalStateException e) {
                // already gone with the bundle
            }
        }
        registrations.clear();
    }
}
