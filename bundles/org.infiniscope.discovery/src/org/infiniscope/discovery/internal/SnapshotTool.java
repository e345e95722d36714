package org.infiniscope.discovery.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.NodeNameMap;
import org.infiniscope.discovery.NodeNameMapException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;

/**
 * A tool that sweeps the fabric, as {@code discover} does, and prints from the snapshot. The components
 * ({@link HostsTool}, {@link SwitchesTool}, {@link LinkinfoTool}) declare their own references and hand the channel
 * providers to {@link #provide}.
 */
abstract class SnapshotTool implements ConsoleTool {

    private final String defaultFabric;
    private final String folder;
    private final Discovery discovery;
    private final FabricChannels channels = new FabricChannels();

    SnapshotTool(String defaultFabric, Discovery discovery) {
        this(defaultFabric, null, discovery);
    }

    /** @param folder the folder file arguments are relative to ({@link DiscoverTool#FOLDER_PROPERTY}), null: the JVM's */
    SnapshotTool(String defaultFabric, String folder, Discovery discovery) {
        this.folder = folder;
        this.defaultFabric = defaultFabric;
        this.discovery = discovery;
    }

    /** A provider with its ranking, as its component's reference gets it. */
    final void provide(ChannelProvider provider, int ranking, long serviceId) {
        channels.add(provider, ranking, serviceId);
    }

    /** For tests: a provider with ranking 0. */
    final void provide(ChannelProvider provider, long serviceId) {
        channels.add(provider, 0, serviceId);
    }

    final void withdraw(long serviceId) {
        channels.remove(serviceId);
    }

    /** @return the tool's own flags: each spelling to its canonical name */
    abstract Map<String, String> flags();

    /** @return the output of the snapshot, given the tool's flags, naming nodes by the map */
    abstract String print(FabricSnapshot snapshot, Set<String> flags, NodeNameMap names);

    @Override
    public final int run(ToolInvocation invocation) throws UsageException {
        SweepArgs args = SweepArgs.parse(name(), invocation.args(), flags());
        PrintWriter err = invocation.err();
        String fabric = args.fabric() != null ? args.fabric() : defaultFabric;
        if (fabric == null || fabric.isBlank()) {
            throw new UsageException("no fabric: give --fabric " + FabricChannels.CHOICES
                    + " (or set INFINISCOPE_FABRIC for ./infiniscope)");
        }
        Optional<ChannelProvider> provider = channels.providerFor(fabric);
        if (provider.isEmpty()) {
            throw new UsageException("unknown fabric '" + fabric + "': expected " + FabricChannels.CHOICES
                    + " (no installed provider handles it)");
        }
        String prefix = "infiniscope " + name() + ": ";
        NodeNameMap names;
        try {
            names = NodeNameMap.open(args.nodeNameMap() == null ? null : Files2.resolve(folder, args.nodeNameMap()));
        } catch (IOException e) {
            err.println(prefix + "cannot read " + Files2.describe(e));
            return ExitStatus.FAILURE;
        } catch (NodeNameMapException e) {
            err.println(prefix + e.getMessage());
            return ExitStatus.FAILURE;
        }
        MadChannel channel;
        try {
            channel = provider.get().open(fabric);
        } catch (IOException e) {
            err.println(prefix + "cannot open fabric '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        FabricSnapshot snapshot;
        int window = args.options().window();
        MadTransport transport;
        try {
            // directed-route SMPs all go to the permissive LID: the per-destination window must not throttle them
            transport = MadTransports.over(channel, new TransportConfig(window, window));
        } catch (IOException | RuntimeException e) {
            channel.close();
            err.println(prefix + "cannot start the MAD transport on '" + fabric + "': " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        try (transport;
                ProgressLine progress = ProgressLine.of(name(), err, args.flags().contains(SweepArgs.PROGRESS),
                        invocation.property(ProgressLine.PROPERTY))) {
            snapshot = discovery.sweep(transport, args.options(), progress);
        } catch (DiscoveryException e) {
            err.println(prefix + e.getMessage());
            return ExitStatus.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(prefix + "interrupted");
            return ExitStatus.FAILURE;
        }
        PrintWriter out = invocation.out();
        out.print(print(snapshot, args.flags(), names));
        out.flush();
        return ExitStatus.OK;
    }
}
