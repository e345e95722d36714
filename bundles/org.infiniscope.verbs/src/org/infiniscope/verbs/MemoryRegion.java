package org.infiniscope.verbs;

import org.osgi.annotation.versioning.ProviderType;

/** A registered memory region ({@code struct ibv_mr}). */
@ProviderType
public interface MemoryRegion extends AutoCloseable {

    /** @return its first byte's virtual address */
    long addr();

    /** @return its bytes */
    long length();

    /** @return the key local work requests name it by */
    int lkey();

    /** @return the key remote peers name it by */
    int rkey();

    /** @return its {@link Access} flags */
    int access();

    /** @return the pages the device pinned for it (whole pages around a buffer that does not fill them) */
    long pinnedPages();

    /** @return an {@link Sge} of the whole region */
    default Sge sge() {
        return new Sge(addr(), (int) Math.min(Integer.MAX_VALUE, length()), lkey());
    }

    /** @return an {@link Sge} of part of the region */
    default Sge sge(long offset, int length) {
        return new Sge(addr() + offset, length, lkey());
    }

    /** Deregisters it. */
    @Override
    void close() throws VerbsException;
}
