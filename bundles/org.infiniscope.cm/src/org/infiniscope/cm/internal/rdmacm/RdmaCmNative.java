package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

import org.infiniscope.cm.CmException;
import org.infiniscope.cm.PortSpace;

/**
 * The host's kernel CM through librdmacm: its device list, event channels and identifiers. A machine without RDMA
 * devices has no {@code /dev/infiniband/rdma_cm}: the calls then fail with a message that says so.
 */
public final class RdmaCmNative {

    /** The character device librdmacm opens. */
    public static final Path DEVICE = Path.of("/dev/infiniband/rdma_cm");
    private static final int ENOENT = 2;
    private static final int ENODEV = 19;

    private final LibRdmaCm lib;

    private RdmaCmNative(LibRdmaCm lib) {
        this.lib = lib;
    }

    /** @throws CmException when librdmacm cannot be loaded, saying why */
    public static RdmaCmNative load() throws CmException {
        return new RdmaCmNative(LibRdmaCm.system().orElseThrow(() -> new CmException(LibRdmaCm.loadError())));
    }

    /** @return the RDMA devices librdmacm sees (0 when there are none) */
    public int deviceCount() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment num = arena.allocate(JAVA_INT);
            LibRdmaCm.Result r = lib.call("rdma_get_devices", num);
            if (r.pointer().equals(MemorySegment.NULL)) {
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
            return "no RDMA CM: " + DEVICE + " is missing (no RDMA device, or the rdma_ucm module is not loaded)";
        }
        return deviceCount() == 0 ? "no RDMA CM: librdmacm sees no RDMA device" : "";
    }

    /** An event channel of the kernel CM; closing destroys it. */
    public final class Channel implements AutoCloseable {
        private final MemorySegment handle;

        private Channel(MemorySegment handle) {
            this.handle = handle;
        }

        /** Creates an identifier on this channel ({@code rdma_create_id}). */
        public Id createId(PortSpace space) throws CmException {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(ADDRESS);
                LibRdmaCm.Result r = lib.call("rdma_create_id", handle, out, MemorySegment.NULL,
                        (int) (space.serviceId(0) >>> 16));
                if (r.value() != 0) {
                    throw new CmException("rdma_create_id failed: errno " + r.errno());
                }
                return new Id(out.get(ADDRESS, 0));
            }
        }

        @Override
        public void close() {
            lib.plain("rdma_destroy_event_channel", handle);
        }
    }

    /** An identifier of the kernel CM; closing destroys it. */
    public final class Id implements AutoCloseable {
        private final MemorySegment handle;

        private Id(MemorySegment handle) {
            this.handle = handle;
        }

        @Override
        public void close() {
            lib.call("rdma_destroy_id", handle);
        }
    }

    /**
     * Opens an event channel ({@code rdma_create_event_channel}).
     *
     * @throws CmException when the kernel CM is not there, naming the device that is missing
     */
    public Channel createEventChannel() throws CmException {
        LibRdmaCm.Result r = lib.call("rdma_create_event_channel");
        if (r.pointer().equals(MemorySegment.NULL)) {
            if (r.errno() == ENOENT || r.errno() == ENODEV || !Files.exists(DEVICE)) {
                throw new CmException(
                        "no RDMA CM: " + DEVICE + " is missing (no RDMA device, or the rdma_ucm module is not loaded)");
            }
            throw new CmException("rdma_create_event_channel failed: errno " + r.errno());
        }
        return new Channel(r.pointer());
    }

    /** @return librdmacm's name of an event type ({@code rdma_event_str}) */
    public String eventName(int type) {
        MemorySegment s = (MemorySegment) lib.plain("rdma_event_str", type);
        return s.reinterpret(64).getString(0);
    }
}
