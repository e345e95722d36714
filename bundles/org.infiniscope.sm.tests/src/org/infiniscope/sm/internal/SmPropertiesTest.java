package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The SM's configuration keys: Declarative Services' dotted names and OpenSM's option names alike. */
class SmPropertiesTest {

    @Test
    void openSmNamesAndDottedNamesGiveTheSameSettings() {
        Map<String, Object> openSm = Map.of("sm_priority", "14", "sweep_interval", "5", "routing_engine", "updn,minhop",
                "lmc", "2", "sminfo_polling_timeout", "250", "allow_both_pkeys", "TRUE", "service.pid",
                "org.infiniscope.sm", "felix.fileinstall.filename", "file:/etc/infiniscope/org.infiniscope.sm.cfg");
        Map<String, Object> dotted = Map.of("sm.priority", 14, "sweep.interval", "5", "routing.engine", "updn,minhop",
                "lmc", 2, "sminfo.polling.timeout", "250", "allow.both.pkeys", true);
        SmConfig a = SmProperties.config(openSm);
        SmConfig b = SmProperties.config(dotted);
        for (SmConfig c : List.of(a, b)) {
            assertEquals(14, c.sm_priority());
            assertEquals(5, c.sweep_interval());
            assertEquals("updn,minhop", c.routing_engine());
            assertEquals(2, c.lmc());
            assertTrue(c.allow_both_pkeys());
            assertEquals("auto", c.enabled(), "a key not given has its default");
            assertEquals(120, c.routing_time_limit());
        }
        Path g = Path.of("guid2lid");
        SmSettings s = Settings.of(a, g);
        assertEquals(s, Settings.of(b, g));
        assertEquals(List.of("updn", "minhop"), s.routing());
        assertEquals(Duration.ofSeconds(5), s.sweepInterval());
        assertEquals(Duration.ofMillis(250), s.pollInterval());
        assertFalse(a.toString().contains("14"), "the text names keys, not values: " + a);
    }

    @Test
    void anUnknownKeyIsRefusedWithTheNearestKnownOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SmProperties.config(Map.of("sm_priorty", "3", "sweep.interval", "5")));
        assertTrue(e.getMessage().contains("unknown key 'sm_priorty' (did you mean sm_priority?)"), e.getMessage());
        assertTrue(e.getMessage().contains("routing.engine"), "the message lists the keys: " + e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> SmProperties.config(Map.of("routing.engin", "updn", "max_op_vls", "8")));
        assertTrue(e.getMessage().contains("unknown keys 'max_op_vls', 'routing.engin' (did you mean routing.engine?)"),
                e.getMessage());
    }

    @Test
    void aKeyGivenBothWaysMustAgreeAndValuesMustBeOfTheKeysType() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SmProperties.config(Map.of("sm_priority", "3", "sm.priority", "4")));
        assertTrue(e.getMessage().contains("sm.priority and sm_priority are the same key with two values"),
                e.getMessage());
        assertEquals(3, SmProperties.config(Map.of("sm_priority", "3", "sm.priority", 3)).sm_priority());
        e = assertThrows(IllegalArgumentException.class, () -> SmProperties.config(Map.of("sweep_interval", "ten")));
        assertTrue(e.getMessage().contains("sweep_interval 'ten' is not a whole number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SmProperties.config(Map.of("qos", "yes")));
        assertTrue(e.getMessage().contains("qos 'yes' is not true or false"), e.getMessage());
    }

    @Test
    void everyElementHasBothNames() {
        List<String> keys = SmProperties.keys();
        assertTrue(keys.containsAll(List.of("sm.priority", "sweep.interval", "routing.engine", "lmc", "m.key")),
                keys.toString());
        for (String key : keys) {
            String openSm = key.replace('.', '_');
            assertEquals(SmProperties.config(Map.of()).toString(), "SmConfig[]");
            assertTrue(SmProperties.config(Map.of(openSm, key.equals("enabled") ? "auto" : defaultText(key))).toString()
                    .contains(key), key);
        }
        assertTrue(SubnetManagerService.LIVE.stream().allMatch(keys::contains), SubnetManagerService.LIVE.toString());
    }

    /** docs/configuration.md says which keys a running SM takes without a restart: those it does. */
    @Test
    void theDocumentNamesTheKeysTakenWithoutARestart() throws java.io.IOException {
        Path doc = Path.of(System.getProperty("infiniscope.root", "../..")).resolve("docs").resolve("configuration.md");
        List<String> live = java.nio.file.Files.readAllLines(doc).stream()
                .filter(l -> l.startsWith("| `") && l.contains("without a restart"))
                .map(l -> l.substring(3, l.indexOf('`', 3))).toList();
        assertEquals(SubnetManagerService.LIVE, live, "the keys " + doc + " says a running SM takes without a restart");
        for (String key : live) {
            assertTrue(
                    java.nio.file.Files.readString(doc).contains("| `" + key + "` (`" + key.replace('.', '_') + "`) |"),
                    key + " with its OpenSM name");
        }
    }

    private static String defaultText(String key) {
        return switch (key) {
            case "allow.both.pkeys", "qos" -> "false";
            case "keep.pkey.indexes" -> "true";
            case "sm.priority", "m.key.lease.period", "lmc", "sweep.interval", "polling.retry.number",
                    "transaction.retries", "m.key.protection.level", "routing.time.limit" ->
                "1";
            case "sminfo.polling.timeout", "max.wire.smps", "transaction.timeout" -> "16";
            default -> "x";
        };
    }
}
