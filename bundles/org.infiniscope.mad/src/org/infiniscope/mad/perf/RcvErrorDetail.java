package org.infiniscope.mad.perf;

/** The counters of PortRcvErrorDetails (attribute 0x15, IBA 16.1.4.4): why received packets were dropped. */
public enum RcvErrorDetail implements PerfCounter {

    PORT_LOCAL_PHYSICAL_ERRORS("PortLocalPhysicalErrors", 32, 0),
    PORT_MALFORMED_PACKET_ERRORS("PortMalformedPacketErrors", 48, 1),
    PORT_BUFFER_OVERRUN_ERRORS("PortBufferOverrunErrors", 64, 2),
    PORT_DLID_MAPPING_ERRORS("PortDLIDMappingErrors", 80, 3),
    PORT_VL_MAPPING_ERRORS("PortVLMappingErrors", 96, 4),
    PORT_LOOPING_ERRORS("PortLoopingErrors", 112, 5);

    private final CounterField field;

    RcvErrorDetail(String label, int bitOffset, int selectBit) {
        this.field = new CounterField(label, bitOffset, 16, selectBit);
    }

    @Override
    public CounterField field() {
        return field;
    }
}
