package org.infiniscope.model.provider;

import java.util.StringJoiner;

import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;

/**
 * The readable text of a port's encoded fields: widths such as "4X", speeds by name with their lane rate, MTUs in
 * bytes. Encodings as in PortInfo (IBA 14.2.5.6).
 */
public final class PortText {

    private static final String[] WIDTHS = {"1X", "4X", "8X", "12X", "2X"};
    private static final String[] SPEEDS = {"SDR", "DDR", "QDR"};
    private static final String[] SPEED_RATES = {"2.5", "5", "10"};
    private static final String[] EXT_SPEEDS = {"FDR", "EDR", "HDR", "NDR"};
    private static final String[] EXT_SPEED_RATES = {"14.0625", "25.78125", "53.125", "106.25"};
    /** LinkSpeedExtEnabled's value for "extended speeds disabled". */
    private static final int EXT_DISABLED = 0x1e;

    private PortText() {
    }

    /** @return an active width such as "4X"; "" for 0 (no link), "?(n)" for a value that is not one width */
    public static String width(int active) {
        if (active == 0) {
            return "";
        }
        int bit = Integer.numberOfTrailingZeros(active);
        return Integer.bitCount(active) == 1 && bit < WIDTHS.length ? WIDTHS[bit] : "?(" + active + ")";
    }

    /** @return a width mask such as "1X, 4X"; "none" for 0 */
    public static String widths(int mask) {
        return names(mask, WIDTHS, null);
    }

    /**
     * @return the active speed by name: the extended speed when there is one (HDR), else the base one (QDR); ""
     *         when neither is set
     */
    public static String speed(int speedActive, int speedExtActive) {
        if (speedExtActive != 0) {
            return one(speedExtActive, EXT_SPEEDS);
        }
        return speedActive == 0 ? "" : one(speedActive, SPEEDS);
    }

    /** @return a LinkSpeedActive/Enabled/Supported value with lane rates, such as "SDR (2.5 Gb/s), QDR (10 Gb/s)" */
    public static String speeds(int mask) {
        return names(mask, SPEEDS, SPEED_RATES);
    }

    /** @return a LinkSpeedExt value with lane rates, such as "HDR (53.125 Gb/s)"; "none" for 0 */
    public static String extSpeeds(int mask) {
        return mask == EXT_DISABLED ? "disabled" : names(mask, EXT_SPEEDS, EXT_SPEED_RATES);
    }

    /** The lanes of each LinkWidthActive bit: 1X, 4X, 8X, 12X, 2X. */
    private static final int[] LANES = {1, 4, 8, 12, 2};

    /**
     * @return the signalling rate of a link as it runs, lanes times lane rate, such as "4X HDR: 212.5 Gb/s"; "" when
     *         its width or speed is not known (a port that is down)
     */
    public static String rate(int widthActive, int speedActive, int speedExtActive) {
        int w = Integer.numberOfTrailingZeros(widthActive);
        if (Integer.bitCount(widthActive) != 1 || w >= LANES.length) {
            return "";
        }
        String laneRate;
        if (speedExtActive != 0) {
            int s = Integer.numberOfTrailingZeros(speedExtActive);
            laneRate = Integer.bitCount(speedExtActive) == 1 && s < EXT_SPEED_RATES.length ? EXT_SPEED_RATES[s] : null;
        } else {
            int s = Integer.numberOfTrailingZeros(speedActive);
            laneRate = Integer.bitCount(speedActive) == 1 && s < SPEED_RATES.length ? SPEED_RATES[s] : null;
        }
        if (laneRate == null) {
            return "";
        }
        java.math.BigDecimal gbps = new java.math.BigDecimal(laneRate).multiply(java.math.BigDecimal.valueOf(LANES[w]))
                .stripTrailingZeros();
        return width(widthActive) + " " + speed(speedActive, speedExtActive) + ": " + gbps.toPlainString() + " Gb/s";
    }

    /** @return an MTU such as "2048 bytes"; "unknown" for 0 */
    public static String mtu(int bytes) {
        return bytes == 0 ? "unknown" : bytes + " bytes";
    }

    /** @return a GUID or subnet prefix as 16 hex digits, such as "0x0008f10400000100" */
    public static String guid(long guid) {
        return String.format("0x%016x", guid);
    }

    /** @return "leaf001 port 3 (LID 12) Active 4X HDR": the node, the number, the LID, and how the link runs */
    public static String label(Port port) {
        StringBuilder text = new StringBuilder();
        if (port.getNode() != null) {
            text.append(NodeText.name(port.getNode())).append(' ');
        }
        text.append("port ").append(port.getNumber());
        int lid = port.getLid() != 0 || port.getNode() == null ? port.getLid() : port.getNode().getLid();
        if (lid != 0) {
            text.append(" (LID ").append(lid).append(')');
        }
        text.append(' ').append(port.getState().getLiteral());
        if (port.getState().getValue() > PortState.DOWN_VALUE) {
            String width = width(port.getWidthActive());
            String speed = speed(port.getSpeedActive(), port.getSpeedExtActive());
            if (!width.isEmpty()) {
                text.append(' ').append(width);
            }
            if (!speed.isEmpty()) {
                text.append(' ').append(speed);
            }
        }
        if (!port.isReachable()) {
            text.append(" (unreachable)");
        }
        return text.toString();
    }

    private static String one(int value, String[] names) {
        int bit = Integer.numberOfTrailingZeros(value);
        return Integer.bitCount(value) == 1 && bit < names.length ? names[bit] : "?(" + value + ")";
    }

    private static String names(int mask, String[] names, String[] rates) {
        if (mask == 0) {
            return "none";
        }
        StringJoiner text = new StringJoiner(", ");
        for (int bit = 0; bit < 32; bit++) {
            if ((mask & 1 << bit) == 0) {
                continue;
            }
            if (bit >= names.length) {
                text.add("?(bit " + bit + ")");
            } else {
                text.add(rates == null ? names[bit] : names[bit] + " (" + rates[bit] + " Gb/s)");
            }
        }
        return text.toString();
    }
}
