package org.infiniscope.lab.umad;

import java.nio.file.Files;
import java.nio.file.Path;

import org.infiniscope.topology.NetFiles;
import org.infiniscope.topology.TopologySpec;
import org.infiniscope.topology.TopologySpecException;

/**
 * Writes a generated fabric ({@code ft3:24}, {@code random:8:24:1}, ...) in ibsim's net format, for the bench
 * scripts that serve the same fabric from ibsim and from {@code ./infiniscope simulate}.
 * <p>
 * Usage: {@code WriteNet SPEC FILE}
 */
public final class WriteNet {

    private WriteNet() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: WriteNet SPEC FILE");
            System.exit(2);
        }
        try {
            Files.writeString(Path.of(args[1]), NetFiles.toNetText(TopologySpec.parse(args[0])));
        } catch (TopologySpecException e) {
            System.err.println(e.getMessage());
            System.exit(2);
        }
    }
}
