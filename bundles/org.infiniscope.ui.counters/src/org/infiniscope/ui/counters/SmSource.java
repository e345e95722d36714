package org.infiniscope.ui.counters;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SmState;
import org.infiniscope.sm.SweepHistoryEntry;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Where the SM view reads a subnet manager and sends its actions: the local service, or a remote headless runtime over
 * its REST API (File › Connect…). Read off the UI thread. An action the remote runtime refuses (a token whose role
 * lacks it) fails with the server's status and message.
 */
@ProviderType
public interface SmSource extends AutoCloseable {

    /** How many of the SM's last sweeps a {@link Status} lists. */
    int SWEEPS = 20;

    /**
     * The SM as the view shows it.
     *
     * @param running whether there is an SM
     * @param state its state
     * @param priority its priority
     * @param portGuid the port it runs on, 0 before it started
     * @param subnet the subnet it last published
     * @param routingChain the routing engine chain configured now, tried in order (the engine that routed the subnet
     *            is {@link SubnetFacts#routingEngine()}); empty when not known
     * @param sweeps the SM's last sweeps from its own history, newest first, at most {@link SmSource#SWEEPS}
     */
    record Status(boolean running, SmState state, int priority, long portGuid, Optional<SubnetFacts> subnet,
            List<String> routingChain, List<SweepHistoryEntry> sweeps) {

        /** No SM. */
        public static final Status NONE = new Status(false, SmState.NOT_ACTIVE, 0, 0, Optional.empty(), List.of(),
                List.of());

        /** Copies. */
        public Status {
            routingChain = List.copyOf(routingChain);
            sweeps = List.copyOf(sweeps);
        }
    }

    /**
     * What the view shows of a subnet the SM configured.
     *
     * @param sweep its sweep number
     * @param smLid the master SM's LID
     * @param smPortGuid the master SM's port
     * @param subnetPrefix the subnet prefix
     * @param nodes its nodes
     * @param switches of which switches
     * @param links its links
     * @param maxLid the highest LID given
     * @param routingEngine the engine that routed it
     * @param check the route check of its tables, empty until made
     * @param known the SMs it knows
     */
    record SubnetFacts(long sweep, int smLid, long smPortGuid, long subnetPrefix, int nodes, int switches, int links,
            int maxLid, String routingEngine, Optional<RouteCheck> check, List<KnownSmRow> known) {

        /** Copies. */
        public SubnetFacts {
            known = List.copyOf(known);
        }
    }

    /** The route check of a subnet's tables: pairs checked, unreachable and looping pairs, credit loop layers. */
    record RouteCheck(long pairs, long unreachable, long loops, List<Integer> creditLoopLayers) {

        /** Copies. */
        public RouteCheck {
            creditLoopLayers = List.copyOf(creditLoopLayers);
        }

        /** @return whether every pair is reached without a loop and there is no credit loop */
        public boolean ok() {
            return unreachable == 0 && loops == 0 && creditLoopLayers.isEmpty();
        }
    }

    /** An SM the subnet knows: its port, LID, state (by name) and priority. */
    record KnownSmRow(long portGuid, int lid, String state, int priority) {
    }

    /**
     * A sweep's result.
     *
     * @param kind {@code light} or {@code heavy}
     * @param phases how long each phase took
     * @param smps the SMPs it sent
     * @param up whether the subnet is up after it
     * @param problem why not, when it is not
     */
    record Swept(String kind, Map<SmPhase, Duration> phases, long smps, boolean up, Optional<String> problem) {

        /** Copies. */
        public Swept {
            phases = Map.copyOf(phases);
        }
    }

    /** @return what the source reads, for the view: {@code local} or the runtime's address */
    String where();

    /** @return the SM's status now */
    Status status() throws IOException;

    /** @return a heavy sweep, asked for now; it fails with the reason when refused */
    CompletableFuture<Swept> resweep();

    /** @return a reroute, asked for now; it fails with the reason when refused */
    CompletableFuture<Swept> reroute();

    /** Tells this callback of each sweep the SM ends from now on, on any thread. */
    void onSwept(Consumer<Swept> swept);

    /** Tells this callback when the status changed (a remote runtime's event), on any thread; polled otherwise. */
    void onChange(Runnable changed);

    /** Stops following the SM. */
    @Override
    void close();
}
