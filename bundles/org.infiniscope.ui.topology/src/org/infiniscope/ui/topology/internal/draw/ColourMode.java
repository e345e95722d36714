package org.infiniscope.ui.topology.internal.draw;

import java.util.List;

import org.infiniscope.ui.topology.internal.graph.TopoGraph;

/** What a link's colour says; the legend lists the colours of the mode in force. */
public enum ColourMode {

    STATE("State", "Links by state",
            List.of(new Entry("Active", Palette.GOOD), new Entry("Armed", Palette.ARMED),
                    new Entry("Initialize", Palette.INIT), new Entry("Down", Palette.DOWN))),
    RATE("Width/speed", "Links by width and speed",
            List.of(new Entry("as supported", Palette.NEUTRAL), new Entry("below what both ends support", Palette.WARN),
                    new Entry("down", Palette.DOWN))),
    ERRORS("Errors", "Links by error counts (last poll)",
            List.of(new Entry("no errors", Palette.NEUTRAL), new Entry("1-9 errors", Palette.WARN),
                    new Entry("10 or more", Palette.DOWN), new Entry("no counters", Palette.NO_DATA))),
    UTILISATION("Utilisation", "Links by utilisation (last poll)",
            List.of(new Entry("idle", Palette.ramp(0)), new Entry("50 %", Palette.ramp(0.5)),
                    new Entry("100 %", Palette.ramp(1)), new Entry("no counters", Palette.NO_DATA)));

    /** A line of the legend. */
    public record Entry(String label, int rgb) {
    }

    private final String label;
    private final String title;
    private final List<Entry> legend;

    ColourMode(String label, String title, List<Entry> legend) {
        this.label = label;
        this.title = title;
        this.legend = legend;
    }

    /** @return the mode's name in the view's chooser */
    public String label() {
        return label;
    }

    /** @return the legend's title */
    public String title() {
        return title;
    }

    public List<Entry> legend() {
        return legend;
    }

    /** @return whether the mode needs the performance manager's counters */
    public boolean needsCounters() {
        return this == ERRORS || this == UTILISATION;
    }

    /**
     * @param metric per link: errors or utilisation (0..1), NaN when unknown; null when no counters are polled
     * @return the colour of a link
     */
    int colour(TopoGraph g, int link, double[] metric) {
        byte state = g.linkState(link);
        return switch (this) {
            case STATE -> switch (state) {
                case TopoGraph.ACTIVE -> Palette.GOOD;
                case TopoGraph.ARMED -> Palette.ARMED;
                case TopoGraph.INIT -> Palette.INIT;
                default -> Palette.DOWN;
            };
            case RATE -> state == TopoGraph.DOWN ? Palette.DOWN : g.mismatch(link) ? Palette.WARN : Palette.NEUTRAL;
            case ERRORS -> {
                double v = metric == null || link >= metric.length ? Double.NaN : metric[link];
                yield Double.isNaN(v)
                        ? Palette.NO_DATA
                        : v <= 0 ? Palette.NEUTRAL : v < 10 ? Palette.WARN : Palette.DOWN;
            }
            case UTILISATION -> {
                double v = metric == null || link >= metric.length ? Double.NaN : metric[link];
                yield Double.isNaN(v) ? Palette.NO_DATA : Palette.ramp(v);
            }
        };
    }

    /** @return whether a link is drawn dashed (down, or without data) */
    boolean dashed(TopoGraph g, int link) {
        return g.linkState(link) == TopoGraph.DOWN;
    }
}
