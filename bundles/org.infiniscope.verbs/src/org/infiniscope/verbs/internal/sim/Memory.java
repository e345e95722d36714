package org.infiniscope.verbs.internal.sim;

import java.lang.foreign.MemorySegment;
import java.util.List;

import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.Sge;
import org.infiniscope.verbs.WcStatus;

/** How a simulated HCA reaches registered memory: through the keys, within the regions' bounds, with their access. */
final class Memory {

    private Memory() {
    }

    /** @return the slice a local SGE names, or null when its key, PD, bounds or access do not fit */
    static MemorySegment local(SimQp qp, Sge sge, boolean write) {
        SimMr mr = qp.pd.ctx.hca.mrs.get(sge.lkey());
        if (mr == null || mr.pd != qp.pd || write && (mr.access() & Access.LOCAL_WRITE) == 0) {
            return null;
        }
        return mr.slice(sge.addr(), sge.length());
    }

    /**
     * @return the remote memory an RDMA or atomic names, or null when the QP or the region does not allow
     *         {@code access}, the key is unknown or of another PD, or the range leaves the region
     */
    static MemorySegment remote(SimQp qp, long addr, long len, int rkey, int access) {
        if ((qp.attr.qpAccessFlags() & access) == 0) {
            return null;
        }
        SimMr mr = qp.pd.ctx.hca.mrs.get(rkey);
        if (mr == null || mr.pd != qp.pd || (mr.access() & access) == 0) {
            return null;
        }
        return mr.slice(addr, len);
    }

    /** @return the bytes the SGEs hold, or null on a protection error */
    static byte[] gather(SimQp qp, List<Sge> sges) {
        long total = sges.stream().mapToLong(Sge::length).sum();
        byte[] out = new byte[(int) total];
        int at = 0;
        try {
            for (Sge sge : sges) {
                MemorySegment m = local(qp, sge, false);
                if (m == null) {
                    return null;
                }
                MemorySegment.copy(m, 0, MemorySegment.ofArray(out), at, sge.length());
                at += sge.length();
            }
        } catch (IllegalStateException closed) {
            return null; // the memory's arena was closed under the registration
        }
        return out;
    }

    /** Scatters {@code data} into the SGEs: a length error when they hold less, a protection error on a bad key. */
    static WcStatus scatter(SimQp qp, List<Sge> sges, byte[] data) {
        long room = sges.stream().mapToLong(Sge::length).sum();
        if (room < data.length) {
            return WcStatus.LOC_LEN_ERR;
        }
        int at = 0;
        try {
            for (Sge sge : sges) {
                if (at >= data.length) {
                    break;
                }
                MemorySegment m = local(qp, sge, true);
                if (m == null) {
                    return WcStatus.LOC_PROT_ERR;
                }
                int n = Math.min(sge.length(), data.length - at);
                MemorySegment.copy(MemorySegment.ofArray(data), at, m, 0, n);
                at += n;
            }
        } catch (IllegalStateException closed) {
            return WcStatus.LOC_PROT_ERR;
        }
        return WcStatus.SUCCESS;
    }
}
