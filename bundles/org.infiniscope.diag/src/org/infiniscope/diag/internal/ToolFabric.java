package org.infiniscope.diag.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;

/** Opens the MAD transport of a tool's {@code --fabric}, with the words {@code smpquery} uses when it cannot. */
final class ToolFabric {

    /** What a body does with the transport; returns the exit status. */
    @FunctionalInterface
    interface Body {
        int run(MadTransport transport) throws QueryException;
    }

    private ToolFabric() {
    }

    /**
     * @param tool the tool's name, for messages
     * @param given the {@code --fabric} value, or {@code null}
     * @param defaultFabric the launcher's fabric, or {@code null}
     * @return the exit status
     */
    static int with(String tool, String given, String defaultFabric, FabricChannels channels, PrintWriter err,
            Body body) throws UsageException {
        String fabric = given != null ? given : defaultFabric;
        if (fabric == null || fabric.isBlank()) {
            throw new UsageException("no fabric: give --fabric " + FabricChannels.CHOICES
                    + " (or set INFINISCOPE_FABRIC for ./infiniscope)");
        }
        Optional<ChannelProvider> provider = channels.providerFor(fabric);
        if (provider.isEmpty()) {
            if (FabricChannels.isSimulator(fabric)) {
                err.println("infiniscope " + tool + ": fabric '" + fabric + "': no provider for 'sim' is installed yet"
                        + " (the embedded simulator comes with org.infiniscope.sim); use " + FabricChannels.CHOICES);
                return ExitStatus.UNAVAILABLE;
            }
            throw new UsageException("unknown fabric '" + fabric + "': expected " + FabricChannels.CHOICES
                    + " (no installed provider handles it)");
        }
        MadChannel channel;
        try {
            channel = provider.get().open(fabric);
        } catch (IOException e) {
            err.println("infiniscope " + tool + ": cannot open fabric '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        MadTransport transport;
        try {
            transport = MadTransports.over(channel, TransportConfig.DEFAULT);
        } catch (IOException | RuntimeException e) {
            channel.close();
            err.println(
                    "infiniscope " + tool + ": cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        try (transport) {
            return body.run(transport);
        } catch (QueryException e) {
            err.println("infiniscope " + tool + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
    }
}
