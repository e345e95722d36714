package org.infiniscope.mad;

/** Management class numbers (IBA 13.4.4) and their names. */
public final class MgmtClass {

    public static final int SUBN_LID_ROUTED = 0x01;
    public static final int SUBN_DIRECTED_ROUTE = 0x81;
    public static final int SUBN_ADM = 0x03;
    public static final int PERF_MGT = 0x04;
    public static final int BM = 0x05;
    public static final int DEV_MGT = 0x06;
    public static final int COMM_MGT = 0x07;
    public static final int SNMP = 0x08;
    public static final int CONG_MGT = 0x21;
    /** The Mellanox vendor class that answers GeneralInfo (firmware version). */
    public static final int MELLANOX_VENDOR = 0x0A;

    private MgmtClass() {
    }

    /** @return whether the class is a vendor class (0x09–0x0F without RMPP, 0x30–0x4F with) */
    public static boolean isVendor(int mgmtClass) {
        return (mgmtClass >= 0x09 && mgmtClass <= 0x0F) || (mgmtClass >= 0x30 && mgmtClass <= 0x4F);
    }

    /** @return whether MADs of the class are SMPs (QP0) */
    public static boolean isSubnetManagement(int mgmtClass) {
        return mgmtClass == SUBN_LID_ROUTED || mgmtClass == SUBN_DIRECTED_ROUTE;
    }

    /** @return a readable name, such as {@code SubnAdm} or {@code Vendor(0x0a)} */
    public static String name(int mgmtClass) {
        return switch (mgmtClass) {
            case SUBN_LID_ROUTED -> "SubnMgt(LID)";
            case SUBN_DIRECTED_ROUTE -> "SubnMgt(DR)";
            case SUBN_ADM -> "SubnAdm";
            case PERF_MGT -> "PerfMgt";
            case BM -> "BM";
            case DEV_MGT -> "DevMgt";
            case COMM_MGT -> "CM";
            case SNMP -> "SNMP";
            case CONG_MGT -> "CongMgt";
            default -> (isVendor(mgmtClass) ? "Vendor" : "Class") + String.format("(0x%02x)", mgmtClass);
        };
    }
}
