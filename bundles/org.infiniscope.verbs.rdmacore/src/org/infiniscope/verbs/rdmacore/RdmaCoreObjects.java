package org.infiniscope.verbs.rdmacore;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.infiniscope.verbs.Context;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpAttr;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.VerbsException;
import org.infiniscope.verbs.rdmacore.internal.Bridge;

/**
 * The rdma-core provider's objects and their native handles: a librdmacm binding creates its QPs in our PDs with our
 * CQs, and hands its device contexts and QPs back as objects of this provider, used as every other one is.
 */
public final class RdmaCoreObjects {

    /** The provider name the rdma-core devices carry ({@link org.infiniscope.verbs.Device#provider()}). */
    public static final String PROVIDER = "rdma-core";

    private RdmaCoreObjects() {
    }

    /**
     * Wraps a {@code struct ibv_context} that another library opened and keeps (librdmacm's): one wrapper per
     * context; closing the wrapper releases what was created through it, not the device.
     */
    public static Context adoptContext(MemorySegment ibvContext) throws VerbsException {
        return Bridge.adoptContext(ibvContext, PROVIDER);
    }

    /** Releases a wrapper of {@link #adoptContext} (when the other library is about to close the device). */
    public static void releaseContext(Context context) {
        Bridge.forgetContext(context);
    }

    /**
     * @param object a context, PD, CQ, SRQ or QP of this provider
     * @return its native {@code struct ibv_*} pointer
     * @throws VerbsException EINVAL for an object of another provider
     */
    public static MemorySegment handle(Object object) throws VerbsException {
        return Bridge.handle(object);
    }

    /** @return a {@code struct ibv_qp_init_attr} for {@code attr}, its CQs and SRQ checked to be of {@code pd}'s context */
    public static MemorySegment qpInitAttr(Arena arena, ProtectionDomain pd, QpInitAttr attr) throws VerbsException {
        return Bridge.initAttr(arena, pd, attr);
    }

    /**
     * Takes in a {@code struct ibv_qp} another library created in {@code pd}: it is then a QP of this provider, and
     * closing it (or its context) runs {@code destroyer} instead of {@code ibv_destroy_qp}.
     */
    public static QueuePair adoptQp(ProtectionDomain pd, MemorySegment ibvQp, QpInitAttr attr, Runnable destroyer)
            throws VerbsException {
        return Bridge.adoptQp(pd, ibvQp, attr, destroyer);
    }

    /** @return the size of {@code struct ibv_qp_attr} */
    public static long qpAttrSize() {
        return Bridge.qpAttrSize();
    }

    /** Reads a {@code struct ibv_qp_attr} (what {@code rdma_init_qp_attr} fills). */
    public static QpAttr readQpAttr(MemorySegment attr) {
        return Bridge.readQpAttr(attr);
    }

    /** @return the 16 bytes of a port's GID ({@code ibv_query_gid}) */
    public static byte[] gid(Context context, int port, int index) throws VerbsException {
        return Bridge.gid(context, port, index);
    }
}
