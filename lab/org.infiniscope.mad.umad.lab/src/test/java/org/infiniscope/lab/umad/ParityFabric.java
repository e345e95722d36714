package org.infiniscope.lab.umad;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.infiniscope.topology.Link;
import org.infiniscope.topology.NetFile;
import org.infiniscope.topology.NetFiles;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologyFormatException;

/**
 * A fabric both servers serve in a parity run: a net file in the scratch folder (copied from this module's test
 * resources, or a generated topology written out in ibsim's net format) and what the run needs to know of it.
 *
 * @param name what folders and messages call it
 * @param net the net file
 * @param file the file as read back
 * @param hosts the single-port CAs whose port 1 is cabled, in file order: OpenSM runs on the first, the tools on
 *        the second
 * @param switches the switches, in file order
 */
record ParityFabric(String name, Path net, NetFile file, List<String> hosts, List<String> switches) {

    /** ibsim's default limits; a larger fabric needs -N, -S and -P. */
    private static final int IBSIM_NODES = 2048, IBSIM_SWITCHES = 256;

    /** @param resource a net file of this module's test resources, such as {@code fabrics/ft2-16.net} */
    static ParityFabric resource(Path scratch, String resource) throws IOException {
        Path net = Files.createDirectories(scratch).resolve(Path.of(resource).getFileName());
        try (InputStream in = ParityFabric.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no test resource " + resource);
            }
            Files.copy(in, net);
        }
        return of(Path.of(resource).getFileName().toString().replaceFirst("\\.net$", ""), net);
    }

    /** Writes a generated topology (from {@code org.infiniscope.topology.Generators}) as a net file. */
    static ParityFabric generated(Path scratch, String name, Topology topology) throws IOException {
        Path net = Files.writeString(Files.createDirectories(scratch).resolve(name + ".net"),
                NetFiles.toNetText(topology));
        return of(name, net);
    }

    private static ParityFabric of(String name, Path net) throws IOException {
        NetFile file;
        try {
            file = NetFiles.read(net);
        } catch (TopologyFormatException e) {
            throw new IOException(net + ": " + e.getMessage(), e);
        }
        Topology topology = file.topology();
        List<String> hosts = topology.nodes().stream()
                .filter(n -> n.type() == NodeType.CA && n.portCount() == 1 && cabled(topology, n)).map(Node::name)
                .toList();
        List<String> switches = topology.nodes().stream().filter(Node::isSwitch).map(Node::name).toList();
        if (hosts.size() < 2) {
            throw new IOException(net + ": a parity run needs two cabled single-port CAs, found " + hosts);
        }
        return new ParityFabric(name, net, file, hosts, switches);
    }

    private static boolean cabled(Topology topology, Node node) {
        for (Link link : topology.links()) {
            if (link.a().equals(node.name()) || link.b().equals(node.name())) {
                return true;
            }
        }
        return false;
    }

    /** @return whether ibsim needs its limits raised for this fabric */
    boolean large() {
        return file.topology().nodes().size() > IBSIM_NODES || switches.size() > IBSIM_SWITCHES;
    }

    /** @return the node OpenSM attaches to */
    String smHost() {
        return hosts.getFirst();
    }

    /** @return the node the tools attach to */
    String toolHost() {
        return hosts.get(1);
    }

    /** @return what ibnetdiscover prints for a node: its NodeDescription */
    String description(String node) {
        return file.description(node);
    }
}
