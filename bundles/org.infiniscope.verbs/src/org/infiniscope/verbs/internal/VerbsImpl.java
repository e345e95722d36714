package org.infiniscope.verbs.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import org.infiniscope.console.vendor.VendorCallException;
import org.infiniscope.console.vendor.VendorCalls;

import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceEvent;
import org.infiniscope.verbs.DeviceListener;
import org.infiniscope.verbs.Verbs;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.spi.VerbsProvider;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The device list over every {@link VerbsProvider} service: a provider's devices appear (and listeners hear of
 * them) when it binds, and go when it leaves; its own hot-plug events are passed on.
 * <p>
 * A provider of another bundle than this one (rdma-core's, a vendor's) is called through {@link VendorCalls}, like
 * every vendor SPI: a provider that throws or hangs is quarantined (logged once, naming its bundle) and its devices
 * leave the list, while the others' stay; its {@link VerbsException} is its own answer.
 */
@Component(service = Verbs.class)
public final class VerbsImpl implements Verbs {

    private final VendorCalls calls;
    private final Predicate<VerbsProvider> vendor;

    public VerbsImpl() {
        this(VendorCalls.shared(), VerbsImpl::ofAnotherBundle);
    }

    /** @param vendor which providers are called through {@code calls} (tests) */
    VerbsImpl(VendorCalls calls, Predicate<VerbsProvider> vendor) {
        this.calls = calls;
        this.vendor = vendor;
    }

    private static boolean ofAnotherBundle(VerbsProvider provider) {
        org.osgi.framework.Bundle mine = org.osgi.framework.FrameworkUtil.getBundle(VerbsImpl.class);
        org.osgi.framework.Bundle theirs = org.osgi.framework.FrameworkUtil.getBundle(provider.getClass());
        return theirs != null && !theirs.equals(mine);
    }

    /** A call into a provider that gives no value (it failed, hung or is quarantined): the fault is logged once. */
    private interface ProviderCall<T> {
        T call() throws Exception;
    }

    private <T> T call(VerbsProvider provider, String what, T fallback, ProviderCall<T> call) {
        if (!vendor.test(provider)) {
            try {
                return call.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                return fallback;
            }
        }
        try {
            return calls.call(provider, what, call::call);
        } catch (VendorCallException e) {
            return fallback;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fallback;
        }
    }

    private List<Device> devicesOf(VerbsProvider provider) {
        List<Device> devices = call(provider, "devices", List.of(), provider::devices);
        return devices == null ? List.of() : devices;
    }

    private Context openOn(VerbsProvider provider, Device device) throws VerbsException {
        if (!vendor.test(provider)) {
            return provider.open(device);
        }
        try {
            return calls.call(provider, "open", () -> provider.open(device));
        } catch (VendorCallException e) {
            if (e.getCause() instanceof VerbsException v) {
                throw v;
            }
            throw new VerbsException(Errno.EIO, "cannot open " + device.name() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VerbsException(Errno.EIO, "interrupted while opening " + device.name());
        }
    }

    private record Bound(VerbsProvider provider, int ranking, AutoCloseable watch) {
    }

    private final List<Bound> providers = new CopyOnWriteArrayList<>();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<VerbsProvider, Bound> byProvider = new ConcurrentHashMap<>();

    /** Binds a provider: its devices join the list. */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    public void addProvider(VerbsProvider provider, Map<String, Object> props) {
        Object r = props.get(Constants.SERVICE_RANKING);
        AutoCloseable watch = call(provider, "addListener", null, () -> provider.addListener(this::fire));
        Bound b = new Bound(provider, r instanceof Integer i ? i : 0, watch);
        byProvider.put(provider, b);
        providers.add(b);
        devicesOf(provider).forEach(d -> fire(new DeviceEvent(d, true)));
    }

    /** Unbinds a provider: its devices leave the list. */
    public void removeProvider(VerbsProvider provider) {
        Bound b = byProvider.remove(provider);
        if (b == null) {
            return;
        }
        providers.remove(b);
        if (b.watch() != null) {
            call(provider, "close listener", null, () -> {
                b.watch().close();
                return null;
            });
        }
        devicesOf(provider).forEach(d -> fire(new DeviceEvent(d, false)));
    }

    private void fire(DeviceEvent event) {
        for (DeviceListener l : listeners) {
            l.deviceChanged(event);
        }
    }

    private List<Bound> ranked() {
        List<Bound> list = new ArrayList<>(providers);
        list.sort(Comparator.comparingInt(Bound::ranking).reversed());
        return list;
    }

    @Override
    public List<Device> devices() {
        List<Device> all = new ArrayList<>();
        for (Bound b : ranked()) {
            all.addAll(devicesOf(b.provider()));
        }
        return List.copyOf(all);
    }

    @Override
    public Context open(String name) throws VerbsException {
        for (Bound b : ranked()) {
            for (Device d : devicesOf(b.provider())) {
                if (d.name().equals(name)) {
                    return openOn(b.provider(), d);
                }
            }
        }
        throw new VerbsException(Errno.ENODEV, "no RDMA device named \"" + name + "\"" + reasonSuffix());
    }

    @Override
    public Context open(long nodeGuid) throws VerbsException {
        for (Bound b : ranked()) {
            for (Device d : devicesOf(b.provider())) {
                if (d.nodeGuid() == nodeGuid) {
                    return openOn(b.provider(), d);
                }
            }
        }
        throw new VerbsException(Errno.ENODEV,
                "no RDMA device with node GUID " + String.format("0x%016x", nodeGuid) + reasonSuffix());
    }

    private String reasonSuffix() {
        String r = emptyReason();
        return r.isEmpty() ? "" : " (" + r + ")";
    }

    @Override
    public AutoCloseable addListener(DeviceListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public String emptyReason() {
        if (!devices().isEmpty()) {
            return "";
        }
        if (providers.isEmpty()) {
            return "no verbs provider is installed";
        }
        List<String> why = new ArrayList<>();
        for (Bound b : ranked()) {
            VerbsProvider p = b.provider();
            String name = call(p, "name", VendorCalls.bundleOf(p), p::name);
            if (calls.isQuarantined(p)) {
                why.add(name + ": not used since it failed (the log says why)");
                continue;
            }
            String r = call(p, "emptyReason", "", p::emptyReason);
            why.add(name + ": " + (r == null || r.isEmpty() ? "no devices" : r));
        }
        return String.join("; ", why);
    }
}
