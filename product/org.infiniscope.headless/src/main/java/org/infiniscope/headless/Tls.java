package org.infiniscope.headless;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;

/**
 * TLS for the runtime's HTTP server (the REST API and /metrics): given a PKCS12 keystore
 * ({@value #KEYSTORE}) and a file holding its password ({@value #PASSWORD_FILE}, readable by the runtime's user
 * alone, so the password is on no command line), the server answers HTTPS only, on the HTTP port. Felix HTTP's own
 * {@code org.apache.felix.https.*} properties are set from them.
 */
final class Tls {

    /** Framework property: the PKCS12 keystore holding the server's key and certificate chain. */
    static final String KEYSTORE = "infiniscope.tls.keystore";
    /** Framework property: a file whose first line is the keystore's (and key's) password. */
    static final String PASSWORD_FILE = "infiniscope.tls.password.file";

    private Tls() {
    }

    /** @return whether TLS is configured; the configuration is changed for it */
    static boolean apply(Map<String, String> config) throws IOException {
        String keystore = config.get(KEYSTORE);
        if (keystore == null || keystore.isBlank()) {
            return false;
        }
        Path store = Path.of(keystore.strip()).toAbsolutePath();
        if (!Files.isReadable(store)) {
            throw new IOException("the TLS keystore " + store + " (" + KEYSTORE + ") cannot be read");
        }
        String file = config.get(PASSWORD_FILE);
        if (file == null || file.isBlank()) {
            throw new IOException(KEYSTORE + " needs " + PASSWORD_FILE + ": a file holding the keystore's password");
        }
        Path passwordFile = Path.of(file.strip()).toAbsolutePath();
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(passwordFile, LinkOption.NOFOLLOW_LINKS);
        if (perms.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
            throw new IOException("the TLS password file " + passwordFile
                    + " grants others access: refusing it; make it private with chmod 600");
        }
        String password = Files.readString(passwordFile, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
        config.put("org.apache.felix.https.enable", "true");
        config.put("org.apache.felix.http.enable", "false");
        config.put("org.osgi.service.http.port.secure", config.get(Launcher.HTTP_PORT));
        config.put("org.apache.felix.https.keystore", store.toString());
        config.put("org.apache.felix.https.keystore.type", "PKCS12");
        config.put("org.apache.felix.https.keystore.password", password);
        config.put("org.apache.felix.https.keystore.key.password", password);
        return true;
    }
}
