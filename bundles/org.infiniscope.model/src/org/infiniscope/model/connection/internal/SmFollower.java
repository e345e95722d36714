package org.infiniscope.model.connection.internal;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;

import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * Moves the runtime's SM to the simulated fabric the connection opened, through its configuration (PID
 * {@value #SM_PID}, property {@code fabric}): the SM component restarts on the new fabric. Other properties of that
 * configuration are kept. A fabric that is not simulated leaves the SM alone (a production fabric has its SM).
 */
final class SmFollower {

    static final String SM_PID = "org.infiniscope.sm";

    private final ConfigurationAdmin admin;
    private final String runtimeFabric;

    /** @param runtimeFabric the fabric the SM runs on when its configuration names none */
    SmFollower(ConfigurationAdmin admin, String runtimeFabric) {
        this.admin = admin;
        this.runtimeFabric = runtimeFabric;
    }

    /**
     * @return whether the SM's configuration was changed
     * @throws IOException when the configuration cannot be read or written
     */
    boolean follow(String fabric) throws IOException {
        if (!Channels.isSimulator(fabric)) {
            return false;
        }
        String wanted = topologyOf(fabric);
        Configuration config = admin.getConfiguration(SM_PID, "?");
        Dictionary<String, Object> props = config.getProperties();
        Object current = props == null ? null : props.get("fabric");
        String now = current instanceof String s && !s.isBlank() ? s : runtimeFabric;
        if (topologyOf(now).equals(wanted)) {
            return false;
        }
        Dictionary<String, Object> next = new Hashtable<>();
        if (props != null) {
            for (var keys = props.keys(); keys.hasMoreElements();) {
                String key = keys.nextElement();
                next.put(key, props.get(key));
            }
        }
        next.put("fabric", wanted);
        config.update(next);
        return true;
    }

    /** @return the fabric without its attach point: the SM attaches where a simulated fabric's SM does */
    static String topologyOf(String fabric) {
        if (!Channels.isSimulator(fabric)) {
            return fabric;
        }
        int at = fabric.lastIndexOf('@');
        return at < 0 ? fabric : fabric.substring(0, at);
    }
}
