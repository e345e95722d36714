package org.infiniscope.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MalformedNetFileTest {

    private static final String SWITCH = "Switch 36 \"S1\"\n";
    private static final String HCA = "\nHca 1 \"H1\"\n[1] \"S1\"[1]\n";

    /** Each case: the text (| for a newline), the line at fault, the reason. */
    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '`', value = {
            "Switch 36 \"S1\"|[37] \"H1\"[1]; 2; port 37 of \"S1\" is beyond its 36 ports",
            "Switch 0 \"S1\"; 1; port count 0 is outside 1..254",
            "Switch 300 \"S1\"; 1; port count 300 is outside 1..254", "Switch 36 S1; 1; expected a quoted node name",
            "Switch 36 \"S1; 1; the node name has no closing quote", "Switch x \"S1\"; 1; expected a port count",
            "Swich 36 \"S1\"; 1; unrecognised line \"Swich 36 \"S1\"\"",
            "Switch 36 \"S1\"|[1] \"H1\"[1]||Hca 1 \"H1\"|[1] \"S1\"[2]; 2; port 1 of \"H1\" is not cabled back to port 1 of \"S1\" (its line says \"S1\"[2])",
            "Switch 36 \"S1\"|[1] \"H9\"[1]; 2; no node named \"H9\"",
            "Switch 36 \"S1\"|[1] \"H1\"[1]|[1] \"H1\"[1]; 3; port 1 of \"S1\" is already cabled at t.net:2",
            "Switch 36 \"S1\"||Switch 8 \"S1\"; 3; a node named \"S1\" is already defined at t.net:1",
            "Switch 36 \"S1\"|[0] \"H1\"[1]; 2; port 0 of \"S1\" cannot be cabled",
            "Switch 36 \"S1\"|[1 \"H1\"[1]; 2; expected \"]\" after port 1",
            "Switch 36 \"S1\"|[1] \"H1\"[1] w=40; 2; w=40 is outside 1..31",
            "Switch 36 \"S1\"|[1] \"H1\"[1] q=1; 2; unknown port option \"q=1\" (w=, s=, e=)",
            "Switch 36 \"S1\"|[1] \"H1\"[1] junk; 2; unexpected \"junk\" on a port line",
            "Switch 36 \"S1\"|[1] \"S1\"[1]; 2; port 1 of \"S1\" is cabled to itself",
            "width=0; 1; width=0 is outside 1..31", "speed=fast; 1; speed: \"fast\" is not a number",
            "caguid 0x100; 1; bad assignment: missing \"=\" or \"+\"",
            "caguid=0x1000|Ca 1 \"a\"|caguid=0x1000|Ca 1 \"b\"; 4; GUID 0x1000 of \"b\" is already \"a\"'s",
            "[1] \"S1\"[1]; 1; a port line outside a node record",
            "Switch 36 \"S#1\"; 1; node name \"S#1\": '#' and '@' are reserved",
            "Switch 36 \"S1\"|@1 \"alias\"; 2; port aliases (@) are not supported",
            "include \"other.net\"; 1; cannot include \"other.net\": the text has no folder",
            "do; 1; \"do\" without a console command"})
    void malformedTextNamesFileLineAndReason(String text, int line, String reason) {
        TopologyFormatException e = assertThrows(TopologyFormatException.class,
                () -> NetFiles.parse("t.net", text.replace('|', '\n'), null));
        assertEquals("t.net", e.file());
        assertEquals(reason, e.reason());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals("t.net:" + line + ": " + reason, e.getMessage());
    }

    @Test
    void theBriefsExample() {
        TopologyFormatException e = assertThrows(TopologyFormatException.class,
                () -> NetFiles.parse("ft.net", SWITCH + "[37] \"H1\"[1]\n" + HCA, null));
        assertEquals("ft.net:2: port 37 of \"S1\" is beyond its 36 ports", e.getMessage());
    }

    @Test
    void includeCycleAndMissingIncludeNameTheIncludingLine() throws Exception {
        Path dir = Fabrics.copy("cycle", "includes/cycle-a.net", "includes/cycle-b.net");
        TopologyFormatException e = assertThrows(TopologyFormatException.class,
                () -> NetFiles.read(dir.resolve("includes/cycle-a.net")));
        assertEquals("include cycle: cycle-a.net -> cycle-b.net -> cycle-a.net", e.reason());
        assertEquals(2, e.line());
        assertEquals(dir.resolve("includes/cycle-b.net").toAbsolutePath().toString(), e.file());
        TopologyFormatException missing = assertThrows(TopologyFormatException.class,
                () -> NetFiles.parse("m.net", "Switch 2 \"a\"\n\ninclude nowhere.net\n", dir));
        assertEquals(3, missing.line());
        assertEquals("cannot read included file " + dir.resolve("nowhere.net") + ": NoSuchFileException",
                missing.reason());
    }
}
