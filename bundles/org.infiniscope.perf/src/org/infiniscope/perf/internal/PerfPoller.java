package org.infiniscope.perf.internal;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.UsageException;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PollOptions;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sweeps the counters on a schedule while the runtime runs: the fabric configured (else {@code --fabric}) every
 * {@code intervalSeconds}, one sweep at a time (a sweep that overruns delays the next). Off until configured with an
 * interval above 0: through Configuration Admin, or by the framework properties {@code serve} sets from its
 * environment ({@link #INTERVAL}, {@link #WINDOW}, {@link #RESET}), which win. A sweep that fails is logged and the
 * schedule goes on.
 */
// immediate: nothing asks for this service; it must run by itself (it does nothing without an interval)
@Component(service = PerfPoller.class, immediate = true, configurationPid = "org.infiniscope.perf.poller", configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = PerfPoller.Config.class)
public final class PerfPoller {

    private static final Logger LOG = LoggerFactory.getLogger(PerfPoller.class);

    /** The schedule's settings. */
    @ObjectClassDefinition(name = "Infiniscope performance polling")
    public @interface Config {
        @AttributeDefinition(description = "the fabric to sweep; empty: the runtime's --fabric")
        String fabric() default "";

        @AttributeDefinition(description = "seconds between the end of a sweep and the start of the next; 0: off")
        int intervalSeconds() default 0;

        @AttributeDefinition(description = "PMA queries in flight")
        int inFlight() default 64;

        @AttributeDefinition(description = "clear a port's PortCounters when one passes 3/4 of its maximum")
        boolean resetNearSaturation() default false;
    }

    /** Framework property: seconds between sweeps ({@code serve}'s {@code INFINISCOPE_PERF_INTERVAL}). */
    static final String INTERVAL = "infiniscope.perf.interval";
    /** Framework property: PMA queries in flight ({@code INFINISCOPE_PERF_WINDOW}). */
    static final String WINDOW = "infiniscope.perf.window";
    /** Framework property: {@code true} to clear counters near saturation ({@code INFINISCOPE_PERF_RESET}). */
    static final String RESET = "infiniscope.perf.reset";

    private final ScheduledExecutorService timer;

    @Activate
    public PerfPoller(BundleContext context, @Reference PerfManager manager,
            @Reference(target = "(component.name=org.infiniscope.perf.internal.PerfTool)") ConsoleTool tool,
            Config config) {
        this((PerfTool) tool, manager,
                config.fabric().isBlank() ? context.getProperty(PerfTool.FABRIC_PROPERTY) : config.fabric(),
                Duration.ofSeconds(number(context.getProperty(INTERVAL), config.intervalSeconds(), INTERVAL)),
                new PollOptions(Math.max(1, number(context.getProperty(WINDOW), config.inFlight(), WINDOW)),
                        PollOptions.DEFAULT.timeout(),
                        context.getProperty(RESET) != null
                                ? Boolean.parseBoolean(context.getProperty(RESET).strip())
                                : config.resetNearSaturation()));
    }

    /** @return the property's number, else {@code otherwise} (a property that is no number is logged) */
    static int number(String property, int otherwise, String name) {
        if (property == null || property.isBlank()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(property.strip());
        } catch (NumberFormatException e) {
            LOG.warn("{}={} is no number: {} is used", name, property, otherwise);
            return otherwise;
        }
    }

    /** For tests: polls {@code fabric} through the tool's channel providers. */
    PerfPoller(PerfTool tool, PerfManager manager, String fabric, Duration interval, PollOptions options) {
        if (interval.isZero() || interval.isNegative() || fabric == null || fabric.isBlank()) {
            timer = null;
            return;
        }
        timer = Executors
                .newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon().name("perf-poller").unstarted(r));
        // the first sweep after one interval too: the channel providers register while the runtime starts
        timer.scheduleWithFixedDelay(() -> {
            try {
                tool.access().sweep(fabric, manager, options);
            } catch (UsageException | FabricAccess.Failure e) {
                LOG.warn("perf poll of {}: {}", fabric, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.warn("perf poll of {} failed", fabric, e);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Deactivate
    void stop() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
