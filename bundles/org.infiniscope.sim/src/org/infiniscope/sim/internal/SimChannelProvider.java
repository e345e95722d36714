package org.infiniscope.sim.internal;

import java.io.IOException;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.osgi.service.component.annotations.Component;

/**
 * The channels of the embedded simulated fabric: {@code sim} (the built-in fabric, attached at the first CA's
 * port 1) and {@code sim@NODE[:PORT]}. One built-in fabric per provider, so every channel of a runtime sees the same
 * fabric (an SM's changes included). Topology files and generators ({@code sim:...}) come with the topology bundle.
 */
@Component(service = ChannelProvider.class)
public final class SimChannelProvider implements ChannelProvider {

    private SimFabric builtIn;

    @Override
    public boolean handles(String fabric) {
        return fabric.equals("sim") || fabric.startsWith("sim:") || fabric.startsWith("sim@");
    }

    @Override
    public MadChannel open(String fabric) throws IOException {
        if (fabric.startsWith("sim:")) {
            throw new IOException("--fabric " + fabric + ": topology files and generators (sim:PATH, sim:ft2:...) are"
                    + " not supported yet; use sim or sim@NODE[:PORT] (the built-in fabric)");
        }
        SimFabric sim = builtIn();
        if (fabric.equals("sim")) {
            return sim.openChannel(sim.defaultAttachPoint());
        }
        if (!fabric.startsWith("sim@") || fabric.length() == 4) {
            throw new IOException("--fabric " + fabric + ": expected sim or sim@NODE[:PORT]");
        }
        String at = fabric.substring(4);
        String node = at;
        int port = 1;
        int colon = at.lastIndexOf(':');
        if (colon > 0 && at.substring(colon + 1).matches("[0-9]{1,3}")) {
            node = at.substring(0, colon);
            port = Integer.parseInt(at.substring(colon + 1));
        } else if (sim.topology().node(at).map(n -> n.isSwitch()).orElse(false)) {
            port = 0; // a switch's channel sends from its management port
        }
        try {
            return sim.openChannel(sim.attachPoint(node, port));
        } catch (IllegalArgumentException e) {
            throw new IOException("--fabric " + fabric + ": " + e.getMessage(), e);
        }
    }

    private synchronized SimFabric builtIn() {
        if (builtIn == null) {
            builtIn = SimFabric.of(DefaultFabric.topology());
        }
        return builtIn;
    }
}
