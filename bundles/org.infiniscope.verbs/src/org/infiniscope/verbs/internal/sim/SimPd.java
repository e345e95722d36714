package org.infiniscope.verbs.internal.sim;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.AddressHandle;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.SharedReceiveQueue;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;

/** A protection domain of a simulated HCA. */
final class SimPd implements ProtectionDomain {

    static final long PAGE = 4096;

    final SimContext ctx;
    final List<SimMr> mrs = new ArrayList<>();
    final List<SimQp> qps = new ArrayList<>();
    final List<SimSrq> srqs = new ArrayList<>();
    final List<SimAh> ahs = new ArrayList<>();
    boolean closed;

    SimPd(SimContext ctx) {
        this.ctx = ctx;
    }

    private void check() throws VerbsException {
        ctx.check();
        if (closed) {
            throw new VerbsException(Errno.EINVAL, "the protection domain is deallocated");
        }
    }

    @Override
    public Context context() {
        return ctx;
    }

    /**
     * As the kernel's {@code ib_check_mr_access} and {@code ib_umem_get}: remote write or atomic access without
     * local write is refused, and the pages pinned run from the page the buffer starts in to the page it ends in.
     */
    @Override
    public MemoryRegion registerMemory(MemorySegment buffer, int access) throws VerbsException {
        synchronized (ctx.wire) {
            check();
            if ((access & ~Access.ALL) != 0) {
                throw new VerbsException(Errno.EINVAL, "unknown access flags 0x" + Integer.toHexString(access));
            }
            if ((access & (Access.REMOTE_WRITE | Access.REMOTE_ATOMIC)) != 0 && (access & Access.LOCAL_WRITE) == 0) {
                throw new VerbsException(Errno.EINVAL, "remote write or atomic access needs local write access");
            }
            if (!buffer.isNative()) {
                throw new VerbsException(Errno.EFAULT, "only native memory can be registered, not a heap array");
            }
            if (buffer.byteSize() == 0) {
                throw new VerbsException(Errno.EINVAL, "an empty buffer cannot be registered");
            }
            long start = buffer.address();
            long end = start + buffer.byteSize();
            long first = start & -PAGE;
            long last = (end + PAGE - 1) & -PAGE;
            long pages = (last - first) / PAGE;
            int key = ctx.hca.allocKey();
            SimMr mr = new SimMr(this, buffer, access, key, pages);
            mrs.add(mr);
            ctx.hca.mrs.put(key, mr);
            ctx.hca.pinnedPages += pages;
            return mr;
        }
    }

    @Override
    public QueuePair createQp(QpInitAttr attr) throws VerbsException {
        synchronized (ctx.wire) {
            check();
            SimQp qp = SimQp.create(this, attr);
            qps.add(qp);
            ctx.hca.qps.put(qp.qpNum(), qp);
            return qp;
        }
    }

    @Override
    public SharedReceiveQueue createSrq(int maxWr, int maxSge, int limit) throws VerbsException {
        synchronized (ctx.wire) {
            check();
            var dev = ctx.hca.attr();
            if (maxWr < 1 || maxWr > dev.maxSrqWr() || maxSge < 1 || maxSge > dev.maxSge() || limit < 0
                    || limit > maxWr) {
                throw new VerbsException(Errno.EINVAL, "an SRQ of " + maxWr + " requests, " + maxSge
                        + " SGEs and limit " + limit + " is beyond the device");
            }
            SimSrq srq = new SimSrq(this, maxWr, maxSge, limit);
            srqs.add(srq);
            ctx.hca.srqs++;
            return srq;
        }
    }

    @Override
    public AddressHandle createAh(AhAttr attr) throws VerbsException {
        synchronized (ctx.wire) {
            check();
            ctx.checkPort(attr.portNum());
            if (attr.dlid() <= 0 || attr.dlid() >= 0xC000) {
                throw new VerbsException(Errno.EINVAL, "a unicast DLID is 1..0xBFFF: " + attr.dlid());
            }
            SimAh ah = new SimAh(this, attr);
            ahs.add(ah);
            ctx.hca.ahs++;
            return ah;
        }
    }

    @Override
    public void close() throws VerbsException {
        synchronized (ctx.wire) {
            if (closed) {
                return;
            }
            if (!mrs.isEmpty() || !qps.isEmpty() || !srqs.isEmpty() || !ahs.isEmpty()) {
                throw new VerbsException(Errno.EBUSY, "the protection domain still has " + mrs.size() + " MRs, "
                        + qps.size() + " QPs, " + srqs.size() + " SRQs and " + ahs.size() + " AHs");
            }
            closed = true;
            ctx.pds.remove(this);
            ctx.hca.pds--;
        }
    }

    /** Destroys everything in the domain, then the domain: a closing context does this. */
    void destroyAll() {
        List.copyOf(qps).forEach(SimQp::destroy);
        List.copyOf(srqs).forEach(SimSrq::destroy);
        List.copyOf(ahs).forEach(SimAh::destroy);
        List.copyOf(mrs).forEach(SimMr::destroy);
        closed = true;
        ctx.pds.remove(this);
        ctx.hca.pds--;
    }
}
