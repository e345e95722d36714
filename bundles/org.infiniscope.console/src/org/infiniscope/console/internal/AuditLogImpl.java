package org.infiniscope.console.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.console.audit.AuditLog;
import org.infiniscope.console.audit.Secrets;
import org.infiniscope.console.json.Json;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link AuditLog}: JSON lines appended to a file readable by the runtime's user alone, rotated by size
 * ({@code audit.log}, {@code audit.log.1} … {@code audit.log.N}, the oldest dropped).
 */
@Component(service = AuditLog.class, configurationPid = AuditLogImpl.PID)
@Designate(ocd = AuditLogImpl.Config.class)
public final class AuditLogImpl implements AuditLog {

    static final String PID = "org.infiniscope.audit";
    /** The framework property of the runtime's state folder (the launcher's {@code .infiniscope}). */
    static final String STATE_PROPERTY = "infiniscope.state";

    private static final Logger LOG = LoggerFactory.getLogger(AuditLogImpl.class);

    /** The audit log's settings. */
    @ObjectClassDefinition(name = "Infiniscope audit log", description = "Every operator action from the GUI, CLI, Gogo shell and REST API")
    public @interface Config {
        @AttributeDefinition(description = "The audit file; empty: audit/audit.log in the runtime's state folder")
        String file() default "";

        @AttributeDefinition(description = "Size in bytes at which the file is rotated")
        long maxBytes() default 10L * 1024 * 1024;

        @AttributeDefinition(description = "Rotated files kept besides the current one")
        int keep() default 5;
    }

    private final Path defaultFile;
    private final Clock clock;
    private volatile Settings settings;
    private boolean failureReported;

    private record Settings(Path file, long maxBytes, int keep) {
    }

    @Activate
    public AuditLogImpl(BundleContext context, Config config) {
        this(defaultFile(context.getProperty(STATE_PROPERTY)), Clock.systemUTC(), config);
    }

    AuditLogImpl(Path defaultFile, Clock clock, Config config) {
        this.defaultFile = defaultFile;
        this.clock = clock;
        modified(config);
    }

    /** Takes a changed configuration at once: the next record goes to the new file. */
    @Modified
    void modified(Config config) {
        Path file = config.file().isBlank() ? defaultFile : Path.of(config.file());
        settings = new Settings(file, Math.max(1024, config.maxBytes()), Math.max(0, config.keep()));
    }

    /** @return {@code audit/audit.log} in the state folder, or in {@code .infiniscope} of the working folder */
    static Path defaultFile(String state) {
        Path base = state != null && !state.isBlank()
                ? Path.of(state)
                : Path.of(System.getProperty("user.dir"), ".infiniscope");
        return base.resolve("audit").resolve("audit.log");
    }

    /** @return the file records go to now */
    Path file() {
        return settings.file();
    }

    @Override
    public void record(String who, Source source, String action, String target, String result) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("time", Instant.now(clock).toString());
        entry.put("user", String.valueOf(who));
        entry.put("source", String.valueOf(source));
        entry.put("action", Secrets.maskText(String.valueOf(action)));
        entry.put("target", Secrets.maskText(target == null ? "" : target));
        entry.put("result", Secrets.maskText(String.valueOf(result)));
        byte[] line = (Json.write(entry) + "\n").getBytes(StandardCharsets.UTF_8);
        Settings s = settings;
        synchronized (this) {
            try {
                rotateIfFull(s, line.length);
                append(s.file(), line);
                failureReported = false;
            } catch (IOException | RuntimeException e) {
                if (!failureReported) {
                    failureReported = true;
                    LOG.warn("Cannot write the audit log {}: {}", s.file(), e.toString());
                }
            }
        }
    }

    private static void append(Path file, byte[] line) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        if (!Files.exists(file)) {
            try {
                Files.createFile(file,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (FileAlreadyExistsException e) {
                // another runtime of the same state folder created it first
            } catch (UnsupportedOperationException e) {
                Files.createFile(file);
            }
        }
        Files.write(file, line, StandardOpenOption.APPEND, StandardOpenOption.SYNC);
    }

    private static void rotateIfFull(Settings s, int adding) throws IOException {
        Path file = s.file();
        if (!Files.exists(file) || Files.size(file) + adding <= s.maxBytes()) {
            return;
        }
        if (s.keep() == 0) {
            Files.delete(file);
            return;
        }
        Files.deleteIfExists(rotated(file, s.keep()));
        for (int i = s.keep() - 1; i >= 1; i--) {
            Path older = rotated(file, i);
            if (Files.exists(older)) {
                Files.move(older, rotated(file, i + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.move(file, rotated(file, 1), StandardCopyOption.REPLACE_EXISTING);
    }

    static Path rotated(Path file, int generation) {
        return file.resolveSibling(file.getFileName() + "." + generation);
    }
}
