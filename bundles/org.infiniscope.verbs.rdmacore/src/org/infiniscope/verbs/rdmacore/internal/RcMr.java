package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;

import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.VerbsException;

/** {@code struct ibv_mr}. */
final class RcMr implements MemoryRegion {

    private static final long PAGE = 4096;

    private final RcPd pd;
    private final MemorySegment mr;
    private final MemorySegment buffer;
    private final int access;

    RcMr(RcPd pd, MemorySegment mr, MemorySegment buffer, int access) {
        this.pd = pd;
        this.mr = mr.reinterpret(Structs.MR_SIZE);
        this.buffer = buffer;
        this.access = access;
    }

    @Override
    public long addr() {
        return buffer.address();
    }

    @Override
    public long length() {
        return buffer.byteSize();
    }

    @Override
    public int lkey() {
        return mr.get(JAVA_INT, Structs.MR_LKEY);
    }

    @Override
    public int rkey() {
        return mr.get(JAVA_INT, Structs.MR_RKEY);
    }

    @Override
    public int access() {
        return access;
    }

    /** The pages {@code ib_umem_get} pins: from the first byte's page to the last byte's. */
    @Override
    public long pinnedPages() {
        long first = addr() & -PAGE;
        long end = (addr() + length() + PAGE - 1) & -PAGE;
        return (end - first) / PAGE;
    }

    @Override
    public void close() throws VerbsException {
        synchronized (pd.context) {
            Errors.check(pd.context.lib.callInt("ibv_dereg_mr", mr), "ibv_dereg_mr");
            pd.mrs.remove(this);
        }
    }

    void destroy() {
        pd.context.lib.callInt("ibv_dereg_mr", mr);
        pd.mrs.remove(this);
    }
}
