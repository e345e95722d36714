package org.infiniscope.lab.umad;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadChannels;
import org.infiniscope.mad.wire.Bits;

/**
 * The transport's throughput on a directed-route sweep of the whole fabric, the job ibnetdiscover does: NodeInfo
 * of every node, NodeDescription of every new node and PortInfo of every switch port, with a given number of SMPs
 * in flight. Run by {@code bench/umad-vs-ibnetdiscover.sh} under umad2sim; prints one line:
 * {@code umad window=W mads=N nodes=K cold=S1 seconds=S}: the first sweep's time, and the best of the later ones.
 */
public final class UmadBench {

    private static final int NODE_DESCRIPTION = 0x10;
    private static final int SWITCH = 2;

    private final MadTransport transport;
    private final Set<Long> nodes = ConcurrentHashMap.newKeySet();
    private final AtomicInteger mads = new AtomicInteger();
    private final AtomicInteger outstanding = new AtomicInteger();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    private UmadBench(MadTransport transport) {
        this.transport = transport;
    }

    /**
     * @param args the window, and how many sweeps to run in this JVM (default 5): the first runs cold, the best
     *        of the others is the figure compared
     */
    public static void main(String[] args) throws Exception {
        int window = Integer.parseInt(args[0]);
        int sweeps = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        try (MadTransport transport = MadTransports.over(UmadChannels.open("umad"),
                new TransportConfig(window, window))) {
            double cold = 0;
            double best = Double.MAX_VALUE;
            UmadBench bench = null;
            for (int i = 0; i < sweeps; i++) {
                bench = new UmadBench(transport);
                double seconds = bench.sweep();
                cold = i == 0 ? seconds : cold;
                best = i == 0 && sweeps > 1 ? best : Math.min(best, seconds);
            }
            System.out.printf("umad window=%d mads=%d nodes=%d cold=%.4f seconds=%.4f%n", window, bench.mads.get(),
                    bench.nodes.size(), cold, best);
        }
    }

    private double sweep() throws Exception {
        long start = System.nanoTime();
        visit(new int[0]);
        done.get(10, TimeUnit.MINUTES);
        if (failure.get() != null) {
            throw new IllegalStateException("the sweep failed", failure.get());
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private void visit(int[] path) {
        send(Mads.NODE_INFO, 0, path, nodeInfo -> {
            long guid = Bits.u64(nodeInfo, Mads.SMP_DATA + 12);
            if (!nodes.add(guid)) {
                return;
            }
            send(NODE_DESCRIPTION, 0, path, description -> {
            });
            int ports = Bits.u8(nodeInfo, Mads.SMP_DATA + 3);
            if (Bits.u8(nodeInfo, Mads.SMP_DATA + 2) == SWITCH) {
                for (int port = 1; port <= ports; port++) {
                    int out = port;
                    send(Mads.PORT_INFO, port, path, portInfo -> {
                        int state = Bits.u8(portInfo, Mads.SMP_DATA + 32) & 0x0F;
                        if (state > 1) { // not Down: a link to follow
                            visit(extend(path, out));
                        }
                    });
                }
            } else if (path.length == 0) {
                visit(extend(path, Bits.u8(nodeInfo, Mads.SMP_DATA + 36))); // out of our own HCA port
            }
        });
    }

    private static int[] extend(int[] path, int port) {
        int[] longer = Arrays.copyOf(path, path.length + 1);
        longer[path.length] = port;
        return longer;
    }

    private void send(int attributeId, int modifier, int[] path, java.util.function.Consumer<byte[]> then) {
        outstanding.incrementAndGet();
        mads.incrementAndGet();
        MadRequest request = MadRequest.of(Mads.directedRouteGet(attributeId, modifier, path),
                new MadAddress(Mad.PERMISSIVE_LID, Mad.SMI_QP, 0, 0, 0, null));
        transport.send(request).whenComplete((MadResponse answer, Throwable error) -> {
            try {
                if (error != null) {
                    failure.compareAndSet(null, error);
                } else if ((Bits.u16(answer.mad(), 4) & 0x7FFF) == 0) {
                    then.accept(answer.mad());
                }
            } finally {
                if (outstanding.decrementAndGet() == 0) {
                    done.complete(null);
                }
            }
        });
    }
}
