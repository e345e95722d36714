package org.infiniscope.verbs.internal.sim;

import java.lang.foreign.MemorySegment;

import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.VerbsException;

/** A memory region of a simulated HCA: the HCA reads and writes the registered memory itself. */
final class SimMr implements MemoryRegion {

    final SimPd pd;
    final MemorySegment memory;
    private final int access;
    private final int key;
    private final long pages;
    boolean closed;

    SimMr(SimPd pd, MemorySegment memory, int access, int key, long pages) {
        this.pd = pd;
        this.memory = memory;
        this.access = access;
        this.key = key;
        this.pages = pages;
    }

    @Override
    public long addr() {
        return memory.address();
    }

    @Override
    public long length() {
        return memory.byteSize();
    }

    @Override
    public int lkey() {
        return key;
    }

    @Override
    public int rkey() {
        return key;
    }

    @Override
    public int access() {
        return access;
    }

    @Override
    public long pinnedPages() {
        return pages;
    }

    /** @return the slice at {@code addr}, or null when {@code [addr, addr+len)} is not inside the region */
    MemorySegment slice(long addr, long len) {
        long off = addr - addr();
        if (off < 0 || len < 0 || off > length() - len) {
            return null;
        }
        return memory.asSlice(off, len);
    }

    @Override
    public void close() throws VerbsException {
        synchronized (pd.ctx.wire) {
            destroy();
        }
    }

    void destroy() {
        if (closed) {
            return;
        }
        closed = true;
        pd.mrs.remove(this);
        pd.ctx.hca.mrs.remove(key);
        pd.ctx.hca.pinnedPages -= pages;
    }
}
