package org.infiniscope.ui;

/**
 * Element IDs of the Infiniscope application model (Application.e4xmi), for bundles that contribute to
 * the window and for the UI tests.
 */
public final class UiIds {

    /** The main window; its label is the product name. */
    public static final String MAIN_WINDOW = "org.infiniscope.ui.window.main";
    /** The fabric perspective: explorer, topology, console, counters, properties. */
    public static final String PERSPECTIVE_FABRIC = "org.infiniscope.ui.perspective.fabric";
    /** The fabric explorer part (nodes and ports as a tree). */
    public static final String PART_EXPLORER = "org.infiniscope.ui.part.explorer";
    /** The topology part (the laid-out fabric graph). */
    public static final String PART_TOPOLOGY = "org.infiniscope.ui.part.topology";
    /** The properties part (the selected element's attributes). */
    public static final String PART_PROPERTIES = "org.infiniscope.ui.part.properties";
    /** The counters part (port counters of the selection). */
    public static final String PART_COUNTERS = "org.infiniscope.ui.part.counters";
    /** The console part (console commands and the log). */
    public static final String PART_CONSOLE = "org.infiniscope.ui.part.console";
    /** The events part (the session's fabric events). */
    public static final String PART_EVENTS = "org.infiniscope.ui.part.events";
    /** The Open Fabric command. */
    public static final String COMMAND_OPEN_FABRIC = "org.infiniscope.ui.command.openfabric";
    /** The About command. */
    public static final String COMMAND_ABOUT = "org.infiniscope.ui.command.about";

    /** The product name, used as the window label. */
    public static final String PRODUCT_NAME = "Infiniscope";

    private UiIds() {
    }
}
