package org.infiniscope.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.perf.PerfAttributes;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Encode + decode of the attributes on the hot paths of discovery and the perf manager, in a 256-byte MAD
 * as they travel: SMP NodeInfo and PortInfo (validated SMP, attribute decoded from the MAD bytes) and
 * PerfMgt PortCounters, and SA PathRecord (the SA data starts at byte 56). Absolute figures on one core: no peer codec to run beside. Run with
 * {@code bench/jmh.sh Codec -prof gc} to see the allocation per operation (the result only).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CodecBenchmark {

    private final byte[] smpNodeInfo = new byte[256];
    private final byte[] smpPortInfo = new byte[256];
    private final byte[] pma = new byte[256];
    private NodeInfo nodeInfo;
    private PortInfo portInfo;
    private Object portCounters;
    private final byte[] sa = new byte[256];
    private PathRecord pathRecord;

    @Setup
    public void values() throws MadFormatException {
        Smp.lidRouted(Method.GET_RESP, 0x1234, NodeInfo.CODEC.attributeId(), 0, 0, new byte[64]).encode(smpNodeInfo, 0);
        Smp.lidRouted(Method.GET_RESP, 0x1235, PortInfo.CODEC.attributeId(), 1, 0, new byte[64]).encode(smpPortInfo, 0);
        nodeInfo = sample(NodeInfo.CODEC, 64);
        portInfo = sample(PortInfo.CODEC, 64);
        portCounters = sample(PerfAttributes.PORT_COUNTERS, 64);
        pathRecord = sample(PathRecord.CODEC, 56);
    }

    /** A valid value decoded from random bytes (the first seed whose bytes the codec accepts). */
    private static <T> T sample(AttributeCodec<T> codec, int offset) {
        Random random = new Random(1);
        byte[] buf = new byte[256];
        for (int attempt = 0; attempt < 10_000; attempt++) {
            random.nextBytes(buf);
            try {
                return codec.decode(buf, offset);
            } catch (MadFormatException e) {
                // try the next seed
            }
        }
        throw new IllegalStateException("no random bytes decode as " + codec);
    }

    @Benchmark
    public NodeInfo smpNodeInfo() throws MadFormatException {
        NodeInfo.CODEC.encode(nodeInfo, smpNodeInfo, Smp.DATA_OFFSET);
        return Smp.decodeAttribute(smpNodeInfo, NodeInfo.CODEC);
    }

    @Benchmark
    public PortInfo smpPortInfo() throws MadFormatException {
        PortInfo.CODEC.encode(portInfo, smpPortInfo, Smp.DATA_OFFSET);
        return Smp.decodeAttribute(smpPortInfo, PortInfo.CODEC);
    }

    @Benchmark
    public PathRecord saPathRecord() throws MadFormatException {
        PathRecord.CODEC.encode(pathRecord, sa, 56);
        return PathRecord.CODEC.decode(sa, 56);
    }

    @Benchmark
    @SuppressWarnings("unchecked")
    public Object pmaPortCounters() throws MadFormatException {
        AttributeCodec<Object> codec = (AttributeCodec<Object>) (AttributeCodec<?>) PerfAttributes.PORT_COUNTERS;
        codec.encode(portCounters, pma, 64);
        return codec.decode(pma, 64);
    }
}
