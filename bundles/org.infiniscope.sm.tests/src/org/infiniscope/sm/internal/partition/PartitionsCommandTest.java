package org.infiniscope.sm.internal.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartitionsCommandTest {

    @TempDir
    Path folder;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        return new PartitionsCommand(folder).run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void addsListsShowsAndRemovesKeepingComments() throws Exception {
        assertEquals(0, run("add", "Default=0x7fff,ipoib", "ALL=full"), err());
        Path file = folder.resolve(PartitionsCommand.DEFAULT_FILE);
        Files.writeString(file, Files.readString(file) + "# storage nodes\n");
        assertEquals(0, run("add", "Storage=0x8001", "0x0008f10400000101=full", "0x0008f10400000201"), err());
        assertEquals(0, run("add", "Storage=0x8001", "SELF=both"), err());
        assertEquals(0, run("list"), err());
        assertEquals("""
                Default 0x7fff ipoib: ALL=full
                Storage 0x0001: 0x0008f10400000101=full, 0x0008f10400000201=limited, SELF=both
                """, out());
        assertEquals(0, run("show", "0x1", "--json"), err());
        assertEquals("{\"name\":\"Storage\",\"pkey\":\"0x0001\",\"ipoib\":false,\"members\":"
                + "[\"0x0008f10400000101=full\",\"0x0008f10400000201=limited\",\"SELF=both\"],\"lines\":[3,4]}\n",
                out());
        assertEquals(0, run("remove", "Storage", "0x0008f10400000201"), err());
        assertEquals("""
                Default=0x7fff,ipoib: ALL=full ;
                # storage nodes
                Storage=0x8001: 0x0008f10400000101=full ;
                Storage=0x8001: SELF=both ;
                """, Files.readString(file));
        assertEquals(0, run("remove", "0x8001"), err());
        assertEquals("Default=0x7fff,ipoib: ALL=full ;\n# storage nodes\n", Files.readString(file));
        assertEquals(0, run("validate"), err());
        assertTrue(out().contains("valid, 1 statements"), out());
    }

    @Test
    void refusesToWriteAnInvalidFileAndValidateNamesTheLine() throws Exception {
        Path file = folder.resolve("sub/p.conf");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "Default=0x7fff: ALL=full;\n");
        assertEquals(1, run("add", "Bad=0x9", "0xnothex", "--file", "sub/p.conf"));
        assertTrue(err().contains("expected a port GUID"), err());
        assertEquals("Default=0x7fff: ALL=full;\n", Files.readString(file));
        assertEquals(2, run("add", "NoPkey", "ALL", "--file", "sub/p.conf"));
        Files.writeString(file, "Default=0x7fff: ALL=full;\nX=0x2 ALL;\n");
        assertEquals(1, run("validate", "--file", "sub/p.conf"));
        assertEquals(file + ":2:10: expected ':' after the partition definition 'X=0x2 ALL' "
                + "(Name=PKEY[,flags]: members;)\n", err());
        assertEquals(1, run("remove", "Default", "--file", "sub/p.conf"));
        assertEquals("Default=0x7fff: ALL=full;\nX=0x2 ALL;\n", Files.readString(file));
        assertEquals(2, run("frobnicate"));
        assertEquals(1, run("validate", "--file", "missing.conf"));
    }
}
