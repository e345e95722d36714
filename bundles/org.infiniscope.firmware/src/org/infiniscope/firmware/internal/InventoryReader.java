package org.infiniscope.firmware.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;

import org.infiniscope.discovery.DiscoveredNode;
import org.infiniscope.discovery.Discovery;
import org.infiniscope.discovery.DiscoveryException;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.infiniscope.discovery.DiscoveredPort;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.firmware.FirmwareInventory;
import org.infiniscope.firmware.NodeFirmware;
import org.infiniscope.firmware.NodeFirmware.Answer;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.vendor.MellanoxGeneralInfo;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.osgi.service.component.annotations.Component;

/**
 * Sends one GeneralInfo Get to every node's LID, at most {@code window} outstanding, and sorts the answers into
 * versions and the reasons for none.
 */
@Component(service = FirmwareInventory.class)
public final class InventoryReader implements FirmwareInventory {

    private record Ranked(ChannelProvider provider, int ranking, long id) {
    }

    private final Map<Long, Ranked> providers = new ConcurrentHashMap<>();
    private volatile Discovery discovery;

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        long id = (Long) reference.getProperty(Constants.SERVICE_ID);
        providers.put(id, new Ranked(provider,
                reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0, id));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        providers.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setDiscovery(Discovery discovery) {
        this.discovery = discovery;
    }

    void unsetDiscovery(Discovery gone) {
        if (this.discovery == gone) {
            this.discovery = null;
        }
    }

    @Override
    public List<NodeFirmware> read(String fabric, int window, Duration timeout, int retries)
            throws IOException, InterruptedException {
        Discovery sweeper = discovery;
        if (sweeper == null) {
            throw new IOException("no discovery service is installed");
        }
        ChannelProvider provider = providers.values().stream()
                .sorted(Comparator.comparingInt(Ranked::ranking).reversed().thenComparingLong(Ranked::id))
                .map(Ranked::provider).filter(p -> p.handles(fabric)).findFirst()
                .orElseThrow(() -> new IOException("no installed provider handles fabric '" + fabric + "'"));
        MadChannel channel = provider.open(fabric);
        MadTransport transport;
        try {
            transport = MadTransports.over(channel, new TransportConfig(window, window));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw new IOException("cannot start the MAD transport on '" + fabric + "': " + e.getMessage(), e);
        }
        try (transport) {
            if (transport.localPort().lid() == 0) {
                throw new IOException("the local port has no LID: no SM has configured the fabric");
            }
            FabricSnapshot snapshot = sweeper.sweep(transport,
                    new SweepOptions(Math.min(window, 64), timeout, retries));
            return read(transport, snapshot, window, timeout, retries);
        } catch (DiscoveryException e) {
            throw new IOException("discover failed: " + e.getMessage(), e);
        }
    }

    @Override
    public List<NodeFirmware> read(MadTransport transport, FabricSnapshot snapshot, int window, Duration timeout,
            int retries) throws InterruptedException {
        if (window < 1) {
            throw new IllegalArgumentException("window " + window + " must be at least 1");
        }
        Semaphore slots = new Semaphore(window);
        List<CompletableFuture<NodeFirmware>> pending = new ArrayList<>();
        for (DiscoveredNode node : snapshot.nodes()) {
            int lid = lid(node);
            if (lid == 0) {
                pending.add(CompletableFuture
                        .completedFuture(entry(node, 0, Answer.NO_LID, 0, "", "", "no port of the node has a LID")));
                continue;
            }
            slots.acquire();
            byte[] mad = VendorMad
                    .get(MellanoxGeneralInfo.MGMT_CLASS, 1, VendorMad.NO_OUI, MellanoxGeneralInfo.ATTRIBUTE_ID, 0, 0)
                    .encode();
            CompletableFuture<MadResponse> sent;
            try {
                sent = transport.send(new MadRequest(mad, MadAddress.gsi(lid), timeout, retries));
            } catch (RuntimeException e) {
                slots.release();
                throw e;
            }
            pending.add(sent.handle((response, failure) -> {
                slots.release();
                return failure == null ? decode(node, lid, response) : failed(node, lid, failure);
            }));
        }
        List<NodeFirmware> result = new ArrayList<>(pending.size());
        for (CompletableFuture<NodeFirmware> f : pending) {
            try {
                result.add(f.get());
            } catch (ExecutionException e) {
                throw new IllegalStateException("an inventory answer failed to be sorted", e.getCause());
            }
        }
        return List.copyOf(result);
    }

    /** @return the LID to ask: a switch's port 0, a CA's or router's first port with one */
    static int lid(DiscoveredNode node) {
        for (DiscoveredPort p : node.ports()) {
            if (p.lid() != 0 && (!node.isSwitch() || p.number() == 0)) {
                return p.lid();
            }
        }
        return 0;
    }

    private static NodeFirmware entry(DiscoveredNode node, int lid, Answer answer, int deviceId, String version,
            String psid, String detail) {
        return new NodeFirmware(node.nodeGuid(), node.isSwitch(), node.description(), lid, answer, deviceId, version,
                psid, detail);
    }

    private static NodeFirmware decode(DiscoveredNode node, int lid, MadResponse response) {
        byte[] mad = response.mad();
        int status = Bits.u16(mad, 4) & ~MadStatus.DIRECTION;
        if (status != MadStatus.OK) {
            return entry(node, lid, Answer.UNSUPPORTED, 0, "", "", String.format("MAD status 0x%04x", status));
        }
        try {
            MellanoxGeneralInfo info = MellanoxGeneralInfo.CODEC.decode(mad, VendorMad.RANGE1_DATA_OFFSET);
            MellanoxGeneralInfo.Version v = info.firmwareVersion();
            return entry(node, lid, Answer.OK, info.hardware().deviceId(),
                    v.major() + "." + v.minor() + "." + v.subMinor(), info.firmware().psid(), "");
        } catch (MadFormatException | IllegalArgumentException e) {
            return entry(node, lid, Answer.MALFORMED, 0, "", "", e.getMessage());
        }
    }

    private static NodeFirmware failed(DiscoveredNode node, int lid, Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause()
                : failure;
        if (cause instanceof MadTimeoutException) {
            return entry(node, lid, Answer.NO_ANSWER, 0, "", "", "no GeneralInfo answer (vendor class 0x0A)");
        }
        return entry(node, lid, Answer.NO_ANSWER, 0, "", "",
                cause.getClass().getSimpleName() + ": " + cause.getMessage());
    }
}
