package org.infiniscope.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import org.infiniscope.console.audit.AuditLog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The audit file: one JSON line per action, no secret in it, readable by its owner alone, rotated by size. */
class AuditLogImplTest {

    private Path dir;

    @BeforeEach
    void folder() throws IOException {
        Path base = Path.of("target", "audit-tests");
        Files.createDirectories(base);
        dir = Files.createTempDirectory(base.toAbsolutePath(), "audit");
    }

    private static AuditLogImpl.Config config(String file, long maxBytes, int keep) {
        return new AuditLogImpl.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return AuditLogImpl.Config.class;
            }

            @Override
            public String file() {
                return file;
            }

            @Override
            public long maxBytes() {
                return maxBytes;
            }

            @Override
            public int keep() {
                return keep;
            }
        };
    }

    private AuditLogImpl log(String file, long maxBytes, int keep) {
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T22:30:00Z"), ZoneOffset.UTC);
        return new AuditLogImpl(AuditLogImpl.defaultFile(dir.toString()), clock, config(file, maxBytes, keep));
    }

    @Test
    void recordsOneJsonLinePerActionInTheStateFolder() throws IOException {
        AuditLogImpl log = log("", 1 << 20, 5);
        assertEquals(dir.resolve("audit").resolve("audit.log"), log.file());
        log.record("alice", AuditLog.Source.CLI, "portstate disable", "portstate 4 1 disable", AuditLog.OK);
        log.record("bob", AuditLog.Source.GUI, "perfquery reset", "perfquery -R 4 1", "exit 1: no answer");
        List<String> lines = Files.readAllLines(log.file());
        assertEquals(List.of(
                "{\"time\":\"2026-11-29T22:30:00Z\",\"user\":\"alice\",\"source\":\"CLI\",\"action\":\"portstate disable\","
                        + "\"target\":\"portstate 4 1 disable\",\"result\":\"ok\"}",
                "{\"time\":\"2026-11-29T22:30:00Z\",\"user\":\"bob\",\"source\":\"GUI\",\"action\":\"perfquery reset\","
                        + "\"target\":\"perfquery -R 4 1\",\"result\":\"exit 1: no answer\"}"),
                lines);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log.file())));
    }

    @Test
    void neverWritesAnMKeyOrAToken() throws IOException {
        AuditLogImpl log = log("", 1 << 20, 5);
        log.record("alice", AuditLog.Source.CLI, "portstate disable", "portstate -y 0x8000000000001234 4 1 disable",
                "exit 1: wrong m_key=0x8000000000001234");
        log.record("token:ops", AuditLog.Source.REST, "POST /api/sm/keys", "{\"sm_key\":\"0xfeedface\"}",
                "Authorization Bearer abcdef123 refused");
        String text = Files.readString(log.file());
        assertFalse(text.contains("8000000000001234"), text);
        assertFalse(text.contains("feedface"), text);
        assertFalse(text.contains("abcdef123"), text);
        assertTrue(text.contains("portstate -y **** 4 1 disable"), text);
    }

    @Test
    void rotatesBySizeAndKeepsTheConfiguredNumberOfFiles() throws IOException {
        AuditLogImpl log = log("", 1024, 2);
        for (int i = 0; i < 40; i++) {
            log.record("alice", AuditLog.Source.CLI, "portstate reset", "portstate 4 " + i + " reset", AuditLog.OK);
        }
        Path file = log.file();
        assertTrue(Files.size(file) <= 1024, "current file " + Files.size(file));
        assertTrue(Files.exists(AuditLogImpl.rotated(file, 1)));
        assertTrue(Files.exists(AuditLogImpl.rotated(file, 2)));
        assertFalse(Files.exists(AuditLogImpl.rotated(file, 3)));
        List<String> last = Files.readAllLines(file);
        assertTrue(last.getLast().contains("portstate 4 39 reset"), last.getLast());
    }

    @Test
    void aChangedConfigurationTakesTheNextRecordElsewhere() throws IOException {
        AuditLogImpl log = log("", 1 << 20, 5);
        Path other = dir.resolve("elsewhere").resolve("ops-audit.jsonl");
        log.modified(config(other.toString(), 1 << 20, 5));
        log.record("alice", AuditLog.Source.GOGO, "sm run", "sm --once", AuditLog.OK);
        assertEquals(1, Files.readAllLines(other).size());
        assertFalse(Files.exists(AuditLogImpl.defaultFile(dir.toString())));
    }
}
