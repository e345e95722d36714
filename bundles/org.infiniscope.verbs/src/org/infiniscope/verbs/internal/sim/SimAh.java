package org.infiniscope.verbs.internal.sim;

import org.infiniscope.verbs.AddressHandle;
import org.infiniscope.verbs.AhAttr;

/** An address handle of a simulated HCA. */
final class SimAh implements AddressHandle {

    final SimPd pd;
    private final AhAttr attr;
    private boolean closed;

    SimAh(SimPd pd, AhAttr attr) {
        this.pd = pd;
        this.attr = attr;
    }

    @Override
    public AhAttr attr() {
        return attr;
    }

    @Override
    public void close() {
        synchronized (pd.ctx.wire) {
            destroy();
        }
    }

    void destroy() {
        if (!closed) {
            closed = true;
            pd.ahs.remove(this);
            pd.ctx.hca.ahs--;
        }
    }
}
