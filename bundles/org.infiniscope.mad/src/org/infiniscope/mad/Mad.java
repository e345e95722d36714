package org.infiniscope.mad;

/** Sizes and offsets shared by every MAD. */
public final class Mad {

    /** Every MAD is 256 bytes (IBA 13.4.2); RMPP carries larger payloads in several of them. */
    public static final int SIZE = 256;
    /** GMPs (every class but SM) travel on QP1 with this Q_Key. */
    public static final int GSI_QKEY = 0x80010000;
    /** The queue pair of the subnet management interface (SMPs). */
    public static final int SMI_QP = 0;
    /** The queue pair of the general services interface (GMPs). */
    public static final int GSI_QP = 1;
    /** The permissive LID, the destination of directed-route SMPs. */
    public static final int PERMISSIVE_LID = 0xFFFF;

    private Mad() {
    }
}
