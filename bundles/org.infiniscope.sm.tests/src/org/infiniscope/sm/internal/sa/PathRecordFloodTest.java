package org.infiniscope.sm.internal.sa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.Test;

/**
 * A flood of PathRecord queries: beyond the SA's bounded queue each request is answered BUSY at once, the SM's own
 * MADs on the same transport keep flowing meanwhile, and the queued requests are answered once the SA catches up.
 * Also measures PathRecord queries a second from a client on the embedded simulator (printed, never asserted).
 */
class PathRecordFloodTest {

    private static final long LIDS = PathRecord.Components.SLID | PathRecord.Components.DLID;

    private static byte[] query(int method, long tid, int slid, int dlid) {
        byte[] data = new byte[SaMad.DATA_LENGTH];
        PathRecord.CODEC.encode(PathRecord.betweenLids(slid, dlid), data, 0);
        MadHeader h = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, method, 0, 0, tid,
                PathRecord.ATTRIBUTE_ID, 0);
        return new SaMad(h, SaHeader.withComponents(LIDS), data).encode();
    }

    @Test
    void beyondTheQueueRequestsAreBusyAndTheSmKeepsGoing() throws Exception {
        SimSubnet sim = SimSubnet.up(Generators.fatTree2(2, 1, 2));
        CountDownLatch stalled = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Subnet subnet = sim.subnet();
        // the SA's one thread stalls inside its first request, as a slow answer would
        MadTransport saTransport = MadTransports.over(sim.fabric.openChannel(sim.sm), new TransportConfig(64, 64));
        SaServer sa = new SaServer(saTransport, () -> {
            stalled.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return subnet;
        }, MulticastProgrammer.NONE, SaServer.Config.DEFAULT.withQueue(1, 4));
        sa.start();
        try (MadTransport client = MadTransports.over(sim.fabric.openChannel(sim.fabric.attachPoint("h00003", 1)),
                new TransportConfig(64, 64))) {
            int a = sim.lid("h00003");
            int b = sim.lid("h00004");
            List<CompletableFuture<MadResponse>> answers = new ArrayList<>();
            answers.add(client.send(new MadRequest(query(Method.GET, 1, a, b), MadAddress.gsi(subnet.smLid()),
                    Duration.ofSeconds(30), 0)));
            assertTrue(stalled.await(10, TimeUnit.SECONDS), "the SA took the first request");
            for (int i = 2; i <= 20; i++) {
                answers.add(client.send(new MadRequest(query(Method.GET, i, a, b), MadAddress.gsi(subnet.smLid()),
                        Duration.ofSeconds(30), 0)));
            }
            SaFixture.await(() -> sa.statistics().busy() == 15, Duration.ofSeconds(10),
                    "15 requests beyond the thread and its queue of 4 answered BUSY");

            // the SM's own directed-route SMP on the same transport is answered while the SA is stuck
            byte[] smp = Smp.directedRoute(Method.GET, 0, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1}, new byte[0])
                    .encode();
            MadResponse nodeInfo = saTransport
                    .send(new MadRequest(smp, MadAddress.directedRoute(), Duration.ofSeconds(2), 1))
                    .get(10, TimeUnit.SECONDS);
            assertNotNull(Smp.decode(nodeInfo.mad()).attribute(NodeInfo.CODEC));

            release.countDown();
            int ok = 0;
            int busy = 0;
            for (CompletableFuture<MadResponse> f : answers) {
                int status = SaFixture.status(f.get(30, TimeUnit.SECONDS).mad());
                if (status == 0) {
                    ok++;
                } else {
                    assertEquals(MadStatus.BUSY, status);
                    busy++;
                }
            }
            assertEquals(5, ok, "the stalled request and the 4 queued ones");
            assertEquals(15, busy);
        } finally {
            release.countDown();
            sa.close();
            saTransport.close();
        }
    }

    @Test
    void measurePathRecordQueriesPerSecond() throws Exception {
        SimSubnet sim = SimSubnet.up(Generators.fatTree2(4, 2, 4));
        try (SaFixture fx = new SaFixture(sim)) {
            List<SimSubnet.End> hosts = sim.hosts();
            StringBuilder report = new StringBuilder();
            for (int window : new int[]{1, 16, 64}) {
                for (int method : new int[]{Method.GET_TABLE, Method.GET}) {
                    MadTransport client = fx.client("h00016", new TransportConfig(window, window));
                    int n = 10000;
                    warm(client, sim, hosts, method, 2000);
                    long start = System.nanoTime();
                    List<CompletableFuture<MadResponse>> answers = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        int a = sim.lid(hosts.get(i % hosts.size()));
                        int b = sim.lid(hosts.get((i * 7 + 3) % hosts.size()));
                        answers.add(client.send(new MadRequest(query(method, i, a, b),
                                MadAddress.gsi(sim.subnet().smLid()), Duration.ofSeconds(5), 3)));
                    }
                    for (CompletableFuture<MadResponse> f : answers) {
                        assertEquals(0, SaFixture.status(f.get(60, TimeUnit.SECONDS).mad()));
                    }
                    double seconds = (System.nanoTime() - start) / 1e9;
                    report.append(String.format(Locale.ROOT,
                            "SA PathRecord %s, %d in flight: %d queries in %.2f s = %.0f queries/s%n",
                            Method.name(method), window, n, seconds, n / seconds));
                }
            }
            report.append(handlerAlone(sim, hosts));
            System.out.print(report);
            write(report.toString());
        }
    }

    /** The SA's own share: PathRecord Gets answered by its handler directly, no transport, no fabric. */
    private static String handlerAlone(SimSubnet sim, List<SimSubnet.End> hosts) {
        SaHandler handler = new SaHandler(new SaState(MulticastProgrammer.NONE, System::nanoTime, 0x12), 1 << 16);
        SubnetView view = new SubnetView(sim.subnet());
        int n = 400_000;
        long checksum = 0;
        long start = 0;
        for (int i = -100_000; i < n; i++) {
            if (i == 0) {
                start = System.nanoTime();
            }
            int a = sim.lid(hosts.get(Math.floorMod(i, hosts.size())));
            int b = sim.lid(hosts.get(Math.floorMod(i * 7 + 3, hosts.size())));
            byte[] data = new byte[SaMad.DATA_LENGTH];
            PathRecord.CODEC.encode(PathRecord.betweenLids(a, b), data, 0);
            MadHeader h = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Method.GET, 0,
                    0, i, PathRecord.ATTRIBUTE_ID, 0);
            byte[] answer = handler.answer(new SaRequest(h, SaHeader.withComponents(LIDS), data, MadAddress.gsi(a)),
                    view);
            checksum += answer[SaMad.DATA_OFFSET + 41];
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(checksum != 0, "the answers carry DLIDs");
        return String.format(Locale.ROOT,
                "SA handler alone (one thread, no transport): %d PathRecord Gets in %.2f s" + " = %.0f queries/s%n", n,
                seconds, n / seconds);
    }

    private static void warm(MadTransport client, SimSubnet sim, List<SimSubnet.End> hosts, int method, int n)
            throws Exception {
        List<CompletableFuture<MadResponse>> answers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            answers.add(client
                    .send(new MadRequest(query(method, i, sim.lid(hosts.get(i % hosts.size())), sim.lid(hosts.get(0))),
                            MadAddress.gsi(sim.subnet().smLid()), Duration.ofSeconds(5), 3)));
        }
        for (CompletableFuture<MadResponse> f : answers) {
            f.get(60, TimeUnit.SECONDS);
        }
    }

    private static void write(String text) throws IOException {
        Path out = Path.of("target", "sa-pathrecord-rate.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, "Absolute figures (no peer in this run): our client, our SA, the embedded simulator"
                + " on this machine.\n" + text);
    }
}
