package org.infiniscope.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.infiniscope.rest.IssuedToken;
import org.infiniscope.rest.Role;
import org.infiniscope.rest.TokenStoreException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccessTokensTest {

    @TempDir
    Path dir;

    @Test
    void aTokenWorksUntilRevokedAndOnlyItsSaltedHashIsStoredInAPrivateFile() throws Exception {
        Path file = dir.resolve("rest/tokens");
        AccessTokensImpl store = new AccessTokensImpl(file);
        IssuedToken issued = store.add(Role.OPERATOR, "ci");
        assertTrue(issued.token().startsWith("isc_" + issued.info().id() + "_"), issued.info().id());
        assertFalse(issued.toString().contains(issued.token()), "toString must not show the secret");

        assertEquals(Role.OPERATOR, store.authenticate(issued.token()).orElseThrow().role());
        assertEquals(Role.OPERATOR, store.authenticate(issued.token()).orElseThrow().role(), "remembered");
        String secret = issued.token().substring(issued.token().indexOf('_', 4) + 1);
        String text = Files.readString(file);
        assertFalse(text.contains(secret), text);
        assertTrue(text.contains("pbkdf2-sha256:"), text);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));

        String wrong = issued.token().substring(0, issued.token().length() - 2) + "xx";
        assertTrue(store.authenticate(wrong).isEmpty(), "a wrong secret with a right ID");
        assertTrue(store.authenticate("isc_000000000000_" + secret).isEmpty(), "an unknown ID");
        assertTrue(store.authenticate("Bearer nonsense").isEmpty());

        // a token verified before is remembered across changes of the file that leave its line alone
        store.add(Role.VIEWER, "another");
        assertEquals(Role.OPERATOR, store.remembered(issued.token()).orElseThrow().role());

        // another process (the token command) revokes: this store sees it
        AccessTokensImpl other = new AccessTokensImpl(file);
        assertTrue(other.revoke(issued.info().id()));
        assertFalse(other.revoke(issued.info().id()));
        assertTrue(awaitRejected(store, issued.token()), "revoked in the file: refused within a second");
        assertTrue(store.remembered(issued.token()).isEmpty(), "and forgotten");
    }

    private static boolean awaitRejected(AccessTokensImpl store, String token) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (store.authenticate(token).isEmpty()) {
                return true;
            }
            Thread.onSpinWait();
        }
        return false;
    }

    @Test
    void aTokenFileOthersMayReadIsRefused() throws Exception {
        Path file = dir.resolve("tokens");
        AccessTokensImpl store = new AccessTokensImpl(file);
        IssuedToken issued = store.add(Role.VIEWER, "");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        AccessTokensImpl fresh = new AccessTokensImpl(file);
        TokenStoreException e = assertThrows(TokenStoreException.class, () -> fresh.authenticate(issued.token()));
        assertTrue(e.getMessage().contains("grants others access (rw-r--r--)"), e.getMessage());
        assertFalse(e.getMessage().contains(issued.token()));
        assertThrows(TokenStoreException.class, () -> fresh.add(Role.ADMIN, ""), "and never written to");
    }

    @Test
    void aMalformedLineNamesItsLineNotItsContent() throws Exception {
        Path file = dir.resolve("tokens");
        Files.writeString(file, "# comment\nabc\tviewer\tpbkdf2-sha256:xyz\t1\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        TokenStoreException e = assertThrows(TokenStoreException.class, () -> new AccessTokensImpl(file).list());
        assertTrue(e.getMessage().contains(" line 2: the hash field is not"), e.getMessage());
    }

    @Test
    void theFileIsInTheStateFolderUnlessConfigured() {
        assertEquals(Path.of("/s/rest/tokens"), AccessTokensImpl.location(Map.of("infiniscope.state", "/s")::get));
        assertEquals(Path.of("/t"),
                AccessTokensImpl.location(Map.of("infiniscope.state", "/s", "infiniscope.rest.tokens", "/t")::get));
    }

    @Test
    void rolesRankAndTheScrapeTokenReadsMetricsOnly() {
        assertTrue(Role.ADMIN.allows(Role.OPERATOR));
        assertTrue(Role.OPERATOR.allows(Role.VIEWER));
        assertFalse(Role.VIEWER.allows(Role.OPERATOR));
        assertFalse(Role.SCRAPE.allows(Role.VIEWER));
        assertTrue(Role.SCRAPE.allows(Role.SCRAPE));
        assertTrue(Role.VIEWER.allows(Role.SCRAPE));
        assertThrows(IllegalArgumentException.class, () -> Role.of("root"));
    }
}
