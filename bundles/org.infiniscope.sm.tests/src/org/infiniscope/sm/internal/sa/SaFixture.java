package org.infiniscope.sm.internal.sa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.subnet.Subnet;

/**
 * An SA on a simulated fabric that {@link SimSubnet} brought up: the SA's transport at the SM's port, clients'
 * transports at hosts' ports, and the MFT masks the SA handed to its programmer.
 */
final class SaFixture implements AutoCloseable {

    static final Duration TIMEOUT = Duration.ofSeconds(2);

    /** A programmer that remembers the latest masks of each MLID. */
    static final class RecordingProgrammer implements MulticastProgrammer {
        final Map<Integer, Map<Long, Set<Integer>>> masks = new HashMap<>();
        final List<Integer> calls = new CopyOnWriteArrayList<>();

        @Override
        public synchronized void program(int mlid, Map<Long, Set<Integer>> portsBySwitch) {
            masks.put(mlid, portsBySwitch);
            calls.add(mlid);
        }

        synchronized Map<Long, Set<Integer>> of(int mlid) {
            return masks.getOrDefault(mlid, Map.of());
        }
    }

    final SimSubnet sim;
    final AtomicReference<Subnet> published = new AtomicReference<>();
    final RecordingProgrammer programmer = new RecordingProgrammer();
    final MadTransport saTransport;
    final SaServer sa;
    private final List<MadTransport> clients = new ArrayList<>();
    private long tid = 1;

    SaFixture(SimSubnet sim, SaServer.Config config) throws IOException {
        this.sim = sim;
        published.set(sim.subnet());
        saTransport = MadTransports.over(sim.fabric.openChannel(sim.sm), new TransportConfig(64, 64));
        sa = new SaServer(saTransport, published::get, programmer, config);
        sa.start();
    }

    SaFixture(SimSubnet sim) throws IOException {
        this(sim, SaServer.Config.DEFAULT);
    }

    /** @return a client transport at port 1 of a host */
    MadTransport client(String host) throws IOException {
        return client(host, new TransportConfig(4, 4));
    }

    MadTransport client(String host, TransportConfig config) throws IOException {
        MadTransport t = MadTransports.over(sim.fabric.openChannel(sim.fabric.attachPoint(host, 1)), config);
        clients.add(t);
        return t;
    }

    /** @return the SA's answer to a request (the whole RMPP message for a table) */
    byte[] ask(MadTransport client, int method, int attribute, int modifier, long mask, byte[] data) throws Exception {
        MadHeader h = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, method, 0, 0,
                tid++, attribute, modifier);
        byte[] mad = new SaMad(h, SaHeader.withComponents(mask), data).encode();
        MadResponse r = client.send(new MadRequest(mad, MadAddress.gsi(sim.subnet().smLid()), TIMEOUT, 1)).get(30,
                TimeUnit.SECONDS);
        return r.mad();
    }

    /** @return the records of a GetTable answer, after checking its status is 0 */
    static <T> List<T> table(byte[] answer, AttributeCodec<T> codec) throws Exception {
        assertEquals(0, status(answer), "status of the table answer");
        return SaTable.decode(answer, codec);
    }

    /** @return the one record of a GetResp, after checking its status is 0 */
    static <T> T record(byte[] answer, AttributeCodec<T> codec) throws Exception {
        assertEquals(0, status(answer), "status of the answer");
        return SaMad.decode(answer, 0).record(codec);
    }

    static int status(byte[] answer) {
        return (answer[4] & 0xFF) << 8 | answer[5] & 0xFF;
    }

    /** Waits for a condition with a deadline, checking every millisecond. */
    static void await(BooleanSupplier condition, Duration deadline, String what) {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "not within " + deadline + ": " + what);
            LockSupport.parkNanos(1_000_000);
        }
    }

    SimFabric fabric() {
        return sim.fabric;
    }

    @Override
    public void close() {
        clients.forEach(MadTransport::close);
        sa.close();
        saTransport.close();
    }
}
