package org.infiniscope.ui.tests;

import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.Optional;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.cm.sim.SimCm;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.sim.SimVerbsProvider;

/**
 * Two hosts of the application's simulated fabric connected through the CM, as an rdma_cm application does it: a
 * listener on the server, resolve address and route (the SA's path record), connect, accept, established.
 */
final class CmPair implements AutoCloseable {

    static final int SERVICE_PORT = 7471;
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private final SimVerbsProvider verbs;
    private final SimCm cm;
    private final Arena arena = Arena.ofShared();
    private final CmEventChannel clientEvents;
    private final CmEventChannel serverEvents;
    final CmId listener;
    final CmId client;
    final CmId server;
    final QueuePair clientQp;
    final QueuePair serverQp;

    CmPair(String spec, String from, String to) throws Exception {
        var fabric = RcFlow.fabric(spec);
        verbs = new SimVerbsProvider(fabric);
        cm = new SimCm(fabric, verbs, CmOptions.DEFAULT);
        cm.routesFromSa(Duration.ofSeconds(2)); // our SM's SA answers the PathRecord, as on a real subnet
        RdmaCm serverCm = cm.host(to);
        RdmaCm clientCm = cm.host(from);
        serverEvents = serverCm.createEventChannel();
        clientEvents = clientCm.createEventChannel();
        listener = serverCm.createId(serverEvents, PortSpace.TCP);
        listener.bind(null, 0, SERVICE_PORT);
        listener.listen(4);
        client = clientCm.createId(clientEvents, PortSpace.TCP);
        client.resolveAddr(new CmAddress.ByNode(to, SERVICE_PORT), DEADLINE);
        expect(clientEvents, CmEventType.ADDR_RESOLVED);
        client.resolveRoute(DEADLINE);
        expect(clientEvents, CmEventType.ROUTE_RESOLVED);
        clientQp = qp(client);
        client.connect(ConnParam.of(new byte[]{1}));
        CmEvent request = expect(serverEvents, CmEventType.CONNECT_REQUEST);
        server = request.id();
        serverQp = qp(server);
        server.accept(ConnParam.of(new byte[]{2}));
        expect(clientEvents, CmEventType.ESTABLISHED);
        expect(serverEvents, CmEventType.ESTABLISHED);
    }

    private static QueuePair qp(CmId id) throws Exception {
        ProtectionDomain pd = id.context().orElseThrow().allocPd();
        CompletionQueue cq = id.context().orElseThrow().createCq(64, null, 0);
        return id.createQp(pd, new QpInitAttr(QpType.RC, cq, cq, null, new QpCap(16, 16, 1, 1, 0), false));
    }

    private static CmEvent expect(CmEventChannel channel, CmEventType type) throws Exception {
        Optional<CmEvent> e = channel.get(DEADLINE);
        if (e.isEmpty()) {
            throw new AssertionError("no CM event within " + DEADLINE + ", expected " + type);
        }
        channel.ack(e.get());
        if (e.get().type() != type) {
            throw new AssertionError("expected " + type + ", got " + e.get());
        }
        return e.get();
    }

    @Override
    public void close() {
        clientEvents.close();
        serverEvents.close();
        cm.close();
        verbs.close();
        arena.close();
    }
}
