package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.verbs.rdmacore.ffm.Errnos;
import org.infiniscope.verbs.rdmacore.ffm.NativeLibrary;

/**
 * The host's kernel CM through librdmacm: the {@link RdmaCm} of real hardware, whose devices the rdma-core verbs
 * provider serves. A machine without RDMA devices has no {@code /dev/infiniband/rdma_cm}: creating an event channel
 * then fails with a message naming the device and the errno.
 */
public final class NativeRdmaCm implements RdmaCm {

    /** The character device librdmacm opens. */
    public static final Path DEVICE = Path.of("/dev/infiniband/rdma_cm");

    final NativeLibrary lib;
    private final List<NativeChannel> channels = new CopyOnWriteArrayList<>();

    NativeRdmaCm(NativeLibrary lib) {
        this.lib = lib;
    }

    /** @throws CmException when librdmacm cannot be loaded, saying why */
    public static NativeRdmaCm load() throws CmException {
        return new NativeRdmaCm(LibRdmaCm.system().orElseThrow(() -> new CmException(LibRdmaCm.loadError())));
    }

    @Override
    public String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** @return the RDMA devices librdmacm sees (0 when there are none) */
    public int deviceCount() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT);
            NativeLibrary.Result r = lib.call("rdma_get_devices", num);
            if (r.nullPointer()) {
                return 0;
            }
            int n = num.get(JAVA_INT, 0);
            lib.plain("rdma_free_devices", r.pointer());
            return n;
        }
    }

    /** @return a line that says why there is no CM here, or empty when there is one */
    public String emptyReason() {
        if (!Files.exists(DEVICE)) {
            return missingDevice();
        }
        return deviceCount() == 0 ? "no RDMA CM: librdmacm sees no RDMA device" : "";
    }

    static String missingDevice() {
        return "no RDMA CM: " + DEVICE + " is missing (no RDMA device, or the rdma_ucm module is not loaded)";
    }

    /** @return librdmacm's name of an event type ({@code rdma_event_str}) */
    public String eventName(int type) {
        MemorySegment s = (MemorySegment) lib.plain("rdma_event_str", type);
        return s.reinterpret(64).getString(0);
    }

    /**
     * {@inheritDoc}
     *
     * @throws CmException when the kernel CM is not there (naming the device that is missing and the errno)
     */
    @Override
    public CmEventChannel createEventChannel() throws CmException {
        NativeLibrary.Result r = lib.call("rdma_create_event_channel");
        if (r.nullPointer()) {
            String why = "rdma_create_event_channel failed: " + NativeLibrary.describe(r.errno());
            if (r.errno() == Errnos.ENOENT || r.errno() == Errnos.ENODEV || !Files.exists(DEVICE)) {
                why += ": " + missingDevice();
            }
            throw new CmException(why);
        }
        NativeChannel channel = new NativeChannel(this, r.pointer());
        channels.add(channel);
        return channel;
    }

    @Override
    public CmId createId(CmEventChannel channel, PortSpace space) throws CmException {
        if (!(channel instanceof NativeChannel c) || c.cm != this) {
            throw new CmException("the event channel is not one of this CM (librdmacm)");
        }
        return c.createId(space);
    }

    void forget(NativeChannel channel) {
        channels.remove(channel);
    }

    /** Destroys every channel and its identifiers (acknowledging what they left). */
    @Override
    public void close() {
        for (NativeChannel c : List.copyOf(channels)) {
            c.close();
        }
    }

    /** @return a {@link CmException} for a librdmacm call that failed with {@code errno} */
    static CmException failure(String call, int errno) {
        return new CmException(call + " failed: " + NativeLibrary.describe(errno));
    }

    static MemorySegment pointerAt(MemorySegment s, long offset) {
        return s.get(ADDRESS, offset);
    }
}
