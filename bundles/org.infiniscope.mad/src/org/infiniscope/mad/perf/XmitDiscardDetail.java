package org.infiniscope.mad.perf;

/** The counters of PortXmitDiscardDetails (attribute 0x16, IBA 16.1.4.5): why packets were not sent. */
public enum XmitDiscardDetail implements PerfCounter {

    PORT_INACTIVE_DISCARDS("PortInactiveDiscards", 32, 0),
    PORT_NEIGHBOR_MTU_DISCARDS("PortNeighborMTUDiscards", 48, 1),
    PORT_SW_LIFETIME_LIMIT_DISCARDS("PortSwLifetimeLimitDiscards", 64, 2),
    PORT_SW_HOQ_LIFETIME_LIMIT_DISCARDS("PortSwHOQLifetimeLimitDiscards", 80, 3);

    private final CounterField field;

    XmitDiscardDetail(String label, int bitOffset, int selectBit) {
        this.field = new CounterField(label, bitOffset, 16, selectBit);
    }

    @Override
    public CounterField field() {
        return field;
    }
}
