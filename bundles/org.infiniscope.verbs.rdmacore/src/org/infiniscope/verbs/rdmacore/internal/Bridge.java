package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.VerbsException.Errno;

/** What {@link org.infiniscope.verbs.rdmacore.RdmaCoreObjects} hands out, with access to this package. */
public final class Bridge {

    /** Contexts librdmacm opened, by their {@code struct ibv_context} address: one wrapper each. */
    private static final Map<Long, RcContext> ADOPTED = new ConcurrentHashMap<>();

    private Bridge() {
    }

    private static Ibverbs lib() throws VerbsException {
        return Ibverbs.system().orElseThrow(() -> new VerbsException(Errno.ENODEV, Ibverbs.loadError()));
    }

    public static Context adoptContext(MemorySegment ibvContext, String provider) throws VerbsException {
        Ibverbs lib = lib();
        RcContext known = ADOPTED.get(ibvContext.address());
        if (known != null) {
            return known;
        }
        MemorySegment dev = ibvContext.reinterpret(Structs.CONTEXT_SIZE).get(ADDRESS, 0);
        String name = lib.callAddress("ibv_get_device_name", dev).reinterpret(256).getString(0);
        long guid = Long.reverseBytes(lib.callLong("ibv_get_device_guid", dev));
        return ADOPTED.computeIfAbsent(ibvContext.address(),
                a -> new RcContext(lib, new Device(name, guid, provider), ibvContext, false));
    }

    public static void forgetContext(Context context) {
        if (context instanceof RcContext c) {
            ADOPTED.remove(c.ctx.address());
            c.close();
        }
    }

    public static MemorySegment handle(Object object) throws VerbsException {
        return switch (object) {
            case RcContext c -> c.ctx;
            case RcPd pd -> pd.pd;
            case RcCq cq -> cq.cq;
            case RcQp qp -> qp.qp;
            case RcSrq srq -> srq.srq;
            case null -> throw new VerbsException(Errno.EINVAL, "no object");
            default -> throw new VerbsException(Errno.EINVAL,
                    object.getClass().getSimpleName() + " is not an rdma-core object");
        };
    }

    public static MemorySegment initAttr(Arena arena, ProtectionDomain pd, QpInitAttr attr) throws VerbsException {
        return rcPd(pd).initAttr(arena, attr);
    }

    public static QueuePair adoptQp(ProtectionDomain pd, MemorySegment qp, QpInitAttr attr, Runnable destroyer)
            throws VerbsException {
        return rcPd(pd).adopt(qp, attr, destroyer);
    }

    private static RcPd rcPd(ProtectionDomain pd) throws VerbsException {
        if (!(pd instanceof RcPd p)) {
            throw new VerbsException(Errno.EINVAL, "the protection domain is not one of rdma-core");
        }
        return p;
    }

    public static QpAttr readQpAttr(MemorySegment attr) {
        return RcQp.readAttr(attr.reinterpret(Structs.QP_ATTR_SIZE));
    }

    public static long qpAttrSize() {
        return Structs.QP_ATTR_SIZE;
    }

    public static byte[] gid(Context context, int port, int index) throws VerbsException {
        if (!(context instanceof RcContext c)) {
            throw new VerbsException(Errno.EINVAL, "the context is not one of rdma-core");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment gid = arena.allocate(16, 8);
            Errors.check(c.lib.callInt("ibv_query_gid", c.ctx, (byte) port, index, gid),
                    "ibv_query_gid port " + port + " index " + index);
            return gid.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        }
    }

}
