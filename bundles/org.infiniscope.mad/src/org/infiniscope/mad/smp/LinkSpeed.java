package org.infiniscope.mad.smp;

import java.util.Optional;

/**
 * Link speeds by name. SDR to QDR come from PortInfo.LinkSpeedActive, FDR10 from the Mellanox ExtendedPortInfo,
 * FDR and faster from PortInfo.LinkSpeedExtActive (when CapabilityMask.IsExtendedSpeedsSupported is set).
 */
public enum LinkSpeed {
    SDR(2.5),
    DDR(5.0),
    QDR(10.0),
    FDR10(10.3125),
    FDR(14.0625),
    EDR(25.78125),
    HDR(53.125),
    NDR(106.25);

    private final double gbpsPerLane;

    LinkSpeed(double gbpsPerLane) {
        this.gbpsPerLane = gbpsPerLane;
    }

    /** @return the rate of one lane as the tools print it, such as "10.3125 Gbps" for FDR10 or "5.0 Gbps" */
    public String laneRateText() {
        String rate = Double.toString(gbpsPerLane);
        return rate + " Gbps";
    }

    /** @return the signalling rate of one lane in Gbit/s */
    public double gbpsPerLane() {
        return gbpsPerLane;
    }

    /**
     * The active speed of a port.
     *
     * @param port the port's PortInfo
     * @param extended its ExtendedPortInfo, when the node answers it (Mellanox)
     * @return the speed, or empty when the encodings name none (a port that is down)
     */
    public static Optional<LinkSpeed> active(PortInfo port, Optional<ExtendedPortInfo> extended) {
        if ((port.capabilityMask() & PortInfo.CAP_EXTENDED_SPEEDS) != 0) {
            switch (port.linkSpeedExtActive()) {
                case 1 :
                    return Optional.of(FDR);
                case 2 :
                    return Optional.of(EDR);
                case 4 :
                    return Optional.of(HDR);
                case 8 :
                    return Optional.of(NDR);
                default :
                    break;
            }
        }
        if (extended.isPresent() && (extended.get().linkSpeedActive() & ExtendedPortInfo.SPEED_FDR10) != 0) {
            return Optional.of(FDR10);
        }
        return switch (port.linkSpeedActive()) {
            case 1 -> Optional.of(SDR);
            case 2 -> Optional.of(DDR);
            case 4 -> Optional.of(QDR);
            default -> Optional.empty();
        };
    }
}
