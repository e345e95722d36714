package org.infiniscope.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.MadFormatException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One SA GetTable of 5000 PathRecords (1600 RMPP segments) between two transports over an in-memory loopback
 * without loss, each direction delivered on a thread of its own as a port's receive thread would. Absolute
 * figures: no peer implementation runs over the same loopback. {@code rmppInKernel=true} is the pass-through a
 * kernel doing RMPP gets (one whole payload), for scale.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RmppGetTableBenchmark {

    @Param({"5000"})
    public int records;

    @Param({"false", "true"})
    public boolean rmppInKernel;

    private MadTransport requester;
    private MadTransport responder;
    private byte[] request;

    @Setup(Level.Trial)
    public void open() throws IOException {
        Loop[] loops = Loop.pair(rmppInKernel);
        requester = MadTransports.over(loops[0], TransportConfig.DEFAULT);
        responder = MadTransports.over(loops[1], TransportConfig.DEFAULT);
        List<PathRecord> table = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            table.add(PathRecord.betweenLids(1 + i, 2 + i));
        }
        SaHeader sa = SaHeader.EMPTY.withRmpp(new RmppHeader(RmppHeader.VERSION, RmppHeader.DATA,
                RmppHeader.NO_RESP_TIME, RmppHeader.ACTIVE, 0, 0, 0));
        responder.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.GET_TABLE), true),
                (mad, out) -> {
                    try {
                        out.respond(SaTable.encode(MadHeader.decode(mad.mad(), 0).response(0), sa, PathRecord.CODEC,
                                table));
                    } catch (IOException | MadFormatException e) {
                        throw new IllegalStateException(e);
                    }
                });
        request = SaMad.of(0, Method.GET_TABLE, SaHeader.EMPTY, PathRecord.CODEC, PathRecord.betweenLids(1, 2))
                .encode();
    }

    @TearDown(Level.Trial)
    public void close() {
        requester.close();
        responder.close();
    }

    @Benchmark
    public int getTable() throws Exception {
        byte[] answer = requester.send(MadRequest.of(request, MadAddress.gsi(2))).get(30, TimeUnit.SECONDS).mad();
        if (answer.length != SaMad.DATA_OFFSET + records * PathRecord.LENGTH) {
            throw new IllegalStateException("an answer of " + answer.length + " bytes");
        }
        return answer.length;
    }

    /** Half of an in-memory link: what one end sends, the other receives on the link's delivery thread. */
    static final class Loop implements MadChannel {

        private final int lid;
        private final boolean rmpp;
        private final ExecutorService delivery;
        private volatile Loop peer;
        private volatile Receiver receiver;

        private Loop(int lid, boolean rmpp) {
            this.lid = lid;
            this.rmpp = rmpp;
            this.delivery = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().factory());
        }

        static Loop[] pair(boolean rmppInKernel) {
            Loop a = new Loop(1, rmppInKernel);
            Loop b = new Loop(2, rmppInKernel);
            a.peer = b;
            b.peer = a;
            return new Loop[]{a, b};
        }

        @Override
        public boolean rmppInKernel(int mgmtClass) {
            return rmpp;
        }

        @Override
        public LocalPort localPort() {
            return new LocalPort("loop" + lid, 1, lid, 0, 1, lid);
        }

        @Override
        public void register(int mgmtClass, int classVersion, boolean useRmpp, Set<Integer> unsolicitedMethods) {
        }

        @Override
        public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) {
            byte[] copy = Arrays.copyOf(mad, length);
            MadAddress source = MadAddress.gsi(lid);
            delivery.execute(() -> peer.receiver.received(copy, length, source));
        }

        @Override
        public void start(Receiver r) {
            this.receiver = r;
        }

        @Override
        public void close() {
            delivery.shutdownNow();
        }
    }
}
