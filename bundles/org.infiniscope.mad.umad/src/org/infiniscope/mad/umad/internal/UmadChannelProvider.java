package org.infiniscope.mad.umad.internal;

import java.util.Map;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.umad.UmadChannels;
import org.infiniscope.mad.umad.UmadException;
import org.osgi.service.component.annotations.Component;

/**
 * The channels libibumad reaches: {@code umad} and {@code umad:CA:PORT} on a real HCA, and
 * {@code ibsim:SOCKET[@NODE]}, the same library redirected by umad2sim to an ibsim-protocol server.
 */
@Component(service = ChannelProvider.class)
public final class UmadChannelProvider implements ChannelProvider {

    private final Map<String, String> environment;

    /** The provider of this process, which checks this process's environment. */
    public UmadChannelProvider() {
        this(System.getenv());
    }

    UmadChannelProvider(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    @Override
    public boolean handles(String fabric) {
        return fabric.equals("umad") || fabric.startsWith("umad:") || fabric.equals("ibsim")
                || fabric.startsWith("ibsim:");
    }

    @Override
    public MadChannel open(String fabric) throws UmadException {
        if (fabric.equals("ibsim") || fabric.startsWith("ibsim:")) {
            IbsimSpec.parse(fabric).checkEnvironment(environment);
            // under umad2sim, libibumad sees one CA: the node ibsim attached this process to
            return UmadChannels.open("umad");
        }
        return UmadChannels.open(fabric);
    }
}
