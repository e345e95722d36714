package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.diag.internal.SaQueryArgs.Command;
import org.infiniscope.diag.internal.SaQueryArgs.NodePrint;
import org.infiniscope.diag.internal.SaQueryArgs.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** saquery's command line as infiniband-diags 44 reads it. */
class SaQueryArgsTest {

    private static SaQueryArgs parse(String... args) throws UsageException {
        return SaQueryArgs.parse(List.of(args));
    }

    @Test
    void withoutWordsItQueriesEveryNodeRecord() throws UsageException {
        SaQueryArgs args = parse();
        assertEquals(Command.QUERY, args.command());
        assertEquals(Type.NR, args.type());
        assertEquals(List.of(), args.arguments());
    }

    @ParameterizedTest
    @ValueSource(strings = {"PIR", "pir", "PortInfoRecord", "portinforecord"})
    void recordTypesByNameOrAliasInAnyCase(String word) throws UsageException {
        SaQueryArgs args = parse(word, "8/1");
        assertEquals(Type.PIR, args.type());
        assertEquals(List.of("8/1"), args.arguments());
    }

    @Test
    void aWordThatNamesNoTypeIsANodeRecordArgument() throws UsageException {
        SaQueryArgs args = parse("h00002");
        assertEquals(Type.NR, args.type());
        assertEquals("h00002", args.argument(0));
    }

    @Test
    void srcToDstIsAPathRecordQueryForAllPaths() throws UsageException {
        SaQueryArgs args = parse("--src-to-dst", "8:h00001");
        assertEquals(Type.PR, args.type());
        assertEquals("8", args.source());
        assertEquals("h00001", args.destination());
        assertEquals(0x7F, args.numbPath());
        SaQueryArgs words = parse("PR", "8", "3");
        assertEquals("8", words.source());
        assertEquals("3", words.destination());
        SaQueryArgs all = parse("-p");
        assertNull(all.source());
        assertEquals(-1, all.numbPath());
    }

    @Test
    void theNodeOptions() throws UsageException {
        assertEquals(NodePrint.ALL_DESC, parse("-D").nodePrint());
        assertEquals(NodePrint.UNIQUE_LID_ONLY, parse("-l", "h00001").nodePrint());
        assertEquals(Command.NODES, parse("-N").command());
        assertEquals(Command.ISSM, parse("-s").command());
        assertEquals(Command.MCMEMBERS, parse("-m", "0xc000").command());
        assertEquals(Type.LR, parse("-x", "2/1", "1").type());
    }

    @Test
    void mistakesAreUsageErrors() {
        assertThrows(UsageException.class, () -> parse("-L")); // no name
        assertThrows(UsageException.class, () -> parse("-O"));
        assertThrows(UsageException.class, () -> parse("--src-to-dst", "8"));
        assertThrows(UsageException.class, () -> parse("-Z"));
        assertThrows(UsageException.class, () -> parse("NR", "1", "2"));
        assertThrows(UsageException.class, () -> parse("PR", "8"));
        assertThrows(UsageException.class, () -> parse("SR", "x"));
        assertThrows(UsageException.class, () -> parse("VLAR"));
        assertThrows(UsageException.class, () -> parse("-t", "0"));
    }
}
