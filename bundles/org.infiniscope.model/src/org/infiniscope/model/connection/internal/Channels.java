package org.infiniscope.model.connection.internal;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;

/**
 * The {@link ChannelProvider} whiteboard: the first provider, by highest {@code service.ranking} then oldest
 * registration, that handles a fabric specification (as the tools and the SM choose).
 */
final class Channels {

    static final String CHOICES = "sim[:TOPOLOGY][@NODE[:PORT]], umad, umad:CA:PORT, ibsim:SOCKET[@NODE] or snapshot:FILE";

    private record Ranked(ChannelProvider provider, int ranking, long serviceId) {
    }

    private static final Comparator<Ranked> PRECEDENCE = Comparator.comparingInt(Ranked::ranking).reversed()
            .thenComparingLong(Ranked::serviceId);

    private final List<Ranked> providers = new CopyOnWriteArrayList<>();

    void add(ChannelProvider provider, int ranking, long serviceId) {
        providers.add(new Ranked(provider, ranking, serviceId));
    }

    void remove(long serviceId) {
        providers.removeIf(r -> r.serviceId() == serviceId);
    }

    Optional<ChannelProvider> providerFor(String fabric) {
        return providers.stream().sorted(PRECEDENCE).map(Ranked::provider).filter(p -> p.handles(fabric)).findFirst();
    }

    /**
     * Opens a transport on a fabric with {@code window} SMPs in flight, all to the permissive LID.
     *
     * @throws IOException when no provider handles the fabric or it cannot be opened (the message says why)
     */
    MadTransport open(String fabric, int window) throws IOException {
        ChannelProvider provider = providerFor(fabric).orElseThrow(
                () -> new IOException("no installed provider handles '" + fabric + "' (expected " + CHOICES + ")"));
        MadChannel channel = provider.open(fabric);
        try {
            return MadTransports.over(channel, new TransportConfig(window, window));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    static boolean isSimulator(String fabric) {
        return fabric.equals("sim") || fabric.startsWith("sim:") || fabric.startsWith("sim@");
    }
}
