package org.infiniscope.mad.smp;

import java.util.StringJoiner;

/**
 * The encodings of PortInfo's link fields as infiniband-diags prints them ({@code smpquery portinfo},
 * {@code ibportstate}), so our output can be compared with theirs line by line.
 */
public final class LinkEncodings {

    private static final String[] WIDTHS = {"1X", "4X", "8X", "12X", "2X"};
    private static final String[] SPEEDS = {"2.5 Gbps", "5.0 Gbps", "10.0 Gbps"};
    private static final String[] EXT_SPEEDS = {"14.0625 Gbps", "25.78125 Gbps", "53.125 Gbps", "106.25 Gbps"};
    private static final String[] PORT_STATES = {"NoChange", "Down", "Initialize", "Armed", "Active"};
    private static final String[] PHYS_STATES = {"NoChange", "Sleep", "Polling", "Disabled",
            "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest"};
    private static final String[] VL_CAPS = {"", "VL0", "VL0-1", "VL0-3", "VL0-7", "VL0-14"};

    private LinkEncodings() {
    }

    /** @return an active width (one bit) such as "4X", or "undefined (n)" */
    public static String width(int active) {
        int bit = Integer.numberOfTrailingZeros(active);
        return Integer.bitCount(active) == 1 && bit < WIDTHS.length ? WIDTHS[bit] : undefined(active);
    }

    /** @return a width mask (LinkWidthSupported/Enabled) such as "1X or 4X" */
    public static String widthMask(int mask) {
        return mask == 0 || (mask >>> WIDTHS.length) != 0 ? undefined(mask) : joinBits(mask, WIDTHS);
    }

    /**
     * @return an active LinkSpeedActive such as "10.0 Gbps"; 0 means the speed is in LinkSpeedExtActive, which
     *         libibmad prints as "Extended speed"
     */
    public static String speed(int active) {
        if (active == 0) {
            return "Extended speed";
        }
        int bit = Integer.numberOfTrailingZeros(active);
        return Integer.bitCount(active) == 1 && bit < SPEEDS.length ? SPEEDS[bit] : undefined(active);
    }

    /**
     * @return a LinkSpeedSupported/Enabled mask such as "2.5 Gbps or 5.0 Gbps or 10.0 Gbps"; a set of speeds the
     *         base spec does not list (one without SDR, or with a gap) gets " (IBA extension)" as the tools add
     */
    public static String speedMask(int mask) {
        if (mask == 0 || (mask >>> SPEEDS.length) != 0) {
            return undefined(mask);
        }
        boolean base = mask == 1 || mask == 3 || mask == 5 || mask == 7;
        return joinBits(mask, SPEEDS) + (base ? "" : " (IBA extension)");
    }

    /** @return LinkSpeedExtActive such as "14.0625 Gbps", or "No Extended Speed" for 0 */
    public static String extSpeed(int active) {
        if (active == 0) {
            return "No Extended Speed";
        }
        int bit = Integer.numberOfTrailingZeros(active);
        return Integer.bitCount(active) == 1 && bit < EXT_SPEEDS.length ? EXT_SPEEDS[bit] : undefined(active);
    }

    /** @return a LinkSpeedExtSupported mask such as "14.0625 Gbps or 25.78125 Gbps"; "0" for none, as the tools */
    public static String extSpeedMask(int mask) {
        if (mask == 0) {
            return "0";
        }
        return (mask >>> EXT_SPEEDS.length) != 0 ? undefined(mask) : joinBits(mask, EXT_SPEEDS);
    }

    /** @return LinkSpeedExtEnabled: as {@link #extSpeedMask}, and 30 (0x1e) means "disabled" */
    public static String extSpeedEnabled(int mask) {
        return mask == 0x1E ? "Extended link speeds disabled" : extSpeedMask(mask);
    }

    /** @return PortState such as "Active" */
    public static String portState(int state) {
        return state < PORT_STATES.length ? PORT_STATES[state] : "?(" + state + ")";
    }

    /** @return PortPhysicalState such as "LinkUp" */
    public static String physicalState(int state) {
        return state < PHYS_STATES.length ? PHYS_STATES[state] : "?(" + state + ")";
    }

    /** @return an MTU code as bytes, such as "2048", or "?(n)" */
    public static String mtu(int code) {
        return code >= 1 && code <= 5 ? Integer.toString(128 << code) : "?(" + code + ")";
    }

    /** @return a VLCap code such as "VL0-7" */
    public static String vlCap(int code) {
        return code >= 1 && code < VL_CAPS.length ? VL_CAPS[code] : "?(" + code + ")";
    }

    private static String joinBits(int mask, String[] names) {
        StringJoiner text = new StringJoiner(" or ");
        for (int bit = 0; bit < names.length; bit++) {
            if ((mask & (1 << bit)) != 0) {
                text.add(names[bit]);
            }
        }
        return text.toString();
    }

    private static String undefined(int value) {
        return "undefined (" + value + ")";
    }
}
