package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/**
 * The SM's warm-up in the one-shot daemon: one {@code --once} run on each of its embedded simulated fabrics, with a
 * guid2lid file of its own that is gone afterwards, and no further run once an SM is to run; before them, SMPs on the
 * daemon's own port.
 */
class DaemonWarmUpTest {

    @Test
    void bringsUpEachWarmUpFabricOnceWithAGuid2lidFileOfItsOwn() throws Exception {
        List<List<String>> runs = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(DaemonWarmUp.FABRICS.size());
        DaemonWarmUp warmUp = new DaemonWarmUp(invocation -> {
            runs.add(invocation.args());
            done.countDown();
            return 0;
        }, new FabricChannels(), "ibsim:nowhere@h00001");
        warmUp.start();
        assertTrue(done.await(30, TimeUnit.SECONDS), "runs: " + runs);
        warmUp.stop();
        assertEquals(DaemonWarmUp.FABRICS.size(), runs.size());
        for (int i = 0; i < runs.size(); i++) {
            List<String> args = runs.get(i);
            assertEquals(
                    List.of("--fabric", DaemonWarmUp.FABRICS.get(i), "--once", "--sweep-interval", "0", "--guid2lid"),
                    args.subList(0, 6));
            assertTrue(FabricChannels.isSimulator(args.get(1)), args.toString());
            assertFalse(Files.exists(Path.of(args.get(6)).getParent()), "the warm-up's folder is left: " + args);
        }
    }

    /**
     * Before the embedded fabrics' runs, the warm-up sends its SMPs on the daemon's own port (a NodeInfo of its own
     * node each), through a provider of that fabric as the SM's runs open it.
     */
    @Test
    void sendsSmpsOnTheDaemonsPortBeforeTheEmbeddedRuns() throws Exception {
        assertEquals(DaemonWarmUp.SMPS, nodeInfosBeforeTheFirstRun(false));
    }

    /**
     * A command waiting for the daemon's port (under umad2sim a process holds a port once at a time) goes before the
     * warm-up's SMPs: the warm-up sends none while its port is wanted, and closes it.
     */
    @Test
    void aCommandWaitingForThePortStopsTheSmps() throws Exception {
        assertEquals(0, nodeInfosBeforeTheFirstRun(true), "NodeInfo Gets sent while a command waited for the port");
    }

    /**
     * Runs a warm-up whose daemon port is a simulated one, a command waiting for it or not.
     *
     * @return the NodeInfo Gets sent on that port when the first embedded run starts
     */
    private static long nodeInfosBeforeTheFirstRun(boolean waitedFor) throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:4:2:4"));
        List<SimSm.CountingChannel> opened = new CopyOnWriteArrayList<>();
        FabricChannels channels = new FabricChannels();
        channels.add(new ChannelProvider() {
            @Override
            public boolean handles(String fabric) {
                return fabric.equals("test:port");
            }

            @Override
            public MadChannel open(String fabric) {
                SimSm.CountingChannel c = new SimSm.CountingChannel(sim.openChannel(sim.defaultAttachPoint()));
                c.waitedFor = waitedFor;
                opened.add(c);
                return c;
            }
        }, 0, 1);
        List<Long> nodeInfosAtFirstRun = new CopyOnWriteArrayList<>();
        CountDownLatch ran = new CountDownLatch(1);
        DaemonWarmUp warmUp = new DaemonWarmUp(invocation -> {
            if (nodeInfosAtFirstRun.isEmpty()) {
                nodeInfosAtFirstRun.add(opened.stream().mapToLong(c -> c.gets(NodeInfo.ATTRIBUTE_ID)).sum());
            }
            ran.countDown();
            return 0;
        }, channels, "test:port");
        warmUp.start();
        assertTrue(ran.await(60, TimeUnit.SECONDS), "an embedded run");
        warmUp.stop();
        assertEquals(1, opened.size(), "the daemon's port opened once");
        assertEquals(1, nodeInfosAtFirstRun.size());
        return nodeInfosAtFirstRun.get(0);
    }

    @Test
    void anSmToRunStopsIt() throws Exception {
        List<String> fabrics = new CopyOnWriteArrayList<>();
        CountDownLatch running = new CountDownLatch(1);
        DaemonWarmUp warmUp = new DaemonWarmUp(invocation -> {
            fabrics.add(invocation.args().get(1));
            running.countDown();
            try {
                new CountDownLatch(1).await(); // an SM run, until interrupted
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        }, new FabricChannels(), "umad");
        warmUp.start();
        assertTrue(running.await(30, TimeUnit.SECONDS));
        warmUp.stop();
        assertEquals(List.of(DaemonWarmUp.FABRICS.get(0)), fabrics, "runs after the stop");
        warmUp.start();
        assertEquals(1, fabrics.size(), "a stopped warm-up does not start again");
    }
}
