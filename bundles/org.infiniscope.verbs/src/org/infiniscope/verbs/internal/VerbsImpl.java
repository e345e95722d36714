package org.infiniscope.verbs.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

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
 */
@Component(service = Verbs.class)
public final class VerbsImpl implements Verbs {

    private record Bound(VerbsProvider provider, int ranking, AutoCloseable watch) {
    }

    private final List<Bound> providers = new CopyOnWriteArrayList<>();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<VerbsProvider, Bound> byProvider = new ConcurrentHashMap<>();

    /** Binds a provider: its devices join the list. */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    public void addProvider(VerbsProvider provider, Map<String, Object> props) {
        Object r = props.get(Constants.SERVICE_RANKING);
        Bound b = new Bound(provider, r instanceof Integer i ? i : 0, provider.addListener(this::fire));
        byProvider.put(provider, b);
        providers.add(b);
        provider.devices().forEach(d -> fire(new DeviceEvent(d, true)));
    }

    /** Unbinds a provider: its devices leave the list. */
    public void removeProvider(VerbsProvider provider) {
        Bound b = byProvider.remove(provider);
        if (b == null) {
            return;
        }
        providers.remove(b);
        try {
            b.watch().close();
        } catch (Exception e) {
            // the provider is leaving: nothing more to hear from it
        }
        provider.devices().forEach(d -> fire(new DeviceEvent(d, false)));
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
            all.addAll(b.provider().devices());
        }
        return List.copyOf(all);
    }

    @Override
    public Context open(String name) throws VerbsException {
        for (Bound b : ranked()) {
            for (Device d : b.provider().devices()) {
                if (d.name().equals(name)) {
                    return b.provider().open(d);
                }
            }
        }
        throw new VerbsException(Errno.ENODEV, "no RDMA device named \"" + name + "\"" + reasonSuffix());
    }

    @Override
    public Context open(long nodeGuid) throws VerbsException {
        for (Bound b : ranked()) {
            for (Device d : b.provider().devices()) {
                if (d.nodeGuid() == nodeGuid) {
                    return b.provider().open(d);
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
            String r = b.provider().emptyReason();
            why.add(b.provider().name() + ": " + (r.isEmpty() ? "no devices" : r));
        }
        return String.join("; ", why);
    }
}
