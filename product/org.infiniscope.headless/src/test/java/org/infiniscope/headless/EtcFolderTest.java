package org.infiniscope.headless;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** FileInstall watches etc/ for configuration files only; the HTTP server's file there wins over the defaults. */
class EtcFolderTest {

    @Test
    void fileInstallReadsConfigurationFilesOnlyAndNeverWritesThem() {
        Map<String, String> properties = EtcFolder.fileInstall(Path.of("/srv/etc"));
        assertEquals("/srv/etc", properties.get("felix.fileinstall.dir"));
        assertEquals(".*\\.(cfg|config)", properties.get("felix.fileinstall.filter"));
        assertEquals("true", properties.get("felix.fileinstall.noInitialDelay"));
        assertEquals("false", properties.get("felix.fileinstall.enableConfigSave"));
        assertEquals("/srv/etc", properties.get(Launcher.ETC_PROPERTY));
    }

    @Test
    void theHttpServersFileWinsOverTheFrameworkProperties() throws IOException {
        Path etc = Files.createTempDirectory(Files.createDirectories(Path.of("target")).toAbsolutePath(), "etc");
        Map<String, String> framework = Map.of(Launcher.HTTP_PORT, "9464", Launcher.HTTP_HOST, "127.0.0.1", "other",
                "kept");
        assertEquals(framework, EtcFolder.http(etc, framework), "no file: nothing changes");
        Files.writeString(etc.resolve("org.apache.felix.http.cfg"), """
                org.osgi.service.http.port = 8080
                org.apache.felix.https.enable=true
                unrelated=ignored
                """);
        Map<String, String> effective = EtcFolder.http(etc, framework);
        assertEquals("8080", effective.get(Launcher.HTTP_PORT));
        assertEquals("127.0.0.1", effective.get(Launcher.HTTP_HOST));
        assertEquals("true", effective.get("org.apache.felix.https.enable"));
        assertEquals("kept", effective.get("other"));
        assertEquals(null, effective.get("unrelated"));
    }

    @Test
    void theRestServersFileWinsOverTheLaunchersSettings() throws IOException {
        Path etc = Files.createTempDirectory(Files.createDirectories(Path.of("target")).toAbsolutePath(), "etc");
        Map<String, String> framework = Map.of(Launcher.HTTP_PORT, "9464", Tls.KEYSTORE, "/env.p12", "other", "kept");
        assertEquals(framework, EtcFolder.rest(etc, framework), "no file: nothing changes");
        Files.writeString(etc.resolve("org.infiniscope.rest.cfg"), """
                port = 9443
                tls.keystore=/etc/infiniscope/server.p12
                tls.password.file=/etc/infiniscope/server.pass
                tokens.file=/var/lib/infiniscope/tokens
                login.failures=
                unrelated=ignored
                """);
        Map<String, String> effective = EtcFolder.rest(etc, framework);
        assertEquals("9443", effective.get(Launcher.HTTP_PORT));
        assertEquals("/etc/infiniscope/server.p12", effective.get(Tls.KEYSTORE));
        assertEquals("/etc/infiniscope/server.pass", effective.get(Tls.PASSWORD_FILE));
        assertEquals("/var/lib/infiniscope/tokens", effective.get("infiniscope.rest.tokens"));
        assertEquals(null, effective.get("infiniscope.rest.login.failures"), "an empty key gives nothing");
        assertEquals("kept", effective.get("other"));
        assertEquals(null, effective.get("unrelated"));
    }

    @Test
    void theAnnouncementNamesWhereTheServerServes() {
        assertEquals(java.util.List.of("http://127.0.0.1:9464"),
                EtcFolder.urls(Map.of(Launcher.HTTP_PORT, "9464", Launcher.HTTP_HOST, "127.0.0.1")));
        assertEquals(java.util.List.of("https://0.0.0.0:9443"),
                EtcFolder.urls(Map.of(Launcher.HTTP_PORT, "9464", Launcher.HTTP_HOST, "0.0.0.0",
                        "org.apache.felix.http.enable", "false", "org.apache.felix.https.enable", "true",
                        "org.osgi.service.http.port.secure", "9443")));
    }
}
