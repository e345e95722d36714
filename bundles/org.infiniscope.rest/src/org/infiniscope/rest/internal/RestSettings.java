package org.infiniscope.rest.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import org.infiniscope.rest.TokenStoreException;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The REST server's settings, PID {@value #PID} ({@code etc/org.infiniscope.rest.cfg}): the address it serves on, its
 * TLS keystore, the token file and the failed-login limits. A change is applied while the runtime runs: the token file
 * and the limits at once, the address and TLS by handing Felix HTTP its new configuration (PID
 * {@code org.apache.felix.http}), on which it rebinds. Every value is checked before any is applied: a configuration
 * with a bad value (a port out of range or taken, a keystore that does not open with its password, a password or token
 * file others may read) is logged as an error naming the key, and the settings in force stay as they are.
 * <p>
 * An empty key falls back to what the launcher was given: the framework properties {@code org.osgi.service.http.port},
 * {@code org.apache.felix.http.host}, {@code infiniscope.tls.keystore}, {@code infiniscope.tls.password.file},
 * {@code infiniscope.rest.tokens}, {@code infiniscope.rest.login.failures} and {@code infiniscope.rest.login.window}.
 */
@Component(service = RestSettings.class, configurationPid = RestSettings.PID)
@Designate(ocd = RestSettings.Config.class)
public final class RestSettings {

    static final String PID = "org.infiniscope.rest";
    static final String HTTP_PID = "org.apache.felix.http";
    static final String HTTP_PORT = "org.osgi.service.http.port";
    static final String HTTPS_PORT = "org.osgi.service.http.port.secure";
    static final String HTTP_HOST = "org.apache.felix.http.host";
    static final String HTTP_ENABLE = "org.apache.felix.http.enable";
    static final String HTTPS_ENABLE = "org.apache.felix.https.enable";
    static final String KEYSTORE = "org.apache.felix.https.keystore";
    static final String KEYSTORE_TYPE = "org.apache.felix.https.keystore.type";
    static final String KEYSTORE_PASSWORD = "org.apache.felix.https.keystore.password";
    static final String KEY_PASSWORD = "org.apache.felix.https.keystore.key.password";
    static final String TLS_KEYSTORE_PROPERTY = "infiniscope.tls.keystore";
    static final String TLS_PASSWORD_PROPERTY = "infiniscope.tls.password.file";
    /** Felix HTTP's keys this component sets; the others of its configuration are left alone. */
    private static final List<String> SERVER_KEYS = List.of(HTTP_HOST, HTTP_ENABLE, HTTPS_ENABLE, HTTP_PORT, HTTPS_PORT,
            KEYSTORE, KEYSTORE_TYPE, KEYSTORE_PASSWORD, KEY_PASSWORD);
    private static final String DEFAULT_PORT = "9464";
    private static final String DEFAULT_HOST = "127.0.0.1";

    private static final Logger LOG = LoggerFactory.getLogger(RestSettings.class);

    /** The REST server's settings. */
    @ObjectClassDefinition(name = "Infiniscope REST server", description = "The address, TLS, tokens and login limits of the REST API and /metrics")
    public @interface Config {
        @AttributeDefinition(description = "HTTP (or, with tls.keystore, HTTPS) port; empty: the launcher's (INFINISCOPE_HTTP_PORT, else 9464)")
        String port() default "";

        @AttributeDefinition(description = "Address to bind; 0.0.0.0 for every interface; empty: the launcher's (INFINISCOPE_HTTP_HOST, else 127.0.0.1)")
        String host() default "";

        @AttributeDefinition(description = "PKCS12 keystore with the server's key and certificate chain: the server then answers HTTPS only, on port; empty: the launcher's (INFINISCOPE_TLS_KEYSTORE), else plain HTTP")
        String tls_keystore() default "";

        @AttributeDefinition(description = "File whose first line is the keystore's (and key's) password, readable by the runtime's user alone; empty: the launcher's (INFINISCOPE_TLS_PASSWORD_FILE)")
        String tls_password_file() default "";

        @AttributeDefinition(description = "The token file (infiniscope token writes it); empty: rest/tokens in the runtime's state folder. Re-read when it changes")
        String tokens_file() default "";

        @AttributeDefinition(description = "Failed logins from one address within login.window seconds before its new tokens are refused (429)")
        int login_failures() default 10;

        @AttributeDefinition(description = "Seconds over which failed logins are counted, and for which a blocked address stays blocked")
        int login_window() default 60;
    }

    /** The settings in force. */
    record Settings(boolean server, String host, int port, Path keystore, Path passwordFile, Path tokens, int failures,
            int window) {

        boolean tls() {
            return keystore != null;
        }
    }

    /** A configuration value that cannot be used, with the key that holds it. */
    static final class BadSetting extends Exception {
        private static final long serialVersionUID = 1L;

        BadSetting(String key, String message) {
            super(key + ": " + message);
        }
    }

    private final Function<String, String> framework;
    private final AccessTokensImpl tokens;
    private final ConfigurationAdmin configAdmin;
    private final FailedLogins failedLogins;
    private volatile Settings settings;

    @Activate
    public RestSettings(BundleContext context, @Reference AccessTokensImpl tokens,
            @Reference ConfigurationAdmin configAdmin, Map<String, Object> properties) {
        this(context::getProperty, tokens, configAdmin, properties);
    }

    RestSettings(Function<String, String> framework, AccessTokensImpl tokens, ConfigurationAdmin configAdmin,
            Map<String, Object> properties) {
        this.framework = framework;
        this.tokens = tokens;
        this.configAdmin = configAdmin;
        Settings initial;
        try {
            initial = read(properties);
        } catch (BadSetting e) {
            LOG.error("{}.cfg: {}; the launcher's settings are used instead", PID, e.getMessage());
            try {
                initial = read(Map.of());
            } catch (BadSetting again) {
                // the launcher checked its own settings before the framework started
                LOG.error("the launcher's REST settings: {}", again.getMessage());
                initial = new Settings(false, DEFAULT_HOST, Integer.parseInt(DEFAULT_PORT), null, null, tokens.path(),
                        AuthFilter.DEFAULT_FAILURES, AuthFilter.DEFAULT_WINDOW);
            }
        }
        this.failedLogins = new FailedLogins(initial.failures(), initial.window());
        apply(null, initial);
    }

    /** Takes a changed configuration: every value checked first, then applied; a bad one changes nothing. */
    @Modified
    void modified(Map<String, Object> properties) {
        Settings next;
        try {
            next = read(properties);
        } catch (BadSetting e) {
            LOG.error("{}.cfg: {}; the REST server keeps its previous settings", PID, e.getMessage());
            return;
        }
        Settings before = settings;
        if (!next.equals(before)) {
            apply(before, next);
        }
    }

    /** @return the settings in force */
    Settings settings() {
        return settings;
    }

    /** @return the failed-login counter, with the limits in force */
    FailedLogins failedLogins() {
        return failedLogins;
    }

    private void apply(Settings before, Settings next) {
        // without a server key here, the address is left to org.apache.felix.http.cfg and the launcher
        if (next.server() && before != null
                && (!before.server() || before.port() != next.port() || !before.host().equals(next.host())
                        || !Objects.equals(before.keystore(), next.keystore())
                        || !Objects.equals(before.passwordFile(), next.passwordFile()))) {
            // first: an address the server cannot take leaves every setting as it was
            try {
                serve(next);
            } catch (BadSetting e) {
                LOG.error("{}.cfg: {}; the REST server keeps its previous settings", PID, e.getMessage());
                return;
            } catch (IOException e) {
                LOG.error("{}.cfg: the HTTP server's configuration cannot be changed ({}); it keeps its address", PID,
                        e.getMessage());
                return;
            }
        } else if (next.server() && before == null) {
            // the launcher started the server with these settings already: written only if it did not
            try {
                serve(next);
            } catch (BadSetting | IOException e) {
                LOG.error("{}.cfg: {}; the HTTP server keeps the launcher's settings", PID, e.getMessage());
            }
        }
        if (!next.tokens().equals(tokens.path())) {
            tokens.relocate(next.tokens());
        }
        failedLogins.limits(next.failures(), next.window());
        settings = next;
        if (before != null) {
            LOG.info("{}: serving {}://{}:{}, tokens in {}, {} failed logins per {} s", PID,
                    next.tls() ? "https" : "http", next.host(), next.port(), next.tokens(), next.failures(),
                    next.window());
        }
    }

    /** Hands Felix HTTP the address and TLS, unless it already serves them. */
    private void serve(Settings next) throws BadSetting, IOException {
        Map<String, Object> wanted = serverProperties(next);
        Configuration http = configAdmin.getConfiguration(HTTP_PID, null);
        Dictionary<String, Object> current = http.getProperties();
        boolean same = true;
        for (Map.Entry<String, Object> e : wanted.entrySet()) {
            Object now = current == null ? framework.apply(e.getKey()) : current.get(e.getKey());
            if (now == null && e.getKey().equals(HTTP_ENABLE)) {
                now = "true";
            } else if (now == null && e.getKey().equals(HTTPS_ENABLE)) {
                now = "false";
            }
            if (!e.getValue().equals(now == null ? null : String.valueOf(now).strip())) {
                same = false;
                break;
            }
        }
        if (same) {
            return;
        }
        Settings in = settings;
        if (in == null || in.port() != next.port() || !in.host().equals(next.host())) {
            checkFree(next.host(), next.port());
        }
        Dictionary<String, Object> updated = new Hashtable<>();
        if (current != null) {
            for (var keys = current.keys(); keys.hasMoreElements();) {
                String key = keys.nextElement();
                if (!SERVER_KEYS.contains(key)) {
                    updated.put(key, current.get(key));
                }
            }
        }
        wanted.forEach(updated::put);
        http.update(updated);
    }

    /** @return Felix HTTP's keys for these settings (the keystore's password read from its file) */
    private static Map<String, Object> serverProperties(Settings s) throws BadSetting {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put(HTTP_HOST, s.host());
        if (s.tls()) {
            String password = password(s.passwordFile());
            p.put(HTTP_ENABLE, "false");
            p.put(HTTPS_ENABLE, "true");
            p.put(HTTPS_PORT, String.valueOf(s.port()));
            p.put(KEYSTORE, s.keystore().toString());
            p.put(KEYSTORE_TYPE, "PKCS12");
            p.put(KEYSTORE_PASSWORD, password);
            p.put(KEY_PASSWORD, password);
        } else {
            p.put(HTTP_ENABLE, "true");
            p.put(HTTPS_ENABLE, "false");
            p.put(HTTP_PORT, String.valueOf(s.port()));
        }
        return p;
    }

    /** The new address must be one this process can bind: else Felix HTTP would drop the old one for nothing. */
    private static void checkFree(String host, int port) throws BadSetting {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (IOException e) {
            throw new BadSetting("port", "cannot serve on " + host + ":" + port + " (" + e.getMessage() + ")");
        }
    }

    /** @return the settings a configuration gives, each value checked */
    Settings read(Map<String, Object> properties) throws BadSetting {
        String host = text(properties, "host", HTTP_HOST, DEFAULT_HOST);
        try {
            InetAddress.getByName(host);
        } catch (IOException e) {
            throw new BadSetting("host", "'" + host + "' is not an address of this machine");
        }
        int port = number(properties, "port", HTTP_PORT, DEFAULT_PORT, 1, 65535);
        String keystore = text(properties, "tls.keystore", TLS_KEYSTORE_PROPERTY, "");
        Path store = null;
        Path passwordFile = null;
        if (!keystore.isEmpty()) {
            store = Path.of(keystore).toAbsolutePath();
            String file = text(properties, "tls.password.file", TLS_PASSWORD_PROPERTY, "");
            if (file.isEmpty()) {
                throw new BadSetting("tls.password.file", "tls.keystore needs a file holding the keystore's password");
            }
            passwordFile = Path.of(file).toAbsolutePath();
            checkKeystore(store, password(passwordFile));
        }
        String tokenFile = text(properties, "tokens.file", AccessTokensImpl.FILE_PROPERTY, "");
        Path tokenPath = tokenFile.isEmpty()
                ? AccessTokensImpl
                        .location(key -> key.equals(AccessTokensImpl.FILE_PROPERTY) ? null : framework.apply(key))
                : Path.of(tokenFile).toAbsolutePath();
        try {
            new TokenFile(tokenPath).checkPrivate();
        } catch (TokenStoreException e) {
            throw new BadSetting("tokens.file", e.getMessage());
        }
        int failures = number(properties, "login.failures", AuthFilter.FAILURES_PROPERTY,
                String.valueOf(AuthFilter.DEFAULT_FAILURES), 1, Integer.MAX_VALUE);
        int window = number(properties, "login.window", AuthFilter.WINDOW_PROPERTY,
                String.valueOf(AuthFilter.DEFAULT_WINDOW), 1, 86_400);
        boolean server = List.of("port", "host", "tls.keystore", "tls.password.file").stream()
                .anyMatch(k -> properties.get(k) != null && !String.valueOf(properties.get(k)).isBlank());
        return new Settings(server, host, port, store, passwordFile, tokenPath.toAbsolutePath(), failures, window);
    }

    /** @return the key's value, else the framework property's, else the default; stripped */
    private String text(Map<String, Object> properties, String key, String property, String fallback) {
        Object value = properties.get(key);
        if (value != null && !String.valueOf(value).isBlank()) {
            return String.valueOf(value).strip();
        }
        String given = property == null ? null : framework.apply(property);
        return given == null || given.isBlank() ? fallback : given.strip();
    }

    private int number(Map<String, Object> properties, String key, String property, String fallback, int min, int max)
            throws BadSetting {
        String text = text(properties, key, property, fallback);
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new BadSetting(key, "'" + text + "' is not a whole number");
        }
        if (value < min || value > max) {
            throw new BadSetting(key, value + " is not within " + min + ".." + max);
        }
        return value;
    }

    /** @return the first line of a password file that only the runtime's user may read; never logged */
    private static String password(Path file) throws BadSetting {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            if (perms.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
                throw new BadSetting("tls.password.file",
                        "the TLS password file " + file + " grants others access: refusing it; chmod 600 it");
            }
            return Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
        } catch (IOException e) {
            throw new BadSetting("tls.password.file",
                    "the TLS password file " + file + " cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** Opens the keystore with its password and checks that it holds a key: what Jetty will need of it. */
    private static void checkKeystore(Path store, String password) throws BadSetting {
        if (!Files.isRegularFile(store) || !Files.isReadable(store)) {
            throw new BadSetting("tls.keystore", "the keystore " + store + " cannot be read");
        }
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password.toCharArray());
            boolean key = false;
            for (var aliases = ks.aliases(); aliases.hasMoreElements();) {
                key |= ks.isKeyEntry(aliases.nextElement());
            }
            if (!key) {
                throw new BadSetting("tls.keystore", "the keystore " + store + " holds no private key");
            }
        } catch (IOException e) {
            throw new BadSetting("tls.keystore",
                    "the keystore " + store + " cannot be opened with the password of tls.password.file ("
                            + e.getClass().getSimpleName()
                            + (e.getCause() != null ? ": " + e.getCause().getClass().getSimpleName() : "") + ")");
        } catch (GeneralSecurityException e) {
            throw new BadSetting("tls.keystore",
                    "the keystore " + store + " is not a PKCS12 keystore (" + e.getClass().getSimpleName() + ")");
        }
    }
}
