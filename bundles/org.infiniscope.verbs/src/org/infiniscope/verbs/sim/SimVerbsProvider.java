package org.infiniscope.verbs.sim;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.sim.SimFabric;
import org.infiniscope.verbs.AsyncEventType;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceEvent;
import org.infiniscope.verbs.DeviceListener;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.internal.sim.SimWire;
import org.infiniscope.verbs.spi.VerbsProvider;

/**
 * Verbs over a simulated fabric: every CA node carries an HCA named {@code sim_NODE}. Send/receive, RDMA write and
 * read and atomics travel as packets through the switches' LFTs (an SM must have brought the fabric up), with PSNs,
 * ACK timeouts, retries and RNR NAKs; a pulled cable under an RC flow exhausts the retries. Register it as a
 * {@link VerbsProvider} service, or use it directly. Close it to stop its engine thread.
 */
public final class SimVerbsProvider implements VerbsProvider, AutoCloseable {

    private final SimWire wire;
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();

    public SimVerbsProvider(SimFabric fabric) {
        this.wire = new SimWire(fabric);
    }

    @Override
    public String name() {
        return "sim";
    }

    @Override
    public List<Device> devices() {
        return wire.devices();
    }

    @Override
    public Context open(Device device) throws VerbsException {
        return wire.open(device.name());
    }

    /**
     * @return the device of a node
     * @throws VerbsException {@code ENODEV} when the node carries no HCA here
     */
    public Device device(String node) throws VerbsException {
        return devices().stream().filter(d -> d.name().equals("sim_" + node)).findFirst()
                .orElseThrow(() -> new VerbsException(Errno.ENODEV, "no simulated HCA on node \"" + node + "\""));
    }

    @Override
    public AutoCloseable addListener(DeviceListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public String emptyReason() {
        return devices().isEmpty() ? "the simulated fabric has no channel adapter" : "";
    }

    /**
     * Pulls a node's HCA out (hot removal): it leaves the list, its open contexts get
     * {@link AsyncEventType#DEVICE_FATAL} and their verbs fail with {@code EIO}.
     *
     * @return whether it was there
     */
    public boolean unplugDevice(String node) {
        Device d = wire.setPresent(node, false);
        if (d != null) {
            listeners.forEach(l -> l.deviceChanged(new DeviceEvent(d, false)));
        }
        return d != null;
    }

    /**
     * Plugs a node's HCA back in (hot add).
     *
     * @return whether it was missing
     */
    public boolean plugDevice(String node) {
        Device d = wire.setPresent(node, true);
        if (d != null) {
            listeners.forEach(l -> l.deviceChanged(new DeviceEvent(d, true)));
        }
        return d != null;
    }

    /** @return what is allocated on a node's HCA now */
    public HcaResources resources(String node) {
        return wire.resources(node);
    }

    @Override
    public void close() {
        wire.close();
    }
}
