package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

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

/** {@code struct ibv_pd} and what is created in it; the kernel checks what the simulated provider checks itself. */
final class RcPd implements ProtectionDomain {

    final RcContext context;
    final MemorySegment pd;
    final List<RcMr> mrs = new ArrayList<>();
    final List<RcQp> qps = new ArrayList<>();
    final List<RcSrq> srqs = new ArrayList<>();
    final List<RcAh> ahs = new ArrayList<>();

    RcPd(RcContext context, MemorySegment pd) {
        this.context = context;
        this.pd = pd;
    }

    @Override
    public Context context() {
        return context;
    }

    @Override
    public MemoryRegion registerMemory(MemorySegment buffer, int access) throws VerbsException {
        synchronized (context) {
            context.check();
            if (!buffer.isNative()) {
                throw new VerbsException(Errno.EFAULT, "only native memory can be registered, not a heap array");
            }
            Ibverbs.Result r = context.lib.callPointer("ibv_reg_mr", pd, buffer, buffer.byteSize(), access);
            if (r.failed()) {
                throw Errors.of(r.errno(), "ibv_reg_mr of " + buffer.byteSize() + " bytes");
            }
            RcMr mr = new RcMr(this, r.pointer(), buffer, access);
            mrs.add(mr);
            return mr;
        }
    }

    @Override
    public QueuePair createQp(QpInitAttr attr) throws VerbsException {
        synchronized (context) {
            context.check();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment a = initAttr(arena, attr);
                Ibverbs.Result r = context.lib.callPointer("ibv_create_qp", pd, a);
                if (r.failed()) {
                    throw Errors.of(r.errno(), "ibv_create_qp " + attr.type());
                }
                RcQp qp = new RcQp(this, r.pointer(), attr);
                qps.add(qp);
                context.objects.put(r.pointer().address(), qp);
                return qp;
            }
        }
    }

    /** @return a {@code struct ibv_qp_init_attr} of {@code attr}, its CQs and SRQ checked to be of this context */
    MemorySegment initAttr(Arena arena, QpInitAttr attr) throws VerbsException {
        MemorySegment a = arena.allocate(Structs.QP_INIT_SIZE, 8);
        a.set(ADDRESS, Structs.QI_SEND_CQ, cq(attr.sendCq()));
        a.set(ADDRESS, Structs.QI_RECV_CQ, cq(attr.recvCq()));
        if (attr.srq() != null && !(attr.srq() instanceof RcSrq s && s.pd.context == context)) {
            throw new VerbsException(Errno.EINVAL, "the SRQ is not one of this context");
        }
        a.set(ADDRESS, Structs.QI_SRQ, attr.srq() == null ? MemorySegment.NULL : ((RcSrq) attr.srq()).srq);
        a.set(JAVA_INT, Structs.QI_CAP, attr.cap().maxSendWr());
        a.set(JAVA_INT, Structs.QI_CAP + 4, attr.cap().maxRecvWr());
        a.set(JAVA_INT, Structs.QI_CAP + 8, attr.cap().maxSendSge());
        a.set(JAVA_INT, Structs.QI_CAP + 12, attr.cap().maxRecvSge());
        a.set(JAVA_INT, Structs.QI_CAP + 16, attr.cap().maxInlineData());
        a.set(JAVA_INT, Structs.QI_TYPE, switch (attr.type()) {
            case RC -> Structs.QPT_RC;
            case UC -> Structs.QPT_UC;
            case UD -> Structs.QPT_UD;
        });
        a.set(JAVA_INT, Structs.QI_SQ_SIG_ALL, attr.sqSigAll() ? 1 : 0);
        return a;
    }

    /** Takes in a QP created in this PD by someone else (librdmacm), destroyed by {@code destroyer}. */
    QueuePair adopt(MemorySegment native_, QpInitAttr attr, Runnable destroyer) {
        synchronized (context) {
            RcQp qp = new RcQp(this, native_, attr, destroyer);
            qps.add(qp);
            context.objects.put(native_.address(), qp);
            return qp;
        }
    }

    private MemorySegment cq(org.infiniscope.verbs.CompletionQueue cq) throws VerbsException {
        if (!(cq instanceof RcCq c) || c.context != context) {
            throw new VerbsException(Errno.EINVAL, "the CQ is not one of this context");
        }
        return c.cq;
    }

    @Override
    public SharedReceiveQueue createSrq(int maxWr, int maxSge, int limit) throws VerbsException {
        synchronized (context) {
            context.check();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment a = arena.allocate(Structs.SRQ_INIT_SIZE, 8);
                a.set(JAVA_INT, 8, maxWr);
                a.set(JAVA_INT, 12, maxSge);
                a.set(JAVA_INT, 16, limit);
                Ibverbs.Result r = context.lib.callPointer("ibv_create_srq", pd, a);
                if (r.failed()) {
                    throw Errors.of(r.errno(), "ibv_create_srq");
                }
                RcSrq srq = new RcSrq(this, r.pointer(), a.get(JAVA_INT, 8));
                srqs.add(srq);
                context.objects.put(r.pointer().address(), srq);
                return srq;
            }
        }
    }

    @Override
    public AddressHandle createAh(AhAttr attr) throws VerbsException {
        synchronized (context) {
            context.check();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment a = arena.allocate(Structs.AH_ATTR_SIZE, 8);
                RcQp.writeAh(a, 0, attr);
                Ibverbs.Result r = context.lib.callPointer("ibv_create_ah", pd, a);
                if (r.failed()) {
                    throw Errors.of(r.errno(), "ibv_create_ah to LID " + attr.dlid());
                }
                RcAh ah = new RcAh(this, r.pointer(), attr);
                ahs.add(ah);
                return ah;
            }
        }
    }

    @Override
    public void close() throws VerbsException {
        synchronized (context) {
            Errors.check(context.lib.callInt("ibv_dealloc_pd", pd), "ibv_dealloc_pd");
            context.pds.remove(this);
        }
    }

    void destroyAll() {
        List.copyOf(qps).forEach(RcQp::destroy);
        List.copyOf(srqs).forEach(RcSrq::destroy);
        List.copyOf(ahs).forEach(RcAh::destroy);
        List.copyOf(mrs).forEach(RcMr::destroy);
        context.lib.callInt("ibv_dealloc_pd", pd);
        context.pds.remove(this);
    }
}
