package org.infiniscope.ui.counters;

/**
 * Element IDs of the parts this bundle contributes to the application model, and the IDs its widgets carry as data
 * under {@link #WIDGET_ID} (the key the UI tests look widgets up by).
 */
public final class CountersIds {

    /** The key of a widget's ID in its data. */
    public static final String WIDGET_ID = "org.infiniscope.ui.widgetId";

    /** The counters part: charts, counter table and top ports of the selected ports. */
    public static final String PART_COUNTERS = "org.infiniscope.ui.part.counters";
    /** The fabric health summary part. */
    public static final String PART_HEALTH = "org.infiniscope.ui.part.health";
    /** The subnet manager part. */
    public static final String PART_SM = "org.infiniscope.ui.part.sm";

    /** The label saying which ports are charted and when the counters were last read. */
    public static final String COUNTERS_STATUS = "counters.status";
    /** The data rate chart (an SWTChart {@code Chart}). */
    public static final String CHART_DATA = "counters.chart.data";
    /** The packet rate chart. */
    public static final String CHART_PACKETS = "counters.chart.packets";
    /** The error counters chart. */
    public static final String CHART_ERRORS = "counters.chart.errors";
    /** The table of every counter of the charted ports, with totals and deltas. */
    public static final String COUNTER_TABLE = "counters.table";
    /** The top ports by utilisation. */
    public static final String TOP_UTILISATION = "counters.top.utilisation";
    /** The top ports by errors. */
    public static final String TOP_ERRORS = "counters.top.errors";

    /** The health part's summary line. */
    public static final String HEALTH_STATUS = "health.status";
    /** The health part's table of counts: one row per kind of trouble. */
    public static final String HEALTH_COUNTS = "health.counts";
    /** The health part's table of the ports or links of the kind selected in the counts. */
    public static final String HEALTH_ITEMS = "health.items";

    /** The SM part's table of its state (name, value rows). */
    public static final String SM_STATE = "sm.state";
    /** The SM part's table of the last sweeps. */
    public static final String SM_SWEEPS = "sm.sweeps";
    /** The SM part's table of the SMs it knows. */
    public static final String SM_KNOWN = "sm.known";
    /** The SM part's resweep button. */
    public static final String SM_RESWEEP = "sm.resweep";
    /** The SM part's reroute button. */
    public static final String SM_REROUTE = "sm.reroute";
    /** The SM part's line saying what the last action did. */
    public static final String SM_ACTION_STATUS = "sm.action.status";

    private CountersIds() {
    }
}
