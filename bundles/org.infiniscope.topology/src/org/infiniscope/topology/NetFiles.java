package org.infiniscope.topology;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Set;

import org.infiniscope.topology.internal.IbnetdiscoverWriter;
import org.infiniscope.topology.internal.NetParser;
import org.infiniscope.topology.internal.NetWriter;

/**
 * Reads and writes topology files: ibsim's net format and ibnetdiscover's output (which ibsim, and this reader,
 * also accept).
 * <p>
 * The reader follows ibsim 0.10's {@code sim_net.c}: {@code Switch|Hca|Ca|Rt N "name"} headers (with
 * ibnetdiscover's {@code # "desc" enhanced port 0 lid 1 lmc 0} tail), {@code [port] "peer"[peerport]} lines with
 * optional {@code w=}, {@code s=}, {@code e=} masks and ibnetdiscover's {@code (guid)} and {@code # ... lid 2 4xQDR}
 * comments; {@code switchguid=}, {@code caguid=}, {@code rtguid=} (or {@code +N}, relative), {@code sysimgguid=},
 * {@code vendid=} (one node each), {@code devid=} (every later node), global {@code width=}, {@code speed=},
 * {@code extspeed=}, {@code include FILE} (relative to the including file; cycles refused) and {@code do CMD} (kept
 * in {@link NetFile#consoleCommands()}, not run). Without GUID lines, GUIDs count up as ibsim's do: CAs from
 * 0x100000, switches from 0x200000, routers from 0; a switch takes one GUID, a CA or router one per port plus one.
 * Both ends of a cable must list each other, as ibsim requires. Unlike ibsim, an unrecognised line is an error.
 */
public final class NetFiles {

    private NetFiles() {
    }

    /**
     * Reads a net file or ibnetdiscover output.
     *
     * @throws IOException when the file itself cannot be read
     * @throws TopologyFormatException when it, or a file it includes, is malformed or cannot be read
     */
    public static NetFile read(Path file) throws IOException, TopologyFormatException {
        return NetParser.read(file);
    }

    /**
     * Reads text in either format; {@code include} lines resolve against {@code baseDir} (null: they are errors).
     *
     * @param name what error messages call the text, as a file name
     */
    public static NetFile parse(String name, String text, Path baseDir) throws TopologyFormatException {
        return NetParser.parse(name, text, baseDir);
    }

    /** Writes ibsim's net format, which {@link #parse} reads back to an equal {@link NetFile}. */
    public static void write(NetFile file, Appendable out) throws IOException {
        NetWriter.write(file, out);
    }

    /** @return the topology in ibsim's net format */
    public static String toNetText(Topology topology) {
        StringBuilder out = new StringBuilder();
        try {
            NetWriter.write(NetFile.of(topology), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not throw
        }
        return out.toString();
    }

    /**
     * Prints what {@code ibnetdiscover} prints for this fabric: nodes named by GUID, descriptions and LIDs from the
     * file (LID 0 without them), cables left out when either end is in {@code down}, the nodes reachable from
     * {@code from} in ibnetdiscover's order.
     *
     * @param from where ibnetdiscover runs (a switch's port 0 or a CA's port); null for the first node, ibsim's
     *        default attach point
     * @throws IllegalArgumentException when {@code from} names no node of the topology
     * @param generatedOn the text after {@code # Topology file: generated on } (ibnetdiscover puts the date there)
     */
    public static void writeIbnetdiscover(NetFile file, Set<PortRef> down, PortRef from, String generatedOn,
            Appendable out) throws IOException {
        IbnetdiscoverWriter.write(file, down, from, generatedOn, out);
    }
}
