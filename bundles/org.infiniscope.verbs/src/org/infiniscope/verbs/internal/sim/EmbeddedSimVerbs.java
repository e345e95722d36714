package org.infiniscope.verbs.internal.sim;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimChannel;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceListener;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.infiniscope.verbs.spi.VerbsProvider;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The simulated HCAs of the runtime's embedded fabric ({@code --fabric sim…}, the default) as a verbs provider:
 * the fabric is reached through the channel provider that serves it, the first time the device list is read, so a
 * runtime that never uses verbs builds nothing. On a fabric that is not simulated it has no devices.
 */
@Component(service = VerbsProvider.class)
public final class EmbeddedSimVerbs implements VerbsProvider {

    private final String fabric;
    private final Map<ChannelProvider, Boolean> channels = new ConcurrentHashMap<>();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();
    private SimVerbsProvider delegate;
    private String reason = "";

    @Activate
    public EmbeddedSimVerbs(BundleContext context) {
        String f = context.getProperty("infiniscope.fabric");
        this.fabric = f == null ? "sim" : f;
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addChannels(ChannelProvider provider) {
        channels.put(provider, true);
    }

    void removeChannels(ChannelProvider provider) {
        channels.remove(provider);
    }

    private synchronized SimVerbsProvider delegate() {
        if (delegate == null && reason.isEmpty()) {
            if (!fabric.equals("sim") && !fabric.startsWith("sim:") && !fabric.startsWith("sim@")) {
                reason = "the fabric " + fabric + " is not simulated";
                return null;
            }
            for (ChannelProvider p : channels.keySet()) {
                if (p.handles(fabric)) {
                    try (MadChannel channel = p.open(fabric)) {
                        if (channel instanceof SimChannel sc) {
                            delegate = new SimVerbsProvider(sc.fabric());
                            listeners.forEach(delegate::addListener);
                        }
                    } catch (IOException e) {
                        reason = e.getMessage();
                    }
                }
            }
            if (delegate == null && reason.isEmpty()) {
                return null; // the simulator's channel provider is not there yet: try again later
            }
        }
        return delegate;
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public List<Device> devices() {
        SimVerbsProvider d = delegate();
        return d == null ? List.of() : d.devices();
    }

    @Override
    public Context open(Device device) throws VerbsException {
        SimVerbsProvider d = delegate();
        if (d == null) {
            throw new VerbsException(Errno.ENODEV, "no simulated HCA \"" + device.name() + "\": " + emptyReason());
        }
        return d.open(device);
    }

    @Override
    public synchronized AutoCloseable addListener(DeviceListener listener) {
        listeners.add(listener);
        AutoCloseable inner = delegate == null ? null : delegate.addListener(listener);
        return () -> {
            listeners.remove(listener);
            if (inner != null) {
                inner.close();
            }
        };
    }

    @Override
    public synchronized String emptyReason() {
        if (delegate != null) {
            return delegate.emptyReason();
        }
        return reason.isEmpty() ? "the simulator is not installed in this runtime" : reason;
    }

    @Deactivate
    synchronized void stop() {
        if (delegate != null) {
            delegate.close();
        }
    }
}
