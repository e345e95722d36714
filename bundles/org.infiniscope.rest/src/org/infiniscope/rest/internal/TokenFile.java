package org.infiniscope.rest.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.infiniscope.rest.Role;
import org.infiniscope.rest.TokenInfo;
import org.infiniscope.rest.TokenStoreException;

/**
 * The token file: one line a token, {@code ID ROLE pbkdf2-sha256:ITERATIONS:SALT:HASH CREATED LABEL}, tab-separated,
 * with {@code #} comments. It must belong to the runtime's user and grant nobody else any right; its folder is made
 * private too. Writes go to a private temporary file that replaces the old one atomically, so a reader never sees
 * half a file.
 */
final class TokenFile {

    /** One line of the file. */
    record Entry(TokenInfo info, TokenHash hash) {
    }

    static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> PRIVATE_DIR = PosixFilePermissions.fromString("rwx------");

    private static final String HEADER = "# Infiniscope REST API tokens: ID ROLE HASH CREATED LABEL (tab-separated).\n"
            + "# Written by `infiniscope token`; readable by the runtime's user alone. Secrets are not stored.\n";

    private final Path path;

    TokenFile(Path path) {
        this.path = path.toAbsolutePath();
    }

    Path path() {
        return path;
    }

    /**
     * Checks that the file is private: owned by this process's user, no group or other rights.
     *
     * @return whether it exists
     */
    boolean checkPrivate() throws TokenStoreException {
        try {
            if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            if (Files.isSymbolicLink(path)) {
                throw new TokenStoreException("the token file " + path + " is a symbolic link: refusing it");
            }
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
            Set<PosixFilePermission> extra = new java.util.HashSet<>(perms);
            extra.removeAll(PRIVATE_FILE);
            if (!extra.isEmpty()) {
                throw new TokenStoreException("the token file " + path + " grants others access ("
                        + PosixFilePermissions.toString(perms) + "): refusing it; make it private with chmod 600");
            }
            String owner = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
            String user = System.getProperty("user.name");
            if (!owner.equals(user)) {
                throw new TokenStoreException(
                        "the token file " + path + " belongs to " + owner + ", not to the runtime's user " + user);
            }
            return true;
        } catch (UnsupportedOperationException e) {
            throw new TokenStoreException("cannot check who may read " + path + " (no POSIX permissions)", e);
        } catch (IOException e) {
            throw new TokenStoreException("cannot check the token file " + path + ": " + e.getMessage(), e);
        }
    }

    /** @return the file's entries, none when it does not exist */
    List<Entry> read() throws TokenStoreException {
        if (!checkPrivate()) {
            return List.of();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new TokenStoreException("cannot read the token file " + path + ": " + e.getMessage(), e);
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", 5);
            try {
                if (f.length < 4) {
                    throw new IllegalArgumentException("expected ID ROLE HASH CREATED [LABEL]");
                }
                TokenInfo info = new TokenInfo(f[0], Role.of(f[1]), f.length > 4 ? f[4] : "",
                        Instant.ofEpochSecond(Long.parseLong(f[3])));
                entries.add(new Entry(info, TokenHash.parse(f[2])));
            } catch (IllegalArgumentException e) {
                // the message names the field, never the line (it holds a hash)
                throw new TokenStoreException(path + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(entries);
    }

    /** Replaces the file's content, atomically, with a private file. */
    void write(List<Entry> entries) throws TokenStoreException {
        StringBuilder text = new StringBuilder(HEADER);
        for (Entry e : entries) {
            text.append(e.info().id()).append('\t').append(e.info().role().id()).append('\t').append(e.hash().format())
                    .append('\t').append(e.info().created().getEpochSecond()).append('\t')
                    .append(e.info().label().replaceAll("[\\t\\r\\n]", " ")).append('\n');
        }
        try {
            Path dir = path.getParent();
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PRIVATE_DIR));
            }
            Path tmp = Files.createTempFile(dir, ".tokens", ".tmp", PosixFilePermissions.asFileAttribute(PRIVATE_FILE));
            try {
                Files.writeString(tmp, text, StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new TokenStoreException("cannot write the token file " + path + ": " + e.getMessage(), e);
        }
    }
}
