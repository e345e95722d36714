package org.infiniscope.sm.internal.sa;

import java.util.List;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the SA keeps between requests: multicast groups, services, subscriptions, and the path finder of the subnet it
 * last answered from.
 */
final class SaState {

    private static final Logger LOG = LoggerFactory.getLogger(SaState.class);

    private final MulticastGroups groups = new MulticastGroups();
    private final ServiceRegistry services;
    private final Subscriptions subscriptions = new Subscriptions();
    private final MulticastProgrammer programmer;
    private final int packetLifeTime;
    private volatile Cached cached;

    private record Cached(SubnetView view, PathFinder finder) {
    }

    SaState(MulticastProgrammer programmer, LongSupplier nanos, int packetLifeTime) {
        this.programmer = programmer;
        this.services = new ServiceRegistry(nanos);
        this.packetLifeTime = packetLifeTime;
    }

    MulticastGroups groups() {
        return groups;
    }

    ServiceRegistry services() {
        return services;
    }

    Subscriptions subscriptions() {
        return subscriptions;
    }

    /** @return the path finder of a view, made once per view */
    PathFinder paths(SubnetView view) {
        Cached c = cached;
        if (c == null || c.view != view) {
            c = new Cached(view, new PathFinder(view, packetLifeTime));
            cached = c;
        }
        return c.finder;
    }

    /** Hands the groups' new MFT masks to the SM; a failing programmer costs the SA nothing but a log line. */
    void program(List<MulticastGroups.Change> changes) {
        for (MulticastGroups.Change c : changes) {
            try {
                programmer.program(c.mlid(), c.masks());
            } catch (RuntimeException e) {
                LOG.error("programming the MFTs of MLID 0x{} failed", Integer.toHexString(c.mlid()), e);
            }
        }
    }
}
