package org.infiniscope.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The REST server's settings: empty keys take the launcher's framework properties, every bad value is refused with
 * its key named, and a refused configuration leaves the settings in force as they were.
 */
class RestSettingsTest {

    private static final Map<String, String> FRAMEWORK = Map.of("org.osgi.service.http.port", "9555",
            "org.apache.felix.http.host", "127.0.0.1", "infiniscope.rest.login.failures", "7");

    private static RestSettings settings(Path state, Map<String, Object> properties) {
        Map<String, String> framework = new java.util.HashMap<>(FRAMEWORK);
        framework.put("infiniscope.state", state.toString());
        AccessTokensImpl tokens = new AccessTokensImpl(state.resolve("rest").resolve("tokens"));
        // no address key: Configuration Admin (Felix HTTP's configuration) is not touched
        return new RestSettings(framework::get, tokens, null, properties);
    }

    @Test
    void emptyKeysTakeTheLaunchersSettings() throws Exception {
        Path state = Files.createTempDirectory("rest-settings");
        RestSettings.Settings s = settings(state, Map.of()).settings();
        assertEquals(9555, s.port());
        assertEquals("127.0.0.1", s.host());
        assertFalse(s.tls());
        assertFalse(s.server(), "no address key of its own: the server is left to the launcher");
        assertEquals(state.resolve("rest").resolve("tokens").toAbsolutePath(), s.tokens());
        assertEquals(7, s.failures());
        assertEquals(60, s.window());
    }

    @Test
    void badValuesAreRefusedNamingTheirKeyAndChangeNothing() throws Exception {
        Path state = Files.createTempDirectory("rest-settings");
        RestSettings settings = settings(state, Map.of("login.failures", "3"));
        RestSettings.Settings before = settings.settings();
        assertEquals(3, before.failures());
        Path open = Files.writeString(state.resolve("server.pass"), "secret-pass\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        Path publicTokens = Files.writeString(state.resolve("tokens"), "");
        Files.setPosixFilePermissions(publicTokens, PosixFilePermissions.fromString("rw-rw-r--"));
        Map<Map<String, Object>, String> bad = Map.of(Map.of("port", "70000"), "port: 70000 is not within 1..65535",
                Map.of("port", "http"), "port: 'http' is not a whole number", Map.of("login.window", "0"),
                "login.window: 0 is not within 1..86400", Map.of("tls.keystore", state.resolve("none.p12").toString()),
                "tls.password.file: tls.keystore needs a file holding the keystore's password",
                Map.of("tls.keystore", state.resolve("none.p12").toString(), "tls.password.file", open.toString()),
                "tls.password.file: the TLS password file " + open + " grants others access",
                Map.of("tokens.file", publicTokens.toString()),
                "tokens.file: the token file " + publicTokens + " grants others access");
        for (Map.Entry<Map<String, Object>, String> e : bad.entrySet()) {
            RestSettings.BadSetting refused = assertThrows(RestSettings.BadSetting.class,
                    () -> settings.read(e.getKey()));
            assertTrue(refused.getMessage().startsWith(e.getValue()), refused.getMessage());
            assertFalse(refused.getMessage().contains("secret-pass"));
            settings.modified(e.getKey());
            assertEquals(before, settings.settings(), "refused: " + e.getKey());
        }
        Path tokens = state.resolve("elsewhere").resolve("tokens");
        settings.modified(Map.of("tokens.file", tokens.toString(), "login.failures", "4", "login.window", "30"));
        assertEquals(tokens.toAbsolutePath(), settings.settings().tokens());
        assertEquals(4, settings.settings().failures());
        assertEquals(30, settings.settings().window());
    }

    @Test
    void aKeystoreThatDoesNotOpenIsRefused() throws Exception {
        Path state = Files.createTempDirectory("rest-settings");
        Path password = Files.writeString(state.resolve("server.pass"), "secret-pass\n");
        Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-------"));
        Path store = Files.writeString(state.resolve("server.p12"), "not a keystore");
        RestSettings settings = settings(state, Map.of());
        RestSettings.BadSetting refused = assertThrows(RestSettings.BadSetting.class, () -> settings
                .read(Map.of("tls.keystore", store.toString(), "tls.password.file", password.toString())));
        assertTrue(refused.getMessage().startsWith("tls.keystore: the keystore " + store), refused.getMessage());
        assertFalse(refused.getMessage().contains("secret-pass"));
    }
}
