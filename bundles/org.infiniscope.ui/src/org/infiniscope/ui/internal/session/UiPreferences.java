package org.infiniscope.ui.internal.session;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.osgi.service.prefs.BackingStoreException;

/**
 * The GUI's defaults, kept in the instance scope (the workspace given with {@code -data}) under
 * {@value #NODE}: plain Equinox preferences, no 3.x preference store.
 */
public final class UiPreferences {

    /** The preference node. */
    public static final String NODE = "org.infiniscope.ui";
    /** The fabric opened at start; empty: the runtime's ({@code --fabric}, else the built-in simulated fabric). */
    public static final String DEFAULT_FABRIC = "defaultFabric";
    /** Whether the GUI connects at start. */
    public static final String CONNECT_ON_START = "connectOnStart";
    /** The folder the file choosers of Open Fabric start in. */
    public static final String LAST_FOLDER = "lastFolder";
    /** Whether a port action is followed by a sweep, so that the views show its effect at once. */
    public static final String RESWEEP_AFTER_ACTION = "resweepAfterAction";

    private UiPreferences() {
    }

    private static IEclipsePreferences node() {
        return InstanceScope.INSTANCE.getNode(NODE);
    }

    public static String get(String key, String otherwise) {
        return node().get(key, otherwise);
    }

    public static boolean getBoolean(String key, boolean otherwise) {
        return node().getBoolean(key, otherwise);
    }

    public static void put(String key, String value) {
        node().put(key, value);
    }

    public static void putBoolean(String key, boolean value) {
        node().putBoolean(key, value);
    }

    /** Writes the preferences to the workspace. */
    public static void flush() {
        try {
            node().flush();
        } catch (BackingStoreException e) {
            // kept for this run; the next start uses the defaults
        }
    }
}
