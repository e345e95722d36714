package org.infiniscope.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md lists every configurable key of every bundle, with the default and description its
 * annotation gives: a key added to an {@code @ObjectClassDefinition} without refreshing the document fails here.
 */
class ConfigurationDocTest {

    private static final Path ROOT = Path.of(System.getProperty("infiniscope.root", "../.."));
    private static final Path DOC = ROOT.resolve("docs").resolve("configuration.md");

    @Test
    void theGeneratorReadsTheAnnotationsAsDeclarativeServicesNamesTheKeys() throws IOException {
        assertEquals("sm.priority", ConfigDoc.propertyName("sm_priority"));
        assertEquals("keep_going", ConfigDoc.propertyName("keep__going"));
        assertEquals("a-b", ConfigDoc.propertyName("a$_$b"));
        assertEquals("intervalSeconds", ConfigDoc.propertyName("intervalSeconds"));
        Map<String, ConfigDoc.Configuration> found = ConfigDoc.scan(ROOT);
        assertTrue(found.keySet().containsAll(List.of("org.infiniscope.audit", "org.infiniscope.sm",
                "org.infiniscope.perf", "org.infiniscope.perf.poller")), found.keySet().toString());
        ConfigDoc.Configuration audit = found.get("org.infiniscope.audit");
        assertEquals(
                new ConfigDoc.Key("maxBytes", "long", "10485760", "Size in bytes at which the file is rotated", false),
                audit.keys().get(1));
        assertTrue(
                found.get("org.infiniscope.sm").keys().stream().anyMatch(k -> k.name().equals("sm.key") && k.secret()));
    }

    @Test
    void everyConfigurableKeyIsInTheDocument() throws IOException {
        String document = Files.readString(DOC, StandardCharsets.UTF_8);
        String expected = ConfigDoc.render(ConfigDoc.scan(ROOT));
        String actual = ConfigDoc.generatedPart(document).orElse("");
        if (!expected.equals(actual)) {
            Path fresh = Path.of("target", "configuration.md");
            Files.createDirectories(fresh.getParent());
            Files.writeString(fresh, actual.isEmpty() ? expected : ConfigDoc.replaceGenerated(document, expected),
                    StandardCharsets.UTF_8);
            List<String> missing = new ArrayList<>();
            for (ConfigDoc.Configuration c : ConfigDoc.scan(ROOT).values()) {
                for (ConfigDoc.Key k : c.keys()) {
                    if (!actual.contains("### `" + c.pid() + "`")
                            || !section(actual, c.pid()).contains("| `" + k.name() + "` |")) {
                        missing.add(c.pid() + " " + k.name());
                    }
                }
            }
            fail("docs/configuration.md is not what the configuration annotations say (run docs/refresh-configuration.sh;"
                    + " the expected document is in " + fresh.toAbsolutePath() + "); keys missing from it: " + missing);
        }
    }

    private static String section(String generated, String pid) {
        int start = generated.indexOf("### `" + pid + "`");
        int next = generated.indexOf("\n### ", start + 1);
        return generated.substring(start, next < 0 ? generated.length() : next);
    }
}
