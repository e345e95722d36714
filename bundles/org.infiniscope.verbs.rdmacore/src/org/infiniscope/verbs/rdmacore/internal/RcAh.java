package org.infiniscope.verbs.rdmacore.internal;

import java.lang.foreign.MemorySegment;

import org.infiniscope.verbs.AddressHandle;
import org.infiniscope.verbs.AhAttr;
import org.infiniscope.verbs.VerbsException;

/** {@code struct ibv_ah}. */
final class RcAh implements AddressHandle {

    private final RcPd pd;
    final MemorySegment ah;
    private final AhAttr attr;

    RcAh(RcPd pd, MemorySegment ah, AhAttr attr) {
        this.pd = pd;
        this.ah = ah;
        this.attr = attr;
    }

    @Override
    public AhAttr attr() {
        return attr;
    }

    @Override
    public void close() throws VerbsException {
        synchronized (pd.context) {
            Errors.check(pd.context.lib.callInt("ibv_destroy_ah", ah), "ibv_destroy_ah");
            pd.ahs.remove(this);
        }
    }

    void destroy() {
        pd.context.lib.callInt("ibv_destroy_ah", ah);
        pd.ahs.remove(this);
    }
}
