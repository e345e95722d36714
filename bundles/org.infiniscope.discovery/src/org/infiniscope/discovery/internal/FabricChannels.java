package org.infiniscope.discovery.internal;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.mad.transport.ChannelProvider;

/**
 * The {@link ChannelProvider} whiteboard as the tools see it: the first provider, by highest
 * {@code service.ranking} then oldest registration, that handles a fabric specification.
 */
final class FabricChannels {

    /** What a user may give to {@code --fabric} with the providers this product ships. */
    static final String CHOICES = "sim[:TOPOLOGY][@NODE[:PORT]], umad, umad:CA:PORT or ibsim:SOCKET[@NODE]";

    private static final Comparator<Ranked> PRECEDENCE = Comparator.comparingInt(Ranked::ranking).reversed()
            .thenComparingLong(Ranked::serviceId);

    private final List<Ranked> providers = new CopyOnWriteArrayList<>();

    void add(ChannelProvider provider, int ranking, long serviceId) {
        providers.add(new Ranked(provider, ranking, serviceId));
    }

    void remove(long serviceId) {
        providers.removeIf(r -> r.serviceId() == serviceId);
    }

    /** @return the provider for a fabric, empty when none installed handles it */
    Optional<ChannelProvider> providerFor(String fabric) {
        return providers.stream().sorted(PRECEDENCE).map(Ranked::provider).filter(p -> p.handles(fabric)).findFirst();
    }

    private record Ranked(ChannelProvider provider, int ranking, long serviceId) {
    }
}
