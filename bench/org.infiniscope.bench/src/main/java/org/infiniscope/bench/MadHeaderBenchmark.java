package org.infiniscope.bench;

import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.MadFormatException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Encode + decode of the common MAD header: the floor under every codec. Absolute figures, no peer. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MadHeaderBenchmark {

    private final byte[] mad = new byte[256];
    private final MadHeader header = new MadHeader(1, MgmtClass.PERF_MGT, 1, Method.GET, 0, 0, 0x1234L, 0x12, 0);

    @Benchmark
    public MadHeader encodeDecode() throws MadFormatException {
        header.encode(mad, 0);
        return MadHeader.decode(mad, 0);
    }
}
