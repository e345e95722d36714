package org.infiniscope.cm;

/** rdma_cm's port spaces: the service ID is {@code value << 16 | port} (0x01060000 + port for TCP). */
public enum PortSpace {
    /** Reliable connected QPs (RDMA_PS_TCP). */
    TCP(0x0106),
    /** UD QPs resolved by SIDR (RDMA_PS_UDP). */
    UDP(0x0111),
    /** Any QP type (RDMA_PS_IB). */
    IB(0x013F);

    private final int value;

    PortSpace(int value) {
        this.value = value;
    }

    /** @return the service ID of a port in this space */
    public long serviceId(int port) {
        if (port < 0 || port > 0xFFFF) {
            throw new IllegalArgumentException("service port " + port + " is not in 0..65535");
        }
        return (long) value << 16 | port;
    }
}
