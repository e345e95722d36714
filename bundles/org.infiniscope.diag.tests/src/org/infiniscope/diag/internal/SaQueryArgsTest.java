package org.infiniscope.diag.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.Gid;
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
        assertThrows(UsageException.class, () -> parse("--sgid-to-dgid", "fe80::1"));
        assertThrows(UsageException.class, () -> parse("--mgid", "not-a-gid"));
        assertThrows(UsageException.class, () -> parse("--mgid", "localhost"), "a literal only, never a host name");
        assertThrows(UsageException.class, () -> parse("CPI", "1"));
        assertThrows(UsageException.class, () -> parse("-t", "0"));
    }

    @Test
    void everyRecordTypeOfSaqueryIsNamedByNameOrAlias() throws UsageException {
        assertEquals(Type.CPI, parse("ClassPortInfo").type());
        assertEquals(Type.SL2VL, parse("sl2vltablerecord", "1/2/3").type());
        assertEquals(List.of("1/2/3"), parse("SL2VL", "1/2/3").arguments());
        assertEquals(Type.PKTR, parse("PKTR").type());
        assertEquals(Type.VLAR, parse("VLArbitrationTableRecord").type());
        assertEquals(Type.IIR, parse("IIR").type());
        assertEquals(Type.IIR, parse("-I").type());
        assertEquals(Type.LFTR, parse("LFTRecord", "2/0").type());
        assertEquals(Type.MFTR, parse("MFTR").type());
        assertEquals(Type.GIR, parse("GUIDInfoRecord").type());
        assertEquals(Command.CLASS_PORT_INFO, parse("-c").command());
    }

    @Test
    void gidsAreReadAsInetPtonReadsThem() throws UsageException {
        SaQueryArgs args = parse("--sgid-to-dgid", "fe80::8:f104:399:3c91-fe80::2");
        assertEquals(Type.PR, args.type());
        assertEquals(0x7F, args.numbPath());
        assertEquals(new Gid(0xfe80_0000_0000_0000L, 0x0008_f104_0399_3c91L), args.gids().sgid());
        assertEquals(new Gid(0xfe80_0000_0000_0000L, 2), args.gids().dgid());
        SaQueryArgs member = parse("MCMR", "--mgid", "ff12:401b:ffff::1", "--mlid", "0xc000", "--gid",
                "::ffff:1.2.3.4");
        assertEquals(new Gid(0xff12_401b_ffff_0000L, 1), member.gids().mgid());
        assertEquals(new Gid(0, 0xffff_0102_0304L), member.gids().portGid());
        assertEquals(0xc000, member.mlid());
        assertNull(member.gids().sgid());
        assertEquals("map", parse("--node-name-map", "map").nodeNameMap());
    }
}
