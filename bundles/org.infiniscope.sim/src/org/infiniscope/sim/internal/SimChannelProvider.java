package org.infiniscope.sim.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.NetFiles;
import org.infiniscope.topology.Topologies;
import org.infiniscope.topology.Topology;
import org.infiniscope.topology.TopologyFormatException;
import org.infiniscope.topology.TopologySpec;
import org.infiniscope.topology.TopologySpecException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The channels of the embedded simulated fabric: {@code sim[:TOPOLOGY][@NODE[:PORT]]}. TOPOLOGY is a generator
 * specification ({@code ft2:4:2:8}, see {@link TopologySpec}) or the path of an ibsim net file or ibnetdiscover
 * output; without one, the built-in fabric ({@link Topologies#defaultFabric()}). The attach point defaults to the
 * first CA's port 1, as ibsim's {@code SIM_HOST}; a switch attaches at its management port 0. One fabric per
 * TOPOLOGY for the runtime's life ({@link EmbeddedFabrics}), so every channel sees the same fabric (an SM's changes
 * and {@code simfault}'s included).
 */
@Component(service = ChannelProvider.class)
public final class SimChannelProvider implements ChannelProvider {

    private final EmbeddedFabrics fabrics;

    /** A provider with fabrics of its own (tests). */
    public SimChannelProvider() {
        this(new EmbeddedFabrics());
    }

    /** The provider of a runtime: its fabrics are the ones {@code simfault} changes. */
    @Activate
    public SimChannelProvider(@Reference EmbeddedFabrics fabrics) {
        this.fabrics = fabrics;
    }

    @Override
    public boolean handles(String fabric) {
        return fabric.equals("sim") || fabric.startsWith("sim:") || fabric.startsWith("sim@");
    }

    @Override
    public MadChannel open(String fabric) throws IOException {
        if (!handles(fabric)) {
            throw new IOException("--fabric " + fabric + ": expected sim[:TOPOLOGY][@NODE[:PORT]]");
        }
        String rest = fabric.substring(3);
        String attach = null;
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            attach = rest.substring(at + 1);
            rest = rest.substring(0, at);
            if (attach.isEmpty()) {
                throw new IOException("--fabric " + fabric + ": no node after '@'");
            }
        }
        if (rest.equals(":")) {
            throw new IOException("--fabric " + fabric + ": no topology after 'sim:'");
        }
        String topology = rest.isEmpty() ? "" : rest.substring(1);
        SimFabric sim = fabrics.fabric(topology, fabric);
        if (attach == null) {
            return bringUpFirst(sim.openChannel(sim.defaultAttachPoint()), topology);
        }
        String node = attach;
        int port = 1;
        int colon = attach.lastIndexOf(':');
        if (colon > 0 && attach.substring(colon + 1).matches("[0-9]{1,3}")) {
            node = attach.substring(0, colon);
            port = Integer.parseInt(attach.substring(colon + 1));
        } else if (sim.topology().node(attach).map(n -> n.isSwitch()).orElse(false)) {
            port = 0; // a switch's channel sends from its management port
        }
        try {
            return bringUpFirst(sim.openChannel(sim.attachPoint(node, port)), topology);
        } catch (IllegalArgumentException e) {
            throw new IOException("--fabric " + fabric + ": " + e.getMessage(), e);
        }
    }

    /** In a runtime with a {@link org.infiniscope.sim.SimBringUp}: LID-routed MADs find the fabric brought up. */
    private SimChannel bringUpFirst(SimChannel channel, String topology) {
        return fabrics.mayBringUp(topology) ? channel.beforeLidRouted(() -> fabrics.bringUp(topology)) : channel;
    }

    static Topology load(String topology, String fabric) throws IOException {
        if (topology.isEmpty()) {
            return Topologies.defaultFabric();
        }
        try {
            if (TopologySpec.isSpec(topology)) {
                return TopologySpec.parse(topology);
            }
            return NetFiles.read(Path.of(topology)).topology();
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException(
                    "--fabric " + fabric + ": no topology file " + topology + " (nor a generator such as ft2:4:2:8)",
                    e);
        } catch (TopologySpecException | TopologyFormatException e) {
            throw new IOException("--fabric " + fabric + ": " + e.getMessage(), e);
        }
    }
}
