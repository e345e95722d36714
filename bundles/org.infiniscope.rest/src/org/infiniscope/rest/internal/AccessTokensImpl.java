package org.infiniscope.rest.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.rest.AccessTokens;
import org.infiniscope.rest.IssuedToken;
import org.infiniscope.rest.Role;
import org.infiniscope.rest.TokenInfo;
import org.infiniscope.rest.TokenStoreException;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * The token store on its file. A token is {@code isc_ID_SECRET}: the ID finds its line, the secret is checked against
 * the line's PBKDF2 hash. A token once verified is remembered by its SHA-256 until the file changes, so that a client
 * pays the key derivation once, not on every request. The file is where {@value #FILE_PROPERTY} says, else
 * {@code rest/tokens} in the runtime's state folder ({@code infiniscope.state}); {@code tokens.file} of
 * {@link RestSettings}' PID moves it while the runtime runs. The file is re-read when it changes.
 */
@Component(service = {AccessTokens.class, AccessTokensImpl.class})
public final class AccessTokensImpl implements AccessTokens {

    /** Framework property: the token file. */
    static final String FILE_PROPERTY = "infiniscope.rest.tokens";
    private static final String PREFIX = "isc_";
    private static final long RECHECK_NANOS = 500_000_000L;
    private static final SecureRandom RANDOM = new SecureRandom();

    private volatile TokenFile file;
    private final Map<String, byte[]> verified = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot = new Snapshot(null, Map.of(), 0);

    /** What was read from the file, and the attributes it had then. */
    private record Snapshot(Object stamp, Map<String, TokenFile.Entry> entries, long checkedNanos) {
    }

    @Activate
    public AccessTokensImpl(BundleContext context) {
        this(location(context::getProperty));
    }

    AccessTokensImpl(Path path) {
        this.file = new TokenFile(path);
    }

    /** @return where the token file is, given the framework's properties */
    static Path location(java.util.function.Function<String, String> properties) {
        String explicit = properties.apply(FILE_PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit.strip());
        }
        String state = properties.apply("infiniscope.state");
        Path base = state == null || state.isBlank()
                ? Path.of(System.getProperty("user.home"), ".infiniscope")
                : Path.of(state);
        return base.resolve("rest").resolve("tokens");
    }

    Path path() {
        return file.path();
    }

    /**
     * Moves the store to another file (the configuration's {@code tokens.file}): read at the next request; what was
     * verified against the old file is forgotten.
     */
    synchronized void relocate(Path path) {
        file = new TokenFile(path);
        verified.clear();
        snapshot = new Snapshot(null, Map.of(), 0);
    }

    @Override
    public IssuedToken add(Role role, String label) throws TokenStoreException {
        Objects.requireNonNull(role, "role");
        byte[] idBytes = new byte[6];
        byte[] secretBytes = new byte[32];
        RANDOM.nextBytes(idBytes);
        RANDOM.nextBytes(secretBytes);
        String id = HexFormat.of().formatHex(idBytes);
        String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(secretBytes);
        TokenInfo info = new TokenInfo(id, role, label == null ? "" : label.strip(),
                Instant.ofEpochSecond(Instant.now().getEpochSecond()));
        TokenFile.Entry entry = new TokenFile.Entry(info, TokenHash.of(secret));
        update(entries -> entries.add(entry));
        return new IssuedToken(info, PREFIX + id + "_" + secret);
    }

    @Override
    public boolean revoke(String id) throws TokenStoreException {
        boolean[] found = {false};
        update(entries -> found[0] = entries.removeIf(e -> e.info().id().equals(id)));
        return found[0];
    }

    @Override
    public List<TokenInfo> list() throws TokenStoreException {
        return current().values().stream().map(TokenFile.Entry::info).toList();
    }

    @Override
    public Optional<TokenInfo> authenticate(String token) throws TokenStoreException {
        Map<String, TokenFile.Entry> entries = current();
        if (token == null || !token.startsWith(PREFIX)) {
            return Optional.empty();
        }
        int split = token.indexOf('_', PREFIX.length());
        if (split < 0) {
            return Optional.empty();
        }
        String id = token.substring(PREFIX.length(), split);
        TokenFile.Entry entry = entries.get(id);
        if (entry == null) {
            return Optional.empty();
        }
        byte[] digest = TokenHash.sha256(token);
        byte[] known = verified.get(id);
        if (known != null && MessageDigest.isEqual(known, digest)) {
            return Optional.of(entry.info());
        }
        if (!entry.hash().matches(token.substring(split + 1))) {
            return Optional.empty();
        }
        verified.put(id, digest);
        return Optional.of(entry.info());
    }

    /**
     * @return the token's description when it was verified before and is still in the file, without deriving its
     *         hash again: what an address blocked for failed logins may still use
     */
    Optional<TokenInfo> remembered(String token) throws TokenStoreException {
        Map<String, TokenFile.Entry> entries = current();
        if (token == null || !token.startsWith(PREFIX) || token.indexOf('_', PREFIX.length()) < 0) {
            return Optional.empty();
        }
        String id = token.substring(PREFIX.length(), token.indexOf('_', PREFIX.length()));
        byte[] known = verified.get(id);
        TokenFile.Entry entry = entries.get(id);
        if (entry == null || known == null || !MessageDigest.isEqual(known, TokenHash.sha256(token))) {
            return Optional.empty();
        }
        return Optional.of(entry.info());
    }

    /** @return the file's tokens by ID, read again when the file changed (checked at most twice a second) */
    private Map<String, TokenFile.Entry> current() throws TokenStoreException {
        Snapshot s = snapshot;
        long now = System.nanoTime();
        if (s.stamp() != null && now - s.checkedNanos() < RECHECK_NANOS) {
            return s.entries();
        }
        synchronized (this) {
            s = snapshot;
            if (s.stamp() != null && now - s.checkedNanos() < RECHECK_NANOS) {
                return s.entries();
            }
            Object stamp = stamp();
            if (!stamp.equals(s.stamp())) {
                Map<String, TokenFile.Entry> byId = new LinkedHashMap<>();
                for (TokenFile.Entry e : file.read()) {
                    byId.put(e.info().id(), e);
                }
                // a token verified against a line still there, unchanged, stays verified; revoked or changed ones not
                Map<String, TokenFile.Entry> before = s.entries();
                verified.keySet().removeIf(id -> !byId.containsKey(id) || !before.containsKey(id)
                        || !byId.get(id).hash().format().equals(before.get(id).hash().format()));
                snapshot = new Snapshot(stamp, Map.copyOf(byId), now);
                return byId;
            }
            // unchanged: still checks the rights, which a chmod changes without touching the content
            file.checkPrivate();
            snapshot = new Snapshot(stamp, s.entries(), now);
            return s.entries();
        }
    }

    private Object stamp() throws TokenStoreException {
        try {
            if (!Files.exists(file.path())) {
                return "missing";
            }
            BasicFileAttributes a = Files.readAttributes(file.path(), BasicFileAttributes.class);
            return List.of(String.valueOf(a.fileKey()), a.lastModifiedTime().toMillis(), a.size());
        } catch (IOException e) {
            throw new TokenStoreException("cannot read the token file " + file.path() + ": " + e.getMessage(), e);
        }
    }

    private interface Change {
        void apply(List<TokenFile.Entry> entries);
    }

    /** Reads, changes and writes the file under a lock that other processes (the token command) respect. */
    private synchronized void update(Change change) throws TokenStoreException {
        Path lock = file.path().resolveSibling(file.path().getFileName() + ".lock");
        try {
            Path dir = lock.getParent();
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(TokenFile.PRIVATE_DIR));
            }
            if (!Files.exists(lock)) {
                try {
                    Files.createFile(lock, PosixFilePermissions.asFileAttribute(TokenFile.PRIVATE_FILE));
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    // made by another process meanwhile
                }
            }
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE);
                    FileLock held = channel.lock()) {
                List<TokenFile.Entry> entries = new ArrayList<>(file.read());
                change.apply(entries);
                file.write(entries);
            }
        } catch (IOException e) {
            throw new TokenStoreException("cannot lock the token file " + file.path() + ": " + e.getMessage(), e);
        }
        snapshot = new Snapshot(null, snapshot.entries(), 0); // read again at the next use, keeping what was verified
    }
}
