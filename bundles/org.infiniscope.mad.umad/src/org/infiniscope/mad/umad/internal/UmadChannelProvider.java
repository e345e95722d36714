package org.infiniscope.mad.umad.internal;

import java.util.Map;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.umad.UmadChannels;
import org.infiniscope.mad.umad.UmadException;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The channels libibumad reaches: {@code umad} and {@code umad:CA:PORT} on a real HCA, and
 * {@code ibsim:SOCKET[@NODE]}, the same library redirected by umad2sim to an ibsim-protocol server.
 * <p>
 * In the one-shot daemon (framework property {@value #DAEMON_PROPERTY} set) or with {@value #KEEP_OPEN_PROPERTY}
 * {@code true}, a port is kept open from one channel to the next ({@link KeptPorts}): the daemon serves one
 * configuration (fabric, environment, and for ibsim the server's control socket), so the next command opens the same
 * port.
 */
@Component(service = ChannelProvider.class)
public final class UmadChannelProvider implements ChannelProvider {

    /** Framework property: {@code true} keeps ports open between channels, {@code false} never. */
    public static final String KEEP_OPEN_PROPERTY = "infiniscope.umad.keep-open";
    /** The one-shot daemon's framework property (its socket): ports are kept open there unless said otherwise. */
    static final String DAEMON_PROPERTY = "infiniscope.daemon.socket";

    private final Map<String, String> environment;
    private volatile KeptPorts kept;

    /** The provider of this process, which checks this process's environment. */
    public UmadChannelProvider() {
        this(System.getenv());
    }

    UmadChannelProvider(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    @Activate
    void activate(BundleContext context) {
        String keepOpen = context.getProperty(KEEP_OPEN_PROPERTY);
        if (keepOpen == null ? context.getProperty(DAEMON_PROPERTY) != null : Boolean.parseBoolean(keepOpen)) {
            keepPortsOpen();
        }
    }

    /** From now on, a channel's close keeps its port open for the next channel of the same specification. */
    void keepPortsOpen() {
        if (kept == null) {
            // under umad2sim, two ports of one process would share one ibsim client: one at a time
            kept = new KeptPorts(spec -> UmadChannel.open(UmadLibrary.system(), spec),
                    Umad2sim.of(environment).isPresent(), KeptPorts.WAIT_MILLIS);
        }
    }

    @Deactivate
    void deactivate() {
        KeptPorts ports = kept;
        kept = null;
        if (ports != null) {
            ports.close();
        }
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
            return openSpec("umad");
        }
        return openSpec(fabric);
    }

    private MadChannel openSpec(String spec) throws UmadException {
        KeptPorts ports = kept;
        return ports != null ? ports.open(spec) : UmadChannels.open(spec);
    }
}
