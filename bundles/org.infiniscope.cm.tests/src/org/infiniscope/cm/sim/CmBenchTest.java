package org.infiniscope.cm.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.verbs.QpType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Figures, not a test: CM connections a second between two simulated hosts (h1 to h2, two switches apart). Each
 * connection is a client's whole round: resolve the address and the route, create the QP, connect until both sides
 * are ESTABLISHED (REQ, REP, RTU, both QPs moved to RTS; the server creates a QP per request), then destroy the
 * identifiers (a DREQ each; DREP and TIMEWAIT run on in the background). Serial (one connection at a time) and with
 * {@value #IN_FLIGHT} in flight. Skipped unless {@code INFINISCOPE_CM_BENCH} is set (bench/cm-connect-sim.sh sets
 * it); an absolute figure: there is no peer CM to run on the simulator.
 */
class CmBenchTest {

    static final int IN_FLIGHT = 16;

    @Test
    @EnabledIfEnvironmentVariable(named = "INFINISCOPE_CM_BENCH", matches = ".+")
    void connectionsPerSecond() throws Exception {
        int n = Integer.parseInt(System.getenv("INFINISCOPE_CM_BENCH"));
        try (CmHosts hosts = new CmHosts(CmOptions.DEFAULT)) {
            Side server = new Side(hosts.cm.host("h2"));
            CmId listener = server.cm.createId(server.channel, PortSpace.TCP);
            listener.bind(null, 0, CmConnectTest.PORT);
            listener.listen(IN_FLIGHT);
            Side client = new Side(hosts.cm.host("h1"));
            run(client, server, n / 4, 1); // warm-up
            run(client, server, n / 4, IN_FLIGHT);
            for (int inFlight : new int[]{1, IN_FLIGHT}) {
                long start = System.nanoTime();
                run(client, server, n, inFlight);
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf("cm-connect sim h1->h2 in-flight %d: %d connections in %.3f s = %.0f connections/s%n",
                        inFlight, n, seconds, n / seconds);
            }
        }
    }

    /** Connects {@code n} times, {@code inFlight} at once; each batch is established on both sides, then closed. */
    private static void run(Side client, Side server, int n, int inFlight) throws Exception {
        for (int done = 0; done < n; done += inFlight) {
            int batch = Math.min(inFlight, n - done);
            List<CmId> ids = new ArrayList<>();
            for (int i = 0; i < batch; i++) {
                CmId id = client.cm.createId(client.channel, PortSpace.TCP);
                id.resolveAddr(new CmAddress.ByNode("h2", CmConnectTest.PORT), Side.DEADLINE);
                until(client, CmEventType.ADDR_RESOLVED);
                id.resolveRoute(Side.DEADLINE);
                until(client, CmEventType.ROUTE_RESOLVED);
                client.qp(id, QpType.RC);
                ids.add(id);
            }
            CompletableFuture<List<CmId>> accepted = CompletableFuture.supplyAsync(() -> accept(server, batch));
            for (CmId id : ids) {
                id.connect(ConnParam.of());
            }
            for (int i = 0; i < batch; i++) {
                until(client, CmEventType.ESTABLISHED);
            }
            List<CmId> children = accepted.get();
            for (CmId id : ids) {
                id.close();
                id.qp().orElseThrow().close();
            }
            for (CmId child : children) {
                child.close();
                child.qp().orElseThrow().close();
            }
        }
    }

    /** Waits for an event of a type, passing over what the closing of earlier connections sent. */
    private static void until(Side side, CmEventType type) throws InterruptedException {
        while (true) {
            CmEvent e = side.channel.get(Side.DEADLINE)
                    .orElseThrow(() -> new AssertionError(side.cm.host() + ": no " + type));
            side.channel.ack(e);
            if (e.type() == type) {
                return;
            }
        }
    }

    private static List<CmId> accept(Side server, int batch) {
        try {
            List<CmId> children = new ArrayList<>();
            int established = 0;
            while (established < batch) {
                Optional<CmEvent> e = server.channel.get(Side.DEADLINE);
                CmEvent event = e.orElseThrow(() -> new AssertionError("the server got no event"));
                server.channel.ack(event);
                if (event.type() == CmEventType.CONNECT_REQUEST) {
                    server.qp(event.id(), QpType.RC);
                    event.id().accept(ConnParam.of());
                    children.add(event.id());
                } else if (event.type() == CmEventType.ESTABLISHED) {
                    established++;
                }
            }
            assertEquals(batch, children.size());
            return children;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
