package org.infiniscope.ui.topology.internal.path;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * Opens a transport of the view's own on the fabric shown, through the installed {@link ChannelProvider} services
 * (highest {@code service.ranking} first, as {@code ChannelProvider} says), so that reading LFTs never waits behind
 * the connection's sweeps. The embedded simulator hands every channel of one specification the same fabric.
 */
public final class FabricTransports {

    private final BundleContext context;

    public FabricTransports(BundleContext context) {
        this.context = context;
    }

    /**
     * @param fabric the fabric's specification ({@code sim:ft3:12}, {@code umad}, …)
     * @return a transport; close it when done
     * @throws IOException when no provider handles the specification or the channel cannot be opened
     */
    public MadTransport open(String fabric) throws IOException {
        Collection<ServiceReference<ChannelProvider>> refs;
        try {
            refs = context.getServiceReferences(ChannelProvider.class, null);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<ServiceReference<ChannelProvider>> ordered = new ArrayList<>(refs);
        ordered.sort((a, b) -> b.compareTo(a)); // ServiceReference order: ranking, then registration
        for (ServiceReference<ChannelProvider> ref : ordered) {
            ChannelProvider provider = context.getService(ref);
            if (provider == null) {
                continue;
            }
            try {
                if (provider.handles(fabric)) {
                    MadChannel channel = provider.open(fabric);
                    try {
                        return MadTransports.over(channel, new TransportConfig(8, 8));
                    } catch (IOException | RuntimeException e) {
                        channel.close();
                        throw e;
                    }
                }
            } finally {
                context.ungetService(ref);
            }
        }
        throw new IOException("no installed channel provider handles '" + fabric + "'");
    }
}
