package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.sm.partition.PartitionsException;
import org.infiniscope.sm.partition.PkeyOptions;
import org.infiniscope.sm.partition.PkeyOptions.Enforcement;
import org.junit.jupiter.api.Test;

/** The partition, QoS and routing time options, from the sm tool's command line and from an opensm.conf. */
class PolicyConfigTest {

    private static final Path CWD = Path.of("/work/x");

    @Test
    void defaultsAreOpenSmsWithTheFileSmPartitionsEdits() throws Exception {
        List<String> args = new ArrayList<>(List.of("--fabric", "sim", "--once"));
        PolicySettings p = PolicyConfig.fromArgs(args, CWD);
        assertEquals(List.of("--fabric", "sim", "--once"), args, "other options are left for SmToolArgs");
        assertEquals(CWD.resolve(".infiniscope/sm/partitions.conf"), p.partitions());
        assertEquals(PkeyOptions.DEFAULTS, p.pkeys());
        assertEquals(false, p.qos().enabled());
        assertEquals(PolicySettings.DEFAULT_ROUTING_TIME_LIMIT, p.routingTimeLimit());
    }

    @Test
    void takesOpenSmsOptionNames() throws Exception {
        List<String> args = new ArrayList<>(List.of("--partitions", "p.conf", "--allow_both_pkeys",
                "--keep_pkey_indexes=FALSE", "--part_enforce", "in", "--qos", "--routing-time-limit", "2.5", "--once"));
        PolicySettings p = PolicyConfig.fromArgs(args, CWD);
        assertEquals(List.of("--once"), args);
        assertEquals(CWD.resolve("p.conf"), p.partitions());
        assertEquals(new PkeyOptions(true, false, Enforcement.IN), p.pkeys());
        assertTrue(p.qos().enabled());
        assertEquals(Duration.ofMillis(2500), p.routingTimeLimit());
        assertThrows(UsageException.class,
                () -> PolicyConfig.fromArgs(new ArrayList<>(List.of("--part_enforce", "sometimes")), CWD));
        assertThrows(UsageException.class,
                () -> PolicyConfig.fromArgs(new ArrayList<>(List.of("--keep_pkey_indexes")), CWD));
    }

    @Test
    void readsAnOpenSmConfAndTheCommandLineWins() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "sm-tests"));
        Path conf = Files.createTempFile(dir, "opensm", ".conf");
        Files.writeString(conf, """
                # an opensm.conf
                sm_priority 3
                qos TRUE
                qos_max_vls 4
                qos_sl2vl 0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3
                partition_config_file parts.conf
                part_enforce out
                keep_pkey_indexes FALSE
                routing_time_limit 7
                """);
        List<String> args = new ArrayList<>(
                List.of("--config", conf.toAbsolutePath().toString(), "--part_enforce", "off"));
        PolicySettings p = PolicyConfig.fromArgs(args, CWD);
        assertTrue(p.qos().enabled());
        assertEquals(CWD.resolve("parts.conf"), p.partitions());
        assertEquals(new PkeyOptions(false, false, Enforcement.OFF), p.pkeys());
        assertEquals(Duration.ofSeconds(7), p.routingTimeLimit());
        PartitionsException e = assertThrows(PartitionsException.class,
                () -> PolicyConfig.read("qos TRUE\npart_enforce never\n", "bad.conf", CWD));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("bad.conf:2:"), e.getMessage());
    }
}
