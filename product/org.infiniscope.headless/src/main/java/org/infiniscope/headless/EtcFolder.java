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
 * <p>
 * The services start with the files' settings, not with their defaults first: the launcher starts bundles in name
 * order, so Configuration Admin is active before FileInstall, and FileInstall with {@code noInitialDelay} reads the
 * folder while it starts, before SCR (and so before any component) starts. An SM told {@code enabled=false} never
 * starts.
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
     * @return the framework properties with the HTTP server's settings of its file in etc/, which Felix HTTP prefers to
     *         the framework properties: given as framework properties too, the server starts on the configured address
     *         (and TLS) at once instead of on the default first, and the launcher announces where it really serves
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
        for (String key : properties.stringPropertyNames()) {
            String value = properties.getProperty(key);
            if ((key.startsWith("org.osgi.service.http.") || key.startsWith("org.apache.felix.http"))
                    && !value.isBlank()) {
                effective.put(key, value.strip());
            }
        }
        return effective;
    }

    /** The REST server's PID ({@code org.infiniscope.rest.RestSettings}), and the framework property of each key. */
    static final String REST_PID = "org.infiniscope.rest";
    private static final Map<String, String> REST_KEYS = Map.of("port", Launcher.HTTP_PORT, "host", Launcher.HTTP_HOST,
            "tls.keystore", Tls.KEYSTORE, "tls.password.file", Tls.PASSWORD_FILE, "tokens.file",
            "infiniscope.rest.tokens", "login.failures", "infiniscope.rest.login.failures", "login.window",
            "infiniscope.rest.login.window");

    /**
     * @param etc the configuration folder
     * @param framework the framework properties
     * @return the framework properties with the REST server's settings of its file in etc/ (address, TLS, token file,
     *         login limits), which win over the launcher's: the server starts on them at once, the launcher announces
     *         them, and a one-shot {@code token} command writes the token file the runtime reads. While the runtime
     *         runs, the REST bundle follows the file's changes itself.
     */
    static Map<String, String> rest(Path etc, Map<String, String> framework) {
        Map<String, String> effective = new HashMap<>(framework);
        Path file = etc.resolve(REST_PID + ".cfg");
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
        REST_KEYS.forEach((key, property) -> {
            String value = properties.getProperty(key);
            if (value != null && !value.isBlank()) {
                effective.put(property, value.strip());
            }
        });
        return effective;
    }

    /**
     * @param framework the framework properties, with the HTTP server's file applied
     * @return where the HTTP server serves: {@code http://HOST:PORT} unless plain HTTP is off, and
     *         {@code https://HOST:PORT} when HTTPS is on (Felix HTTP's defaults: HTTP on, HTTPS off, secure port 443)
     */
    static java.util.List<String> urls(Map<String, String> framework) {
        java.util.List<String> urls = new java.util.ArrayList<>();
        String host = framework.getOrDefault(Launcher.HTTP_HOST, Launcher.DEFAULT_HTTP_HOST);
        if (!"false".equalsIgnoreCase(framework.getOrDefault("org.apache.felix.http.enable", "true").strip())) {
            urls.add("http://" + host + ":" + framework.getOrDefault(Launcher.HTTP_PORT, Launcher.DEFAULT_HTTP_PORT));
        }
        if ("true".equalsIgnoreCase(framework.getOrDefault("org.apache.felix.https.enable", "false").strip())) {
            urls.add("https://" + host + ":" + framework.getOrDefault("org.osgi.service.http.port.secure", "443"));
        }
        return urls;
    }
}
