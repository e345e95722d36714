package org.infiniscope.sm.internal;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.discovery.Discovery;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.sim.SimBringUp;
import org.infiniscope.sm.SmListener;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.routing.RoutingEngine;
import org.infiniscope.sm.subnet.Subnet;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Brings an embedded simulated fabric of a one-shot runtime up as {@code sm} would (defaults: min-hop, no guid2lid
 * file), so that a one-shot LID-routed tool ({@code perfquery}, {@code smpquery} by LID) finds LIDs and routes, as
 * {@code serve}'s fabric has them from {@link SubnetManagerService}. The SM goes on running after SUBNET UP, for the
 * life of the runtime (the one command): it answers SMInfo as master ({@code sminfo}) and its SA answers queries
 * ({@code saquery}); without a sweep timer, as nothing but the command and its traps changes the fabric. Only in a one-shot runtime (the
 * launcher's {@code infiniscope.cli.args}) of another command than {@code sm}, unless {@value #PROPERTY}{@code =false}; the shell's SM, tests and other
 * runtimes leave the embedded fabrics as they were built.
 */
@Component(service = SimBringUp.class, property = "infiniscope.oneshot=true")
public final class SimBringUpService implements SimBringUp {

    /** The framework property that turns the bring-up off ({@code false}). */
    static final String PROPERTY = "infiniscope.sim.sm";
    /** How long the SM may take to bring a fabric up. */
    static final long TIMEOUT_SECONDS = 60;

    private final FabricChannels channels = new FabricChannels();
    private final RoutingEngines engines = new RoutingEngines();
    private final Discovery discovery;
    private final boolean enabled;
    /** The SMs that brought a fabric up and serve it, with their ports, by fabric; closed at deactivation. */
    private final java.util.Map<String, Running> running = new java.util.concurrent.ConcurrentHashMap<>();

    /** An SM left serving a fabric it brought up. */
    private record Running(MadTransport transport, SmRunner sm) implements AutoCloseable {
        @Override
        public void close() {
            try (MadTransport t = transport; SmRunner s = sm) {
                // the SM first, then its port
            }
        }
    }

    @Activate
    public SimBringUpService(org.osgi.framework.BundleContext context, @Reference Discovery discovery) {
        this(discovery, oneShot(context.getProperty("infiniscope.cli.args"))
                && !"false".equalsIgnoreCase(context.getProperty(PROPERTY)));
    }

    /** @return whether a one-shot command runs, and not {@code sm}, which brings the fabric up itself */
    static boolean oneShot(String args) {
        if (args == null) {
            return false;
        }
        int end = args.indexOf('\u001f');
        return !(end < 0 ? args : args.substring(0, end)).equals("sm");
    }

    SimBringUpService(Discovery discovery, boolean enabled) {
        this.discovery = discovery;
        this.enabled = enabled;
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        channels.add(provider, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        channels.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(service = RoutingEngine.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addEngine(ServiceReference<RoutingEngine> reference, RoutingEngine engine) {
        engines.add(engine, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeEngine(ServiceReference<RoutingEngine> reference) {
        engines.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests: a channel provider and engines without the service registry. */
    void provide(ChannelProvider provider, java.util.List<RoutingEngine> routing) {
        channels.add(provider, 0, 0);
        long id = 1;
        for (RoutingEngine e : routing) {
            engines.add(e, 0, id++);
        }
    }

    private static int ranking(ServiceReference<?> reference) {
        return reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0;
    }

    @Override
    public void bringUp(String fabric) throws IOException {
        if (!enabled || !FabricChannels.isSimulator(fabric) || running.containsKey(fabric)) {
            return;
        }
        SmSettings defaults = SmSettings.defaults(null);
        SmSettings settings = defaults.withTimers(java.time.Duration.ZERO, defaults.pollInterval(),
                defaults.pollRetries());
        CompletableFuture<String> end = new CompletableFuture<>();
        MadTransport transport = channels.open(fabric, settings.window());
        SmRunner sm = new SmRunner(transport, discovery, engines, new FabricPolicy(PolicySettings.defaults(null)),
                settings);
        Running run = new Running(transport, sm);
        boolean serving = false;
        try {
            sm.addListener(new SmListener() {
                private int failed;

                @Override
                public void subnetUp(Subnet subnet) {
                    end.complete(null);
                }

                @Override
                public void swept(SweepReport report) {
                    if (!report.up() && ++failed >= SmTool.ATTEMPTS) {
                        end.complete(report.problem().orElse("the subnet is not up"));
                    }
                }
            });
            sm.start();
            String failure = end.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (failure != null) {
                throw new IOException("the SM could not bring " + fabric + " up: " + failure);
            }
            running.put(fabric, run);
            serving = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the SM brought " + fabric + " up", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("the SM did not bring " + fabric + " up in " + TIMEOUT_SECONDS + " s", e);
        } finally {
            if (!serving) {
                run.close();
            }
        }
    }

    /** @return the SM serving a fabric this service brought up, empty when none does */
    java.util.Optional<SmRunner> serving(String fabric) {
        return java.util.Optional.ofNullable(running.get(fabric)).map(Running::sm);
    }

    /** Stops the SMs (the runtime ends). */
    @Deactivate
    void close() {
        for (String fabric : java.util.List.copyOf(running.keySet())) {
            Running r = running.remove(fabric);
            if (r != null) {
                r.close();
            }
        }
    }
}
