package org.infiniscope.ui.topology.internal.draw;

/** The view's colours, as 0xRRGGBB. */
public final class Palette {

    public static final int GOOD = 0x2e7d32;
    public static final int ARMED = 0xc0a000;
    public static final int INIT = 0xef6c00;
    public static final int DOWN = 0xc62828;
    public static final int WARN = 0xe65100;
    public static final int NEUTRAL = 0x90a4ae;
    public static final int NO_DATA = 0xcfd8dc;
    public static final int SWITCH = 0x37474f;
    public static final int GROUP = 0x546e7a;
    public static final int HOST = 0x78909c;
    public static final int OUTLINE = 0x263238;
    public static final int LABEL = 0x263238;
    public static final int SELECTED = 0x1e88e5;
    public static final int PATH = 0xd81b60;
    public static final int BACKGROUND = 0xffffff;
    public static final int LEGEND_FILL = 0xf5f7f8;

    private Palette() {
    }

    /** @return a colour from idle blue through yellow to saturated red, for a value in 0..1 */
    public static int ramp(double v) {
        double t = Math.max(0, Math.min(1, v));
        int r;
        int g;
        int b;
        if (t < 0.5) {
            double u = t * 2;
            r = (int) (0x42 + (0xfb - 0x42) * u);
            g = (int) (0xa5 + (0xc0 - 0xa5) * u);
            b = (int) (0xf5 + (0x2d - 0xf5) * u);
        } else {
            double u = (t - 0.5) * 2;
            r = (int) (0xfb + (0xc6 - 0xfb) * u);
            g = (int) (0xc0 + (0x28 - 0xc0) * u);
            b = (int) (0x2d + (0x28 - 0x2d) * u);
        }
        return r << 16 | g << 8 | b;
    }
}
