package org.infiniscope.perf.internal;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.SweepSummary;

/**
 * From a {@code --fabric} specification to a sweep of the counters: the {@link ChannelProvider} whiteboard (highest
 * {@code service.ranking}, then oldest, that handles the specification), a transport, a discovery sweep for the
 * topology, then the perf manager's sweep.
 */
final class FabricAccess {

    static final String CHOICES = "sim, umad, umad:CA:PORT or ibsim:SOCKET[@NODE]";

    private record Ranked(ChannelProvider provider, int ranking, long serviceId) {
    }

    private final List<Ranked> providers = new CopyOnWriteArrayList<>();

    void add(ChannelProvider provider, int ranking, long serviceId) {
        providers.add(new Ranked(provider, ranking, serviceId));
    }

    void remove(long serviceId) {
        providers.removeIf(r -> r.serviceId() == serviceId);
    }

    /** A failure that the command reports in one line. */
    static final class Failure extends Exception {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }
    }

    /**
     * Opens the fabric, discovers it and sweeps its counters once.
     *
     * @throws UsageException when no provider handles the fabric
     * @throws Failure when the fabric cannot be opened, has no LID here, or discovery fails
     */
    SweepSummary sweep(String fabric, PerfManager manager, PollOptions options)
            throws UsageException, Failure, InterruptedException {
        if (fabric == null || fabric.isBlank()) {
            throw new UsageException("no fabric: give --fabric " + CHOICES + " (or set INFINISCOPE_FABRIC)");
        }
        Optional<ChannelProvider> provider = providers.stream()
                .sorted(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::serviceId))
                .map(Ranked::provider).filter(p -> p.handles(fabric)).findFirst();
        if (provider.isEmpty()) {
            throw new UsageException("unknown fabric '" + fabric + "': expected " + CHOICES);
        }
        MadChannel channel;
        try {
            channel = provider.get().open(fabric);
        } catch (IOException e) {
            throw new Failure("cannot open fabric '" + fabric + "': " + e.getMessage());
        }
        int window = options.inFlight();
        MadTransport transport;
        try {
            transport = MadTransports.over(channel, new TransportConfig(window, window));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw new Failure("cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
        }
        try (transport) {
            if (transport.localPort().lid() == 0) {
                throw new Failure("this port has no LID: no SM has configured the fabric, and the counters are read"
                        + " with LID-routed MADs");
            }
            FabricSnapshot snapshot = discovery.sweep(transport,
                    new SweepOptions(Math.min(window, 64), options.timeout(), 3));
            return manager.sweep(transport, snapshot, options);
        } catch (IOException e) {
            throw new Failure("cannot read the local port: " + e.getMessage());
        } catch (DiscoveryException e) {
            throw new Failure("discover failed: " + e.getMessage());
        }
    }

    private final Discovery discovery;

    FabricAccess(Discovery discovery) {
        this.discovery = discovery;
    }
}
