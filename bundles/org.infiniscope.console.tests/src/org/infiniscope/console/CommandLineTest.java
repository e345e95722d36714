package org.infiniscope.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void blanksSeparateWords() throws UsageException {
        assertEquals(List.of("perfquery", "-x", "2", "1"), CommandLine.parse("  perfquery\t-x 2   1 "));
        assertEquals(List.of(), CommandLine.parse("   "));
    }

    @Test
    void quotesKeepBlanksAndEmptyWords() throws UsageException {
        assertEquals(List.of("smpquery", "nd", "switch one", ""), CommandLine.parse("smpquery nd \"switch one\" ''"));
        assertEquals(List.of("a\"b", "c d"), CommandLine.parse("'a\"b' c\\ d"));
        assertEquals(List.of("x\\y"), CommandLine.parse("'x\\y'"));
        assertEquals(List.of("ab"), CommandLine.parse("a\"\"b"));
    }

    @Test
    void unbalancedInputIsAUsageErrorThatSaysWhat() {
        assertEquals("the double quote is not closed",
                assertThrows(UsageException.class, () -> CommandLine.parse("trace \"h1")).getMessage());
        assertEquals("the single quote is not closed",
                assertThrows(UsageException.class, () -> CommandLine.parse("'")).getMessage());
        assertThrows(UsageException.class, () -> CommandLine.parse("route 1 \\"));
    }
}
