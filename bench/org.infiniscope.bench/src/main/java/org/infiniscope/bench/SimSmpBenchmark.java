package org.infiniscope.bench;

import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Topologies;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Directed-route NodeInfo SMPs served in process by the embedded simulator on one thread: the request walks the
 * built-in fat tree (one hop to a leaf, or three to another leaf through a spine) and the answer walks back. An absolute
 * figure: ibsim serves only over its socket, so its side-by-side run belongs with the ibsim-protocol server.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
public class SimSmpBenchmark {

    private final SimFabric fabric = SimFabric.of(Topologies.defaultFabric());
    private final SimFabric.AttachPoint host = fabric.defaultAttachPoint();
    private final MadAddress to = MadAddress.directedRoute();
    private byte[] oneHop;
    private byte[] threeHops;
    private final byte[] mad = new byte[256];

    @Setup
    public void setUp() {
        oneHop = Smp.directedRoute(Method.GET, 1, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1}, new byte[0]).encode();
        threeHops = Smp.directedRoute(Method.GET, 2, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1, 9, 5}, new byte[0])
                .encode();
    }

    @Benchmark
    public MadAddress nodeInfoOneHop() {
        System.arraycopy(oneHop, 0, mad, 0, 256);
        return fabric.exchange(host, mad, 256, to);
    }

    @Benchmark
    public MadAddress nodeInfoThreeHops() {
        System.arraycopy(threeHops, 0, mad, 0, 256);
        return fabric.exchange(host, mad, 256, to);
    }
}
