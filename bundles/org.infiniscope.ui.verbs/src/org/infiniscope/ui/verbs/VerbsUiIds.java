package org.infiniscope.ui.verbs;

/**
 * The element ID of the part this bundle contributes to the application model, and the IDs its widgets carry as
 * data under {@link #WIDGET_ID} (the key the UI tests look widgets up by).
 */
public final class VerbsUiIds {

    /** The key of a widget's ID in its data. */
    public static final String WIDGET_ID = "org.infiniscope.ui.widgetId";
    /** The key of the state the diagram lights, in its data (a {@code QpState} name, or absent). */
    public static final String LIT_STATE = "org.infiniscope.ui.verbs.litState";

    /** The queue pairs part. */
    public static final String PART_QPS = "org.infiniscope.ui.part.qps";

    /** The line saying how many QPs there are, from where, and what cannot be read. */
    public static final String QP_STATUS = "qps.status";
    /** The table of QPs, one row a QP, node by node. */
    public static final String QP_TABLE = "qps.table";
    /** The table of CM connections. */
    public static final String CM_TABLE = "qps.cm";
    /** The state machine diagram (a Canvas) with the selected QP's state lit. */
    public static final String STATE_DIAGRAM = "qps.diagram";
    /** The selected QP's detail. */
    public static final String QP_DETAIL = "qps.detail";
    /** The button that shows the selected QP's path on the topology. */
    public static final String SHOW_PATH = "qps.showPath";

    private VerbsUiIds() {
    }
}
