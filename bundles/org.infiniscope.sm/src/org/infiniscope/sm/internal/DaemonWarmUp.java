package org.infiniscope.sm.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;

/**
 * The SM's warm-up in the one-shot daemon (a runtime started with {@code infiniscope.daemon.socket}), so that an
 * {@code sm} it serves reaches SUBNET UP without the first run's costs: once the framework has started, at the lowest
 * priority, it opens and closes the SM's port on the daemon's fabric (the daemon keeps a closed port open for the
 * next user, its local port read, a few thousand SMPs sent to its own node, and the native calls are linked), then brings up a few small embedded simulated fabrics with the SM
 * (printed nowhere, recorded nowhere: neither the audit log nor a guid2lid file of the runtime's), so that the sweep,
 * routing and programming code is compiled. The first {@code sm} run stops it. {@code infiniscope.daemon.warmup=false}
 * (the daemon's own switch) turns it off.
 */
final class DaemonWarmUp implements FrameworkListener {

    /**
     * The embedded fabrics the warm-up brings up, one SM run each: distinct, so each one starts unconfigured; small
     * ones first, then 432- and 288-host fat trees, so that the loops of a larger fabric are compiled too (measured on
     * ibsim: with the small ones alone, the first 432-host sweep in the daemon took twice a cold one-shot JVM's time).
     */
    static final List<String> FABRICS = List.of("sim:ft2:8:4", "sim:ft3:4", "sim:ft2:8:5", "sim:ft3:6", "sim:ft2:8:6",
            "sim:ft2:8:3", "sim:ft3:12", "sim:ft2:24:12");

    /** The SMPs the warm-up sends on the daemon's own port ({@link #sendSmps}), and how many at a time. */
    static final int SMPS = 2048, SMP_BATCH = 64;

    /** Runs one SM invocation (the tool's own run, which the service registry's audit does not see). */
    @FunctionalInterface
    interface Sm {
        int run(ToolInvocation invocation) throws UsageException;
    }

    private final Sm sm;
    private final FabricChannels channels;
    private final String fabric;
    private Thread thread;
    private boolean stopped;

    DaemonWarmUp(Sm sm, FabricChannels channels, String fabric) {
        this.sm = sm;
        this.channels = channels;
        this.fabric = fabric;
    }

    /** @return whether this runtime is a daemon whose fabric is outside it (umad, ibsim) and warm-ups are wanted */
    static boolean wanted(BundleContext context) {
        String fabric = context.getProperty("infiniscope.fabric");
        return context.getProperty("infiniscope.daemon.socket") != null
                && !"false".equals(context.getProperty("infiniscope.daemon.warmup")) && fabric != null
                && !fabric.isBlank() && !FabricChannels.isSimulator(fabric);
    }

    /** Starts once the framework has started (every provider and engine is there), or now when it has. */
    void startWhenUp(BundleContext context) {
        if (context.getBundle(0).getState() == Bundle.ACTIVE) {
            start();
        } else {
            context.addFrameworkListener(this);
        }
    }

    @Override
    public void frameworkEvent(FrameworkEvent event) {
        if (event.getType() == FrameworkEvent.STARTED) {
            start();
        }
    }

    synchronized void start() {
        if (thread != null || stopped) {
            return;
        }
        thread = new Thread(this::warmUp, "infiniscope-sm-warmup");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    /** Stops the warm-up and waits for its end (an SM is about to use the port). */
    void stop() {
        Thread t;
        synchronized (this) {
            stopped = true;
            t = thread;
        }
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        t.interrupt();
        try {
            t.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Sends {@link #SMPS} NodeInfo Gets to the port's own node (no hop: nothing else on the fabric sees them), a
     * window's worth in flight, so that the path every SMP of an SM's sweep takes on this kind of port (the native
     * send, the receive thread, the transport's matching) is compiled when the SM runs: the embedded fabrics below
     * take other channels, and a small fabric's first sweep (about 360 SMPs on a 22-node one) is over before that
     * path would be compiled. It stops early when a command waits for the port.
     */
    private void sendSmps(MadTransport port, MadChannel channel) throws InterruptedException {
        Smps smps = new Smps(port, 0, Duration.ofMillis(500), 0);
        // a command waiting for the port (under umad2sim a process holds it once at a time) goes first
        for (int sent = 0; sent < SMPS && !stopping() && !channel.contended(); sent += SMP_BATCH) {
            List<CompletableFuture<?>> batch = new ArrayList<>();
            for (int i = 0; i < SMP_BATCH; i++) {
                batch.add(smps.get(new int[0], NodeInfo.CODEC, 0));
            }
            FabricReader.join(batch);
        }
    }

    /**
     * Opens and closes the SM's port: kept open for the SM's run. Its local port is read as the SM's start reads it
     * (under umad2sim: the fake sysfs, an agent, the receive threads and a PortInfo SMP to the port itself), so that
     * this code runs compiled, and its native calls linked, when the SM starts (measured under load: 40 ms of its
     * start); then the SMPs ({@link #sendSmps}).
     */
    private void warmUpPort() throws InterruptedException {
        MadChannel channel;
        try {
            Optional<ChannelProvider> provider = channels.providerFor(fabric);
            if (provider.isEmpty()) {
                return; // the SM's run will say what is wrong with the fabric
            }
            channel = provider.get().open(fabric);
        } catch (IOException | RuntimeException e) {
            return;
        }
        try (MadTransport port = MadTransports.over(channel, new TransportConfig(16, 16))) {
            port.localPort();
            sendSmps(port, channel);
        } catch (IOException | RuntimeException e) {
            // the SM's run will say what is wrong with the fabric
        } finally {
            channel.close(); // idempotent: the transport's close closed it, unless the transport was not made
        }
    }

    private synchronized boolean stopping() {
        return stopped || Thread.currentThread().isInterrupted();
    }

    private void warmUp() {
        try {
            warmUpPort();
        } catch (InterruptedException e) {
            return; // an SM to run
        }
        Path scratch = null;
        PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
        try {
            scratch = Files.createTempDirectory("infiniscope-sm-warmup-");
            for (int i = 0; i < FABRICS.size() && !stopping(); i++) {
                sm.run(new ToolInvocation(List.of("--fabric", FABRICS.get(i), "--once", "--sweep-interval", "0",
                        "--guid2lid", scratch.resolve("guid2lid-" + i).toString()), nowhere, nowhere));
            }
        } catch (IOException | UsageException | RuntimeException e) {
            // a warm-up is worth no error
        } finally {
            if (scratch != null) {
                try (var files = Files.list(scratch)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
                    Files.deleteIfExists(scratch);
                } catch (IOException e) {
                    // a temporary folder left behind
                }
            }
        }
    }
}
