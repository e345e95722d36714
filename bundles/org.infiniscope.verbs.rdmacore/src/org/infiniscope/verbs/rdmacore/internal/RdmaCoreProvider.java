package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.DeviceEvent;
import org.infiniscope.verbs.DeviceListener;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;
import org.infiniscope.verbs.spi.VerbsProvider;
import org.osgi.service.component.annotations.Component;

/**
 * The verbs of real hardware: libibverbs ({@code libibverbs.so.1} of rdma-core) through FFM. On a machine without
 * RDMA devices its list is empty and {@link #emptyReason()} says why (the library missing, or what
 * {@code ibv_get_device_list} answered). Devices that came or went since the list was last read are reported to
 * listeners when it is read again: libibverbs has no hot-plug callback.
 */
@Component(service = VerbsProvider.class, property = "service.ranking:Integer=10")
public final class RdmaCoreProvider implements VerbsProvider {

    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();
    private volatile List<Device> last = List.of();
    private volatile String reason = "";

    @Override
    public String name() {
        return "rdma-core";
    }

    @Override
    public synchronized List<Device> devices() {
        Optional<Ibverbs> lib = Ibverbs.system();
        List<Device> now = lib.map(this::read).orElseGet(() -> {
            reason = Ibverbs.loadError();
            return List.of();
        });
        for (Device d : last) {
            if (!now.contains(d)) {
                listeners.forEach(l -> l.deviceChanged(new DeviceEvent(d, false)));
            }
        }
        for (Device d : now) {
            if (!last.contains(d)) {
                listeners.forEach(l -> l.deviceChanged(new DeviceEvent(d, true)));
            }
        }
        last = now;
        return now;
    }

    private List<Device> read(Ibverbs lib) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT);
            Ibverbs.Result r = lib.callPointer("ibv_get_device_list", num);
            if (r.failed()) {
                reason = "libibverbs found no RDMA devices: ibv_get_device_list failed with " + Errors.name(r.errno())
                        + (r.errno() == Errno.ENOSYS.value()
                                ? " (the kernel has no RDMA support: no uverbs devices)"
                                : "");
                return List.of();
            }
            int n = num.get(JAVA_INT, 0);
            MemorySegment list = r.pointer().reinterpret((long) (n + 1) * ADDRESS.byteSize());
            List<Device> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                MemorySegment dev = list.getAtIndex(ADDRESS, i);
                String name = lib.callAddress("ibv_get_device_name", dev).reinterpret(256).getString(0);
                long guid = Long.reverseBytes(lib.callLong("ibv_get_device_guid", dev));
                out.add(new Device(name, guid, name()));
            }
            lib.callVoid("ibv_free_device_list", r.pointer());
            reason = n == 0 ? "libibverbs found no RDMA devices (nothing under /sys/class/infiniband)" : "";
            return List.copyOf(out);
        }
    }

    @Override
    public Context open(Device device) throws VerbsException {
        Ibverbs lib = Ibverbs.system().orElseThrow(() -> new VerbsException(Errno.ENODEV, Ibverbs.loadError()));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT);
            Ibverbs.Result r = lib.callPointer("ibv_get_device_list", num);
            if (r.failed()) {
                throw new VerbsException(Errno.ENODEV, "no RDMA device \"" + device.name() + "\": " + reason);
            }
            int n = num.get(JAVA_INT, 0);
            MemorySegment list = r.pointer().reinterpret((long) (n + 1) * ADDRESS.byteSize());
            try {
                for (int i = 0; i < n; i++) {
                    MemorySegment dev = list.getAtIndex(ADDRESS, i);
                    String name = lib.callAddress("ibv_get_device_name", dev).reinterpret(256).getString(0);
                    if (name.equals(device.name())) {
                        Ibverbs.Result ctx = lib.callPointer("ibv_open_device", dev);
                        if (ctx.failed()) {
                            throw Errors.of(ctx.errno(), "ibv_open_device " + name);
                        }
                        return new RcContext(lib, device, ctx.pointer());
                    }
                }
            } finally {
                lib.callVoid("ibv_free_device_list", r.pointer());
            }
        }
        throw new VerbsException(Errno.ENODEV, "no RDMA device \"" + device.name() + "\"");
    }

    @Override
    public AutoCloseable addListener(DeviceListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public String emptyReason() {
        return devices().isEmpty() ? reason : "";
    }
}
