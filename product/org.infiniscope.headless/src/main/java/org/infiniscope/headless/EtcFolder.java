package org.infiniscope.headless;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The runtime's configuration folder ({@code etc/}): Felix FileInstall feeds Configuration Admin from its
 * {@code PID.cfg} (properties) and {@code PID.config} (typed) files, and follows their changes while the runtime runs.
 */
final class EtcFolder {

    /** How often FileInstall looks at the folder, in milliseconds: a changed file is applied within about a second. */
    static final String POLL_MILLIS = "1000";

    private EtcFolder() {
    }

    /**
     * @param etc the configuration folder
     * @return the framework properties that point FileInstall at it: configuration files only (never bundles), read
     *         at once, and never written back (the files are the operator's)
     */
    static Map<String, String> fileInstall(Path etc) {
        Map<String, String> properties = new HashMap<>();
        properties.put("felix.fileinstall.dir", etc.toString());
        properties.put("felix.fileinstall.filter", ".*\\.(cfg|config)");
        properties.put("felix.fileinstall.poll", POLL_MILLIS);
        properties.put("felix.fileinstall.noInitialDelay", "true");
        properties.put("felix.fileinstall.enableConfigSave", "false");
        properties.put("felix.fileinstall.log.level", "2");
        properties.put(Launcher.ETC_PROPERTY, etc.toString());
        return properties;
    }

    /**
     * @param etc the configuration folder
     * @param framework the framework properties
     * @return the framework properties with the HTTP server's port and host as its file in etc/ sets them (which Felix
     *         HTTP prefers to the framework properties), so that the launcher announces where it really serves
     */
    static Map<String, String> http(Path etc, Map<String, String> framework) {
        Map<String, String> effective = new HashMap<>(framework);
        Path file = etc.resolve(Launcher.HTTP_PID + ".cfg");
        if (!Files.isRegularFile(file)) {
            return effective;
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("infiniscope-launcher: cannot read " + file + ": " + e.getMessage());
            return effective;
        }
        for (String key : new String[]{Launcher.HTTP_PORT, Launcher.HTTP_HOST}) {
            String value = properties.getProperty(key);
            if (value != null && !value.isBlank()) {
                effective.put(key, value.strip());
            }
        }
        return effective;
    }
}
