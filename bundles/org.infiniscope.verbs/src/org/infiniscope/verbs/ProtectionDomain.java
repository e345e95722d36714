package org.infiniscope.verbs;

import java.lang.foreign.MemorySegment;

import org.osgi.annotation.versioning.ProviderType;

/** A protection domain ({@code struct ibv_pd}): memory regions, QPs, SRQs and AHs of one PD work together. */
@ProviderType
public interface ProtectionDomain extends AutoCloseable {

    /** @return the context it belongs to */
    Context context();

    /**
     * Registers native memory ({@code ibv_reg_mr}). The device pins the whole pages the buffer touches, as the
     * kernel does for a buffer that does not start or end on a page boundary; the region itself covers exactly the
     * buffer.
     *
     * @param buffer native memory
     * @param access {@link Access} flags; remote write or atomic access needs local write
     * @throws VerbsException {@code EINVAL} for bad flags or an empty buffer, {@code EFAULT} for heap memory
     */
    MemoryRegion registerMemory(MemorySegment buffer, int access) throws VerbsException;

    /** Creates a queue pair in RESET. */
    QueuePair createQp(QpInitAttr attr) throws VerbsException;

    /**
     * Creates a shared receive queue.
     *
     * @param maxWr receive work requests it holds
     * @param maxSge scatter/gather entries per request
     * @param limit the limit below which it raises {@link AsyncEventType#SRQ_LIMIT_REACHED}, 0 for none
     */
    SharedReceiveQueue createSrq(int maxWr, int maxSge, int limit) throws VerbsException;

    /** Creates an address handle. */
    AddressHandle createAh(AhAttr attr) throws VerbsException;

    /**
     * Deallocates the domain.
     *
     * @throws VerbsException {@code EBUSY} while regions, QPs, SRQs or AHs still use it
     */
    @Override
    void close() throws VerbsException;
}
